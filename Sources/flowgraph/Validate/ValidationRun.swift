import FlowGraphCore
import FlowGraphYAML

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Validates a set of flow files as the user sees them: each file that no
/// other file of the set imports is a root; a file only imported is checked
/// through its importer (so a library of flows with no `entry` of its own is
/// not reported as `missing-entry`); each finding is reported once.
struct ValidationRun {
  /// What validating a set of files gave.
  struct Outcome {
    var diagnostics: [Diagnostic]
    var sources: [String: String]
    var fileCount: Int
    /// The files that could not be read, each with the line printed for it
    /// on standard error (`error: cannot read …`, or `PATH: error: …` for a
    /// damaged compiled graph).
    var unreadable: [UnreadablePath]
  }

  let loader: FlowGraphLoader

  func validate(_ files: [String]) -> Outcome {
    var loaded: [(file: String, result: LoadedFlows)] = []
    var unreadable: [UnreadablePath] = []
    for file in files {
      if file == FlowFileFinder.standardInput {
        let result = validateStandardInput()
        ProcessLifetime.keep(result)
        loaded.append((Self.standardInputName, result))
        continue
      }
      if Console.isStream(file) {
        // A pipe or FIFO is read once: no look at its head first, and no
        // second read for the excerpts of its findings.
        guard let data = Console.readStream(atPath: file) else {
          unreadable.append(UnreadablePath(file: file, printed: "error: cannot read '\(file)'"))
          continue
        }
        let result = loader.validated(loader.load(bytes: Array(data), file: file))
        ProcessLifetime.keep(result)
        loaded.append((file, result))
        continue
      }
      if GraphSource.isCompiledGraph(file) {
        switch GraphSource.decodeCompiled(file) {
        case .success(let graph):
          let result = LoadedFlows(
            graph: graph, diagnostics: Validator().validate(graph), sources: [:])
          ProcessLifetime.keep(result)
          loaded.append((file, result))
        case .failure(let error): unreadable.append(UnreadablePath(file: file, printed: "\(error)"))
        }
        continue
      }
      do {
        let result = try loadAndValidate(path: file)
        ProcessLifetime.keep(result)
        loaded.append((file, result))
      } catch {
        unreadable.append(UnreadablePath(file: file, printed: "error: \(error)"))
      }
    }

    let importedByOthers = Set(
      loaded.flatMap { root in
        root.result.sources.keys.map(Self.key).filter { $0 != Self.key(root.file) }
      })
    var covered: Set<String> = []
    var order = loaded.indices.filter { !importedByOthers.contains(Self.key(loaded[$0].file)) }
    order += loaded.indices.filter { importedByOthers.contains(Self.key(loaded[$0].file)) }

    var diagnostics: [Diagnostic] = []
    var seen: Set<Diagnostic> = []
    var sources: [String: String] = [:]
    for index in order {
      let (file, result) = loaded[index]
      guard !covered.contains(Self.key(file)) else { continue }
      covered.formUnion(result.sources.keys.map(Self.key))
      covered.insert(Self.key(file))
      // A clean root keeps its files' paths with no text (see `loadAndValidate(path:)`).
      sources.merge(result.sources) { first, other in first.isEmpty ? other : first }
      for diagnostic in result.diagnostics where seen.insert(diagnostic).inserted {
        diagnostics.append(diagnostic)
      }
    }
    return Outcome(
      diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder),
      sources: sources,
      fileCount: covered.count,
      unreadable: unreadable)
  }

  /// Loads and validates the file at `path`. The files' text is not kept
  /// (at 100,000 screens it is 32 MB, at the peak of the process's memory):
  /// the load gives a large file's text back flow by flow as it compiles
  /// them, and the texts are read again only if the load or the validation
  /// finds something to show them for.
  private func loadAndValidate(path: String) throws(FlowGraphLoader.FileError) -> LoadedFlows {
    var result = try loader.load(path: path, keepingText: false)
    let files = Array(result.sources.keys)
    let textBytes = result.graph?.sources.files.reduce(0) { $0 + ($1.byteCount ?? 0) } ?? 0
    if result.diagnostics.isEmpty, textBytes >= FreedMemory.worthGivingBack {
      FreedMemory.giveBack()
    }
    result = loader.validated(result)
    // A clean run keeps the paths (which files a root imports), without their text.
    guard !result.diagnostics.isEmpty else { return result }
    let parser = YAMLParser(limits: loader.limits)
    for file in files {
      result.sources[file] = (try? parser.parseFile(atPath: file))?.text ?? ""
    }
    return result
  }

  /// The name findings give the flow read from standard input (`validate -`).
  static let standardInputName = "<stdin>"

  /// Validates the flow file that standard input holds (imports are found
  /// relative to the current folder).
  private func validateStandardInput() -> LoadedFlows {
    let data = Console.readStandardInput()
    return loader.validated(loader.load(bytes: Array(data), file: Self.standardInputName))
  }

  /// A path's identity: absolute and standardized.
  static func key(_ path: String) -> String {
    URL(fileURLWithPath: path).standardized.resolvingSymlinksInPath().path
  }
}

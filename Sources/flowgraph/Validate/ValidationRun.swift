import FlowGraphCore
import FlowGraphYAML
import Foundation

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
    var unreadable: [String]
  }

  let loader: FlowGraphLoader

  func validate(_ files: [String]) -> Outcome {
    var loaded: [(file: String, result: LoadedFlows)] = []
    var unreadable: [String] = []
    for file in files {
      if file == FlowFileFinder.standardInput {
        loaded.append((Self.standardInputName, validateStandardInput()))
        continue
      }
      if GraphSource.isCompiledGraph(file) {
        switch GraphSource.decodeCompiled(file) {
        case .success(let graph):
          let result = LoadedFlows(
            graph: graph, diagnostics: Validator().validate(graph), sources: [:])
          loaded.append((file, result))
        case .failure(let error): unreadable.append("\(error)")
        }
        continue
      }
      do {
        loaded.append((file, try loader.validate(path: file)))
      } catch {
        unreadable.append("\(error)")
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
      sources.merge(result.sources) { first, _ in first }
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

  /// The name findings give the flow read from standard input (`validate -`).
  static let standardInputName = "<stdin>"

  /// Validates the flow file that standard input holds (imports are found
  /// relative to the current folder).
  private func validateStandardInput() -> LoadedFlows {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    return loader.validate(
      text: String(decoding: data, as: UTF8.self), file: Self.standardInputName)
  }

  /// A path's identity: absolute and standardized.
  static func key(_ path: String) -> String {
    URL(fileURLWithPath: path).standardized.resolvingSymlinksInPath().path
  }
}

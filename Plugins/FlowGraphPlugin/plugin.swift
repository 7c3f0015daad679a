import Foundation
import PackagePlugin

/// The `FlowGraphPlugin` build-tool plugin: for each flow file of the target
/// (a `.yaml`/`.yml` file whose top level has a `flowgraph` key), runs
/// `flowgraph generate swift` at build time and compiles the typed API it
/// writes, and the compiled graph in the launch format (`<file>.fgc`, a
/// resource of the target: `Bundle.module`) that the app loads at launch with
/// the core alone (`CompiledGraph.decode`). The
/// tool prints each finding as `FILE:LINE:COLUMN: error: … [rule]`
/// (warnings as `warning:`), so a broken flow fails the build at its line.
@main
struct FlowGraphPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    return try Self.commands(
      files: target.sourceFiles.map(\.url), tool: context.tool(named: "flowgraph").url,
      workDirectory: context.pluginWorkDirectoryURL)
  }

  /// One command per root flow file; every flow file of the target is an
  /// input of each (a file may import another). A fragment gets no API of
  /// its own: it is checked, and its flows generated, through the files that
  /// import it. A fragment is a file with only `types` and `tasks`, or one
  /// with `flows` but no `entry` that another flow file of the target
  /// imports (alone, a file of several flows and no entry is `missing-entry`;
  /// a file that others import and that should have its own API says so
  /// with `entry:`). Two flow files with one name (in different folders)
  /// would write the same outputs: the build stops with a message that names
  /// both.
  static func commands(files: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
    let inputs = files.filter(isFlowFile).sorted { $0.path < $1.path }
    let texts = inputs.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
    var imported: Set<String> = []
    for (file, text) in zip(inputs, texts) {
      let folder = file.deletingLastPathComponent()
      for path in FlowFileText.imports(in: text) {
        imported.insert(Self.key(URL(fileURLWithPath: path, relativeTo: folder)))
      }
    }
    let flows = zip(inputs, texts).filter { file, text in
      FlowFileText.hasTopLevelKey("flows", in: text)
        && (FlowFileText.hasTopLevelKey("entry", in: text) || !imported.contains(Self.key(file)))
    }.map(\.0)
    var byName: [String: URL] = [:]
    for flow in flows {
      if let first = byName[flow.lastPathComponent] {
        throw PluginFailure(
          "two flow files of the target are named '\(flow.lastPathComponent)' (\(first.path) and "
            + "\(flow.path)): their generated API and compiled graph would have the same name; rename one"
        )
      }
      byName[flow.lastPathComponent] = flow
    }
    return flows.map { flow in
      let output = workDirectory.appendingPathComponent(flow.lastPathComponent + ".swift")
      let graph = workDirectory.appendingPathComponent(flow.lastPathComponent + ".fgc")
      return .buildCommand(
        displayName: "Generating the typed Swift API of \(flow.lastPathComponent)",
        executable: tool,
        arguments: [
          "generate", "swift", flow.path, "-o", output.path, "--graph-output", graph.path,
        ],
        inputFiles: inputs,
        outputFiles: [output, graph])
    }
  }

  /// A file's path as imports name it: absolute, with `.` and `..` resolved
  /// and symbolic links followed.
  static func key(_ url: URL) -> String {
    url.absoluteURL.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Whether `url` is a YAML file whose top level has a `flowgraph` key.
  static func isFlowFile(_ url: URL) -> Bool {
    guard ["yaml", "yml"].contains(url.pathExtension.lowercased()),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return false }
    return text.split(separator: "\n").contains { line in
      line.hasPrefix("flowgraph:") || line.hasPrefix("flowgraph :")
        || line.hasPrefix("\u{FEFF}flowgraph:")
    }
  }
}

/// Why the plugin stops the build (SwiftPM prints it after `error: `).
struct PluginFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension FlowGraphPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      try Self.commands(
        files: target.inputFiles.map(\.url), tool: context.tool(named: "flowgraph").url,
        workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif

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

  /// One command per flow file that declares flows; every flow file of the
  /// target is an input of each (a file may import another). A file with
  /// only `types` and `tasks` is a fragment that others import: it is
  /// checked through them and gets no API of its own. Two flow files with
  /// one name (in different folders) would write the same outputs: the
  /// build stops with a message that names both.
  static func commands(files: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
    let inputs = files.filter(isFlowFile).sorted { $0.path < $1.path }
    let flows = inputs.filter(declaresFlows)
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

  /// Whether the flow file at `url` has a top-level `flows` key (an
  /// unindented `flows:` line, or `flows` in a one-line flow mapping).
  static func declaresFlows(_ url: URL) -> Bool {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return true }
    return text.split(whereSeparator: \.isNewline).contains { line in
      line.hasPrefix("flows:") || line.hasPrefix("flows :") || line.hasPrefix("\"flows\"")
        || line.hasPrefix("'flows'") || (line.hasPrefix("{") && line.contains("flows"))
    }
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

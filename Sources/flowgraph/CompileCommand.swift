import ArgumentParser
import FlowGraphCore
import Foundation

/// `flowgraph compile`: writes a flow file's compiled graph as JSON, which the
/// core loads without the YAML front end (``GraphJSONDecoder``).
struct CompileCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compile",
    abstract: "Compile a flow file to the versioned JSON graph format that the core loads alone.",
    discussion: """
      The output (docs/graph-json.md) is deterministic, so it can be committed and diffed. An app \
      can compile its flows at build time, ship the JSON, and load it with GraphJSONDecoder from \
      FlowGraphCore. A file with errors is not compiled: its findings are printed and the exit \
      status is 2. Warnings are printed and do not block. File paths in the output are relative \
      to the compiled file's folder (or to --root), never the build machine's absolute paths.
      """
  )

  @ArgumentParser.Argument(help: ArgumentHelp("The flow file (.yaml).", valueName: "file"))
  var file: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Write to this file (atomically) instead of standard output.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Write file paths relative to this folder (default: the compiled file's folder).",
      valueName: "folder"))
  var root: String?

  @OptionGroup var input: InputOptions

  func run() async throws {
    let source = try GraphSource.load(file, input: input, allowErrors: false)
    let root = root ?? PathText.folder(of: file)
    try OutputFile.write(Data(try Self.encode(source.graph, root: root).utf8), to: output)
  }

  /// The compiled JSON of `graph`, its file paths relative to `root`; a
  /// graph the format cannot hold exits 2.
  static func encode(_ graph: FlowGraph, root: String) throws -> String {
    do {
      return try GraphJSONEncoder(root: root).encode(graph)
    } catch {
      Console.error("error: the graph cannot be written as JSON: \(error)\n")
      throw ExitCode(2)
    }
  }
}

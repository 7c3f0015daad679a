import ArgumentParser
import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flowgraph compile`: writes a flow file's compiled graph, which the core
/// loads without the YAML front end: the launch format by default
/// (``CompiledGraph``), or the readable JSON (``GraphJSONDecoder``).
struct CompileCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compile",
    abstract: "Compile a flow file to the graph format that the core loads alone.",
    discussion: """
      By default the output is the launch format (docs/compiled-format.md, extension .fgc): \
      compact, versioned binary that an app ships and loads at launch with \
      CompiledGraph.decode from FlowGraphCore, in well under a millisecond. --format json (or an \
      output file named *.json) writes the readable JSON instead (docs/graph-json.md), for humans \
      and diffs. Both are deterministic. validate, run, graph, paths and compile read either. \
      A file with errors is not compiled: its findings are printed and the exit status is 2 (so \
      is a deep link whose invalid-deeplink finding is suppressed: no reader would load it). \
      Warnings are printed and do not block. File paths in the output are relative to the \
      compiled file's folder (the flow file's when writing to standard output; or to --root), \
      never the build machine's absolute paths.
      """
  )

  @ArgumentParser.Argument(
    help: ArgumentHelp(
      "The flow file (.yaml), or a compiled graph (.fgc or .json) to write again.",
      valueName: "file"))
  var file: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Write to this file (atomically) instead of standard output.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "fgc (the launch format) or json (default: json for a *.json output file, else fgc).",
      valueName: "format"))
  var format: CompiledFormat?

  @Option(
    help: ArgumentHelp(
      "Write file paths relative to this folder (default: the compiled file's folder).",
      valueName: "folder"))
  var root: String?

  @OptionGroup var input: InputOptions

  func run() async throws {
    let source = try GraphSource.load(file, input: input, allowErrors: false)
    let root = root ?? Self.defaultRoot(output: output, file: file)
    let format = format ?? CompiledFormat.inferred(from: output)
    if format == .fgc, output == nil || output == "-", Terminal.stdoutIsTerminal {
      Console.error(
        "error: the launch format is binary; not writing it to a terminal. "
          + "Give -o FILE.\(CompiledGraph.fileExtension), or --format json to read it.\n")
      throw ExitCode(2)
    }
    try Self.refuseUnreadableDeeplink(in: source.graph, sources: source.sources)
    try OutputFile.write(try format.encode(source.graph, root: root), to: output)
  }

  /// Exits 2, with a finding at the deep link, when `graph` holds one that
  /// the compiled formats' decoders refuse (``FlowGraph/refusedDeeplink()``):
  /// only a flow file whose `invalid-deeplink` finding is suppressed
  /// compiles to one, and no reader would load what was written.
  static func refuseUnreadableDeeplink(in graph: FlowGraph, sources: [String: String]) throws {
    guard let refused = graph.refusedDeeplink() else { return }
    let finding = Diagnostic(
      .invalidDeeplink, refused.message,
      at: graph.range(graph[refused.screen].deeplinkSpan ?? graph[refused.screen].span),
      notes: [
        .help(
          "the finding is suppressed, but a compiled graph holds only deep links that the compiler accepts: correct the deep link or remove it, then compile again"
        )
      ])
    LoadedFlowFile.printDiagnostics([finding], sources: sources)
    throw ExitCode(2)
  }

  /// The folder the output's paths are relative to when no `--root` is
  /// given: the compiled file's folder, where `validate`, `run` and `graph`
  /// look for them when they read it; for standard output, which has no
  /// folder, the flow file's.
  static func defaultRoot(output: String?, file: String) -> String {
    guard let output, output != "-" else { return PathText.folder(of: file) }
    return PathText.folder(of: output)
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

import ArgumentParser
import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flowgraph graph`: draws a flow file (DOT, Mermaid, SVG) or writes its
/// compiled graph (JSON).
struct GraphCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw a flow file: DOT, Mermaid or SVG, or its compiled graph as JSON.",
    discussion: """
      DOT and Mermaid are written as text; SVG runs Graphviz's 'dot' (apt-get install graphviz, \
      brew install graphviz). JSON is the compiled graph, as 'flowgraph compile --format json' writes it.

      A file with errors is not drawn: its findings are printed and the exit status is 2. With \
      --diagnostics it is drawn all the same, with every finding on the picture (the screen, \
      transition or flow it is about in red, a leaking cycle in red all round), and the status is 0.

      FILE may also be a compiled graph (.fgc or .json).
      """
  )

  @ArgumentParser.Argument(
    help: ArgumentHelp(
      "The flow file (.yaml), or a compiled graph (.fgc or .json).", valueName: "file"))
  var file: String

  @Option(help: ArgumentHelp("The output format.", valueName: "format"))
  var format: GraphFormat = .dot

  @Option(
    help: ArgumentHelp(
      "Draw only this flow; the flows it starts appear as single nodes.", valueName: "name"))
  var flow: String?

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Write to this file (atomically) instead of standard output.", valueName: "file"))
  var output: String?

  @Flag(
    help:
      "Draw the findings of the compiler and validator on the graph; a file with errors is drawn too."
  )
  var diagnostics = false

  @OptionGroup var input: InputOptions

  func run() async throws {
    if !format.isDrawing {
      if diagnostics {
        try usageError(
          "--diagnostics draws findings on a picture; the json format has no place for them")
      }
      if flow != nil {
        try usageError("--flow draws one flow; the json format is always the whole compiled graph")
      }
    }
    let source = try GraphSource.load(file, input: input, allowErrors: diagnostics)
    if diagnostics {
      LoadedFlowFile.printDiagnostics(source.diagnostics, sources: source.sources)
    }
    let graph = source.graph
    var focus: FlowID?
    if let flow {
      guard let id = graph.flow(named: flow) else {
        let names = graph.flows.map(\.name)
        try usageError(
          "no flow named '\(flow)' in '\(file)'" + Self.suggestion(flow, names)
            + "; its flows: \(names.joined(separator: ", "))")
        return
      }
      focus = id
    }
    let findings = diagnostics ? source.diagnostics : []
    let data: Data
    switch format {
    case .dot:
      data = Data(DOTExporter(flow: focus, diagnostics: findings).export(graph).utf8)
    case .mermaid:
      data = Data(MermaidExporter(flow: focus, diagnostics: findings).export(graph).utf8)
    case .svg:
      data = try Graphviz.svg(
        fromDOT: DOTExporter(flow: focus, diagnostics: findings).export(graph))
    case .json:
      // Paths relative to where the JSON is written, as `compile` writes them.
      let root = CompileCommand.defaultRoot(output: output, file: file)
      try CompileCommand.refuseUnreadableDeeplink(in: graph, sources: source.sources)
      data = Data(try CompileCommand.encode(graph, root: root).utf8)
    }
    try OutputFile.write(data, to: output)
  }

  private func usageError(_ message: String) throws {
    Console.error("error: \(message)\n")
    throw ExitCode(2)
  }

  /// ` (did you mean 'x'?)` for the closest name, when one is close.
  static func suggestion(_ name: String, _ candidates: [String]) -> String {
    let lowered = name.lowercased()
    let close =
      candidates.first { $0.lowercased() == lowered }
      ?? candidates.first {
        $0.lowercased().hasPrefix(lowered) || lowered.hasPrefix($0.lowercased())
      }
    return close.map { " (did you mean '\($0)'?)" } ?? ""
  }
}

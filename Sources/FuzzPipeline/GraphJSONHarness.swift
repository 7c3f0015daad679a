import FlowGraphCore

/// The compiled-graph JSON reader on arbitrary bytes: it gives a graph or an
/// error with a message (and, when positioned, a line and column inside the
/// text); a graph it gives is well-formed, validates without crashing and
/// survives the round trip.
enum GraphJSONHarness {
  /// Runs one input; returns what happened, for the replayer.
  @discardableResult
  static func run(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let graph: FlowGraph
    do {
      graph = try GraphJSONDecoder().decode(text)
    } catch {
      FuzzCheck.require(!error.message.isEmpty, "json decode: an error without a message")
      if let line = error.line {
        let lines = SourceLines(Array(text.utf8))
        FuzzCheck.require(
          line >= 1 && line <= lines.lineCount,
          "json decode: line \(line) outside the text's \(lines.lineCount) lines: \(error)")
        if let column = error.column {
          FuzzCheck.require(
            column >= 1 && column <= lines.lengths[line - 1] + 1,
            "json decode: column \(column) outside line \(line): \(error)")
        }
      }
      return "not a compiled graph: \(error.message.prefix(60))"
    }
    GraphWalker(graph: graph, requireCompiled: false).checkAll()
    let diagnostics = Validator().validate(graph)
    GraphChecks.check(graph, diagnostics: diagnostics)
    return "a compiled graph"
  }
}

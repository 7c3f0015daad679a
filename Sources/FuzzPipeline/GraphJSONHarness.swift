import FlowGraphCore
import FuzzSupport

/// The compiled-graph JSON reader on arbitrary bytes: it gives a graph or an
/// error with a message; a graph it gives is well-formed, validates without
/// crashing and survives the round trip.
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
      return "not a compiled graph: \(error.message.prefix(60))"
    }
    GraphWalker(graph: graph, requireCompiled: false).checkAll()
    let diagnostics = Validator().validate(graph)
    GraphChecks.check(graph, diagnostics: diagnostics)
    return "a compiled graph"
  }
}

import FlowGraphCore

/// `--flow NAME` of `run` and `paths`: the named flow, or the file's entry
/// flow (the only flow of a one-flow file).
enum FlowSelection {
  /// The flow to start (exit 2 with a suggestion when there is none).
  static func flow(named name: String?, in graph: FlowGraph) throws(RunFailure) -> FlowID {
    if let name {
      guard let id = graph.flow(named: name) else {
        throw .usage(
          "error: --flow: there is no flow '\(name)'"
            + NameSuggestion.phrase(NameSuggestion.best(for: name, among: graph.flows.map(\.name)))
            + "; the file's flows: " + graph.flows.map(\.name).joined(separator: ", "))
      }
      return id
    }
    guard let entry = graph.entry ?? (graph.flows.count == 1 ? FlowID(0) : nil) else {
      throw .usage("error: the file has no entry flow; name one with --flow")
    }
    return entry
  }
}

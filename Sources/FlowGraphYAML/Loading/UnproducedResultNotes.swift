import FlowGraphCore

/// What one `unhandled-result` finding left unhandled: the results of `flow`
/// that a `start` or a tab (the finding's `range`) has no handler for.
package struct UnhandledResults: Sendable {
  /// The finding's position: the `start`'s navigation key, or the tab's name.
  package var range: SourceRange
  /// The flow that declares the results.
  package var flow: String
  /// The results with no handler, in declared order.
  package var results: [String]
}

extension Array where Element == Diagnostic {
  /// Notes, on each `unhandled-result` finding among these, the results it
  /// names that `unused-result` (among `unused`) reports: SPEC §2.6 wants
  /// every declared result handled, so the error stands, but a result that
  /// no `finish` produces is usually the one mistake (declared by accident,
  /// or its `finish` is still to be written), and removing it from the
  /// flow's `results` fixes both findings.
  func notingUnproducedResults(
    _ sites: [UnhandledResults], unused: [Diagnostic], in graph: FlowGraph
  ) -> [Diagnostic] {
    let warnings = unused.compactMap { $0.rule == .unusedResult ? $0.range : nil }
    guard !sites.isEmpty, !warnings.isEmpty else { return self }
    // The results that `unused-result` reports, by flow name: their
    // declarations' positions.
    var unproduced: [String: [String: SourceRange]] = [:]
    let reported = Set(warnings)
    for flow in graph.flows {
      for result in flow.results {
        if let range = graph.range(result.span), reported.contains(range) {
          unproduced[flow.name, default: [:]][result.name] = range
        }
      }
    }
    guard !unproduced.isEmpty else { return self }
    let handled = graph.handledResults(among: unproduced)
    var byRange: [SourceRange: UnhandledResults] = [:]
    for site in sites { byRange[site.range] = site }
    return map { finding in
      guard finding.rule == .unhandledResult, let range = finding.range,
        let site = byRange[range], let declared = unproduced[site.flow]
      else { return finding }
      let names = site.results.filter { declared[$0] != nil }
      guard let first = names.first else { return finding }
      var noted = finding
      let flow = "flow '\(site.flow)'"
      // Removing a result that some `on` handles makes that key undefined.
      let handlers =
        names.contains { handled.contains(HandledResult(flow: site.flow, result: $0)) }
        ? " (and its 'on' handlers)" : ""
      if names.count == 1 {
        noted.notes.append(
          Diagnostic.Note(
            "result '\(first)' is never produced: no 'finish: \(first)' in \(flow) (the 'unused-result' warning)",
            at: declared[first]))
        noted.notes.append(
          .help(
            "if \(flow) is not meant to finish with '\(first)', remove it from the flow's 'results'\(handlers) instead: that fixes every 'unhandled-result' of it and the warning"
          ))
      } else {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        noted.notes.append(
          Diagnostic.Note(
            "results \(list) are never produced: no 'finish' of them in \(flow) (the 'unused-result' warnings)",
            at: declared[first]))
        noted.notes.append(
          .help(
            "if \(flow) is not meant to finish with them, remove them from the flow's 'results'\(handlers) instead: that fixes every 'unhandled-result' of them and the warnings"
          ))
      }
      return noted
    }
  }
}

/// A result of a flow, by names.
private struct HandledResult: Hashable {
  var flow: String
  var result: String
}

extension FlowGraph {
  /// The results among `results` (by flow name) that some compiled `start`
  /// or tab of their flow handles in its `on`.
  fileprivate func handledResults(among results: [String: [String: SourceRange]]) -> Set<
    HandledResult
  > {
    var handled: Set<HandledResult> = []
    func visit(_ child: FlowID, _ handlers: Transition.ResultHandlers) {
      guard flows.indices.contains(child.index) else { return }
      let flow = flows[child.index]
      guard let names = results[flow.name] else { return }
      for (index, result) in flow.results.enumerated()
      where names[result.name] != nil && handlers.results.indices.contains(index) {
        if case .invalid = handlers.results[index].kind { continue }
        handled.insert(HandledResult(flow: flow.name, result: result.name))
      }
    }
    for flow in flows.indices {
      forEachTransition(in: FlowID(flow)) { transition, _ in
        if case .start(let child, _, let handlers) = transition.kind { visit(child, handlers) }
      }
      for screen in flows[flow].screens where screens.indices.contains(screen.index) {
        for tab in screens[screen.index].tabBar?.tabs ?? [] { visit(tab.flow, tab.handlers) }
      }
    }
    return handled
  }
}

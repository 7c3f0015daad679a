/// The usage warnings: `unused-flow` (a flow that is not the entry and that
/// no `start` names), `unused-result` (a declared result that no `finish`
/// produces) and `unused-task` (a task that no `run` calls). Each points at
/// the name key of what is unused.
///
/// One mistake gives one finding: a transition that did not compile
/// (``Transition/Kind/invalid``) might have been the `start`, `run` or
/// `finish` that uses something, so while the graph has one, `unused-flow`
/// and `unused-task` say nothing, and `unused-result` says nothing about the
/// flow that holds it. Without an entry flow (`missing-entry` was reported),
/// `unused-flow` says nothing either, nor about a flow that a `start` or a
/// tab naming no flow was probably meant to name (a tab is not a transition).
struct UsageRules {
  let graph: FlowGraph

  /// What the transitions use, when the analysis's compiler collected it
  /// (otherwise the rules walk the model themselves).
  var collected: Usage?
  /// The flows that a dangling `start` or tab was probably meant to name.
  var meantByDanglingStarts: [FlowID] = []

  func diagnostics() -> [Diagnostic] {
    let usage = collected ?? Usage.walking(graph)
    var findings: [Diagnostic] = []
    if let entry = graph.entry, !usage.hasInvalid {
      for (index, flow) in graph.flows.enumerated()
      where index != entry.index && !usage.started[index]
        && !meantByDanglingStarts.contains(FlowID(index))
      {
        findings.append(
          Diagnostic(
            .unusedFlow,
            "flow '\(flow.name)' is never started: it is not the entry and no 'start' names it",
            at: graph.range(flow.span)))
      }
    }
    if !usage.hasInvalid {
      for (index, task) in graph.tasks.enumerated() where !usage.called[index] {
        findings.append(
          Diagnostic(
            .unusedTask, "task '\(task.name)' is never run: no 'run' calls it",
            at: graph.range(task.span)))
      }
    }
    for (index, flow) in graph.flows.enumerated() where !usage.flowHasInvalid[index] {
      for (resultIndex, result) in flow.results.enumerated()
      where !usage.isFinished(resultIndex, in: index) {
        findings.append(
          Diagnostic(
            .unusedResult,
            "result '\(result.name)' of flow '\(flow.name)' is never produced: no 'finish: \(result.name)' in the flow",
            at: graph.range(result.span)))
      }
    }
    return findings
  }
}

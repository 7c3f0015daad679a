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
/// `unused-flow` says nothing either.
struct UsageRules {
  let graph: FlowGraph

  /// What the graph's transitions use.
  private struct Usage {
    var started: [Bool]
    var called: [Bool]
    var finished: [[Bool]]
    var hasInvalid = false
    var flowHasInvalid: [Bool]

    init(_ graph: FlowGraph) {
      started = Array(repeating: false, count: graph.flows.count)
      called = Array(repeating: false, count: graph.tasks.count)
      finished = graph.flows.map { Array(repeating: false, count: $0.results.count) }
      flowHasInvalid = Array(repeating: false, count: graph.flows.count)
    }

    mutating func visit(_ transition: Transition, in flow: Int) {
      switch transition.kind {
      case .finish(.declared(let index)):
        if finished[flow].indices.contains(index) { finished[flow][index] = true }
      case .start(let child, _, let handlers):
        if started.indices.contains(child.index) { started[child.index] = true }
        for handler in handlers.results { visit(handler, in: flow) }
        visit(handlers.dismissed, in: flow)
      case .run(let task, let outcomes):
        if called.indices.contains(task.index) { called[task.index] = true }
        for outcome in outcomes { visit(outcome, in: flow) }
      case .invalid:
        hasInvalid = true
        flowHasInvalid[flow] = true
      default:
        break
      }
    }

    mutating func visit(_ start: FlowStart, in flow: Int) {
      switch start.kind {
      case .finish(.declared(let index)):
        if finished[flow].indices.contains(index) { finished[flow][index] = true }
      case .run(let task, let outcomes):
        if called.indices.contains(task.index) { called[task.index] = true }
        for outcome in outcomes { visit(outcome, in: flow) }
      case .invalid:
        hasInvalid = true
        flowHasInvalid[flow] = true
      default:
        break
      }
    }
  }

  func diagnostics() -> [Diagnostic] {
    var usage = Usage(graph)
    for (index, flow) in graph.flows.enumerated() {
      usage.visit(flow.start, in: index)
      for screenID in flow.screens where graph.screens.indices.contains(screenID.index) {
        let screen = graph.screens[screenID.index]
        for action in screen.actions { usage.visit(action.transition, in: index) }
        if case .custom(let transition) = screen.back { usage.visit(transition, in: index) }
      }
    }
    var findings: [Diagnostic] = []
    if let entry = graph.entry, !usage.hasInvalid {
      for (index, flow) in graph.flows.enumerated()
      where index != entry.index && !usage.started[index] {
        findings.append(
          Diagnostic(
            .unusedFlow,
            "flow '\(flow.name)' is never started: it is not the entry and no 'start' names it",
            at: flow.range))
      }
    }
    if !usage.hasInvalid {
      for (index, task) in graph.tasks.enumerated() where !usage.called[index] {
        findings.append(
          Diagnostic(
            .unusedTask, "task '\(task.name)' is never run: no 'run' calls it", at: task.range))
      }
    }
    for (index, flow) in graph.flows.enumerated() where !usage.flowHasInvalid[index] {
      for (resultIndex, result) in flow.results.enumerated()
      where !usage.finished[index][resultIndex] {
        findings.append(
          Diagnostic(
            .unusedResult,
            "result '\(result.name)' of flow '\(flow.name)' is never produced: no 'finish: \(result.name)' in the flow",
            at: result.range))
      }
    }
    return findings
  }
}

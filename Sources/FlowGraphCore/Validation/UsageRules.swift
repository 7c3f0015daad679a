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

    /// Visits a transition and its nested ones, read in place (a copied
    /// `Transition` costs reference counting on its arrays).
    mutating func visit(_ transition: UnsafePointer<Transition>, in flow: Int) {
      switch transition.pointee.kind {
      case .finish(.declared(let index)):
        if finished[flow].indices.contains(index) { finished[flow][index] = true }
      case .start(let child, _, let handlers):
        if started.indices.contains(child.index) { started[child.index] = true }
        handlers.results.withUnsafeBufferPointer { results in
          for index in results.indices { visit(results.baseAddress! + index, in: flow) }
        }
        withUnsafePointer(to: handlers.dismissed) { visit($0, in: flow) }
      case .run(let task, let outcomes):
        if called.indices.contains(task.index) { called[task.index] = true }
        outcomes.withUnsafeBufferPointer { outcomes in
          for index in outcomes.indices { visit(outcomes.baseAddress! + index, in: flow) }
        }
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
    // The model is read in place: copying each `Screen` or `Action` out of
    // its array would cost more than the visit.
    graph.screens.withUnsafeBufferPointer { screens in
      for (index, flow) in graph.flows.enumerated() {
        usage.visit(flow.start, in: index)
        for screenID in flow.screens where screens.indices.contains(screenID.index) {
          screens[screenID.index].actions.withUnsafeBufferPointer { actions in
            for action in actions.indices {
              withUnsafePointer(to: actions[action].transition) { usage.visit($0, in: index) }
            }
          }
          if case .custom(let transition) = screens[screenID.index].back {
            withUnsafePointer(to: transition) { usage.visit($0, in: index) }
          }
        }
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

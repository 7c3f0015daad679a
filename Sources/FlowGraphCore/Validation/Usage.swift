/// What a graph's transitions use: the flows some `start` names, the tasks
/// some `run` calls, the results some `finish` produces, and where a
/// transition that did not compile is (``UsageRules`` reads it).
///
/// Filled by one walk over the model: either while the analysis compiles its
/// program (``AnalysisProgramCompiler``), or by ``visitAll(_:)``.
struct Usage {
  private(set) var started: [Bool]
  private(set) var called: [Bool]
  private(set) var finished: [[Bool]]
  private(set) var hasInvalid = false
  private(set) var flowHasInvalid: [Bool]

  init(_ graph: FlowGraph) {
    started = Array(repeating: false, count: graph.flows.count)
    called = Array(repeating: false, count: graph.tasks.count)
    finished = graph.flows.map { Array(repeating: false, count: $0.results.count) }
    flowHasInvalid = Array(repeating: false, count: graph.flows.count)
  }

  /// Notes a `finish` in `flow`.
  mutating func markFinished(_ result: FlowResultRef, in flow: Int) {
    if case .declared(let index) = result, finished[flow].indices.contains(index) {
      finished[flow][index] = true
    }
  }

  /// Notes a `start` of `child` (its handlers are visited separately).
  mutating func markStarted(_ child: FlowID) {
    if started.indices.contains(child.index) { started[child.index] = true }
  }

  /// Notes a `run` of `task` (its outcomes are visited separately).
  mutating func markCalled(_ task: TaskID) {
    if called.indices.contains(task.index) { called[task.index] = true }
  }

  /// Notes a transition that did not compile in `flow`.
  mutating func markInvalid(in flow: Int) {
    hasInvalid = true
    flowHasInvalid[flow] = true
  }

  /// Visits every transition of the graph: each flow's start, and the
  /// actions and custom back of each screen it lists.
  mutating func visitAll(_ graph: FlowGraph) {
    // The model is read in place: copying each `Screen` or `Action` out of
    // its array would cost more than the visit.
    graph.screens.withUnsafeBufferPointer { screens in
      for (index, flow) in graph.flows.enumerated() {
        visit(flow.start, in: index)
        for screenID in flow.screens where screens.indices.contains(screenID.index) {
          screens[screenID.index].actions.withUnsafeBufferPointer { actions in
            for action in actions.indices {
              withUnsafePointer(to: actions[action].transition) { visit($0, in: index) }
            }
          }
          if let bar = screens[screenID.index].tabBar { visitTabs(bar, in: index) }
          if case .custom(let transition) = screens[screenID.index].back {
            withUnsafePointer(to: transition) { visit($0, in: index) }
          }
        }
      }
    }
  }

  /// Visits a transition and its nested ones, read in place (a copied
  /// `Transition` costs reference counting on its arrays).
  mutating func visit(_ transition: UnsafePointer<Transition>, in flow: Int) {
    switch transition.pointee.kind {
    case .finish(let result):
      markFinished(result, in: flow)
    case .start(let child, _, let handlers):
      markStarted(child)
      visitHandlers(handlers, in: flow)
    case .run(let task, let outcomes):
      markCalled(task)
      visitOutcomes(outcomes, in: flow)
    case .invalid:
      markInvalid(in: flow)
    default:
      break
    }
  }

  /// Visits the handlers of a `start`.
  /// Visits a tabs screen's tabs: each tab flow is started, and its
  /// handlers run in `flow` (SPEC §6.1).
  mutating func visitTabs(_ bar: TabBar, in flow: Int) {
    for tab in bar.tabs {
      markStarted(tab.flow)
      visitHandlers(tab.handlers, in: flow)
    }
  }

  /// Visits the handlers of a `start`.
  mutating func visitHandlers(_ handlers: Transition.ResultHandlers, in flow: Int) {
    handlers.results.withUnsafeBufferPointer { results in
      for index in results.indices { visit(results.baseAddress! + index, in: flow) }
    }
    withUnsafePointer(to: handlers.dismissed) { visit($0, in: flow) }
  }

  /// Visits the outcomes of a `run`.
  mutating func visitOutcomes(_ outcomes: [Transition], in flow: Int) {
    outcomes.withUnsafeBufferPointer { outcomes in
      for index in outcomes.indices { visit(outcomes.baseAddress! + index, in: flow) }
    }
  }

  /// Visits a flow's start.
  mutating func visit(_ start: FlowStart, in flow: Int) {
    switch start.kind {
    case .finish(let result):
      markFinished(result, in: flow)
    case .run(let task, let outcomes):
      markCalled(task)
      for outcome in outcomes { visit(outcome, in: flow) }
    case .invalid:
      markInvalid(in: flow)
    default:
      break
    }
  }
}

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
    do {
      let screens = graph.screens
      for (index, flow) in graph.flows.enumerated() {
        visit(flow.start, in: index)
        for screenID in flow.screens where screens.indices.contains(screenID.index) {
          for action in screens[screenID.index].actions { visit(action.transition, in: index) }
          if let bar = screens[screenID.index].tabBar { visitTabs(bar, in: index) }
          if case .custom(let transition) = screens[screenID.index].back {
            visit(transition, in: index)
          }
        }
      }
    }
  }

  /// Visits a transition and its nested ones.
  mutating func visit(_ transition: Transition, in flow: Int) {
    switch transition.kind {
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
    for result in handlers.results { visit(result, in: flow) }
    visit(handlers.dismissed, in: flow)
  }

  /// Visits the outcomes of a `run`.
  mutating func visitOutcomes(_ outcomes: TransitionList, in flow: Int) {
    for outcome in outcomes { visit(outcome, in: flow) }
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

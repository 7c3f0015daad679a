/// What a graph's transitions use: the flows some `start` names, the tasks
/// some `run` calls, the results some `finish` produces, and where a
/// transition that did not compile is (``UsageRules`` reads it).
///
/// Filled by one walk over the model: either while the analysis compiles its
/// program (``AnalysisProgramCompiler``), or by ``visitAll(_:)``.
struct Usage {
  private(set) var started: [Bool]
  private(set) var called: [Bool]
  /// Whether each declared result is produced: flow `f`'s are
  /// `finished[finishedOffset[f]..<finishedOffset[f + 1]]` (flat: one table).
  private var finished: [Bool]
  private let finishedOffset: [Int]
  private(set) var hasInvalid = false
  private(set) var flowHasInvalid: [Bool]

  init(_ graph: FlowGraph) {
    started = Array(repeating: false, count: graph.flows.count)
    called = Array(repeating: false, count: graph.tasks.count)
    var offsets = [0]
    offsets.reserveCapacity(graph.flows.count + 1)
    for flow in graph.flows { offsets.append(offsets[offsets.count - 1] + flow.results.count) }
    finishedOffset = offsets
    finished = Array(repeating: false, count: offsets[offsets.count - 1])
    flowHasInvalid = Array(repeating: false, count: graph.flows.count)
  }

  /// Notes a `finish` in `flow`.
  mutating func markFinished(_ result: FlowResultRef, in flow: Int) {
    if case .declared(let index) = result, index >= 0,
      index < finishedOffset[flow + 1] - finishedOffset[flow]
    {
      finished[finishedOffset[flow] + index] = true
    }
  }

  /// Whether some `finish` of `flow` produces its declared result `index`.
  func isFinished(_ index: Int, in flow: Int) -> Bool { finished[finishedOffset[flow] + index] }

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

  /// What `graph`'s transitions use, from a walk of its own.
  static func walking(_ graph: FlowGraph) -> Usage {
    var usage = Usage(graph)
    usage.visitAll(graph)
    return usage
  }

  /// Visits every transition of the graph: each flow's start, and the
  /// actions and custom back of each screen it lists.
  mutating func visitAll(_ graph: FlowGraph) {
    // Read as records: this walk visits every transition of the graph.
    let tables = graph.tables
    for (index, flow) in graph.flows.enumerated() {
      visit(flow.start, in: index)
      for screenID in flow.screens where tables.screens.indices.contains(screenID.index) {
        let screen = tables.screens[screenID.index]
        let actions = tables.actions(ofScreen: screenID.index)
        for action in 0..<Int(actions.count) {
          visit(tables.actions[actions.index(action)].transition, of: tables, in: index)
        }
        let bar = tables.tabBar(of: screen)
        if bar != noIndex { visitTabs(tables.tabBars[Int(bar)], in: index) }
        if screen.backKind == 2 { visit(tables.customBack(of: screen), of: tables, in: index) }
      }
    }
  }

  /// Visits a transition and its nested ones.
  mutating func visit(_ transition: Transition, in flow: Int) {
    visit(transition.index, of: transition.tables, in: flow)
  }

  /// Visits the transition at `index` of `tables` and its nested ones.
  mutating func visit(_ index: UInt32, of tables: GraphTables, in flow: Int) {
    let record = tables.transitions[Int(index)]
    switch record.tag {
    case .finish:
      markFinished(record.result, in: flow)
    case .start:
      markStarted(record.flow)
      let handlers = tables.nested(of: record)
      for nested in 0..<handlers.count { visit(handlers.start + nested, of: tables, in: flow) }
    case .run:
      markCalled(record.task)
      let outcomes = tables.nested(of: record)
      for nested in 0..<outcomes.count { visit(outcomes.start + nested, of: tables, in: flow) }
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

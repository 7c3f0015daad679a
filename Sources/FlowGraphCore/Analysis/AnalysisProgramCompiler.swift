/// Builds the tables of an ``AnalysisProgram`` in one pass over the model,
/// and on the way collects the graph's ``Usage`` for ``UsageRules``.
///
/// The model is read in place, through buffer pointers: a `Transition`,
/// `Action` or `Screen` copied out of its array costs reference counting on
/// its arrays and boxes, more than compiling it.
///
/// The tables it appends to are ``ReservedTable``s, which ``AnalysisProgram``
/// moves out one at a time (``ReservedTable/moveToArray()``).
struct AnalysisProgramCompiler {
  /// In place in the program's array (``ReservedTable/init(inPlace:)``),
  /// whose room is ``transitionCapacity``.
  var transitions: ReservedTable<IRTransition>
  private(set) var transitionCapacity = 0
  /// The sites of nested transitions (handlers, outcomes), by increasing
  /// id; an action's, tab's or custom back's is found from its screen
  /// (``AnalysisProgram/site(of:)``).
  var nestedSiteIDs: ReservedTable<Int32>
  var nestedSites: ReservedTable<TransitionSite>
  private(set) var localIndex: [Int32]
  var actionList: ReservedTable<Int32>
  var actionOffset: ReservedTable<Int32>
  var nested: ReservedTable<Int32>
  private(set) var back: [IRBack]
  private(set) var starts: [IRStart] = []
  private(set) var startSites: [[Int32]]
  private(set) var popTargets: [Int32: PopTarget] = [:]
  private(set) var tabStarts: Set<Int32> = []
  private(set) var selects: Set<Int32> = []
  /// Whether some transition was not compiled (a screen its flow does not
  /// list, handlers or outcomes that do not match their definitions: only
  /// in a graph built by hand), so that ``selects`` may miss one.
  private(set) var skippedTransitions = false
  private(set) var flowScreens: [Int32]
  private(set) var flowScreenOffset: [Int]
  private(set) var screenFlow: [Int32]
  private(set) var dismissible: [Bool]
  private(set) var resultCounts: [Int32]
  private let taskOutcomeCounts: [Int]
  /// The screen and result tables the transitions are compiled against.
  private let lookup: CompileLookup
  /// The graph's source map, to order nested transitions by position.
  private let sources: SourceMap
  /// The graph's tables, whose records the transitions are compiled from.
  private let tables: GraphTables
  /// What the transitions use.
  private(set) var usage: Usage
  /// By flow: whether some tabs screen runs it as a tab (its start's
  /// `finish` is `invalid-tabs`, and stands as unknown: a tab is never
  /// empty, so whatever the start was meant to show is not judged).
  private var isTabFlow: [Bool]
  /// Whether every flow lists only its own screens: then each screen is
  /// compiled as part of the flow that lists it, and ``usage`` is exactly
  /// what ``Usage/visitAll(_:)`` would find.
  private(set) var usageIsExact: Bool

  init(graph: FlowGraph) {
    sources = graph.sources
    tables = graph.tables
    let screenCount = graph.screens.count
    var screenFlow = [Int32](repeating: 0, count: screenCount)
    var dismissible = [Bool](repeating: false, count: screenCount)
    // The screens' actions, one after the other: the last one's end.
    let actionCount = Int(graph.tables.screens.last?.actionsEnd ?? 0)
    var customBackCount = 0
    var tabBarScreens: [Int] = []
    for (index, screen) in graph.tables.screens.enumerated() {
      screenFlow[index] = Int32(screen.flow.index)
      dismissible[index] = screen.flags.contains(.first)
      if screen.backKind == 2 { customBackCount += 1 }
      if graph.tables.tabBar(of: screen) != noIndex { tabBarScreens.append(index) }
    }
    self.screenFlow = screenFlow
    self.dismissible = dismissible
    startSites = Array(repeating: [], count: 2 * graph.flows.count)
    back = Array(repeating: .pop, count: screenCount)
    var localIndex = [Int32](repeating: -1, count: screenCount)
    var resultCounts: [Int32] = []
    var flowScreens: [Int32] = []
    var flowScreenOffset = [0]
    var usageIsExact = true
    resultCounts.reserveCapacity(graph.flows.count)
    flowScreens.reserveCapacity(screenCount)
    flowScreenOffset.reserveCapacity(graph.flows.count + 1)
    graph.flows.withUnsafeBufferPointer { flows in
      for flow in flows.indices {
        resultCounts.append(Int32(flows[flow].results.count))
        for (offset, screen) in flows[flow].screens.enumerated() {
          flowScreens.append(Int32(screen.index))
          if screen.index >= 0 && screen.index < screenCount {
            localIndex[screen.index] = Int32(offset)
            if screenFlow[screen.index] != flow { usageIsExact = false }
          }
        }
        flowScreenOffset.append(flowScreens.count)
      }
    }
    self.localIndex = localIndex
    self.usageIsExact = usageIsExact
    self.resultCounts = resultCounts
    self.flowScreens = flowScreens
    self.flowScreenOffset = flowScreenOffset
    lookup = CompileLookup(
      screenFlow: screenFlow, localIndex: localIndex, resultCounts: resultCounts)
    taskOutcomeCounts = graph.tasks.map { $0.outcomes.count }
    usage = Usage(graph)
    // Room for exactly what a graph whose every screen is compiled makes:
    // a transition per record (the nested ones are the records that are
    // neither an action's nor a custom back's), and per tab a `start` with
    // its handlers (in the tab's own tables). Then the tables never grow
    // (``ReservedTable``).
    var tabCount = 0
    var tabHandlerCount = 0
    var isTabFlow = [Bool](repeating: false, count: graph.flows.count)
    for index in tabBarScreens {
      for tab in graph.screens[index].tabBar?.tabs ?? [] {
        if isTabFlow.indices.contains(tab.flow.index) { isTabFlow[tab.flow.index] = true }
        tabCount += 1
        tabHandlerCount += tab.handlers.results.count + 1
      }
    }
    let nestedCount =
      max(graph.tables.transitions.count - actionCount - customBackCount, 0) + tabHandlerCount
    self.isTabFlow = isTabFlow
    transitionCapacity = graph.tables.transitions.count + tabCount + tabHandlerCount
    // In place, in ``AnalysisProgram``'s array (it sets it before compiling).
    transitions = ReservedTable(inPlace: UnsafeMutableBufferPointer(start: nil, count: 0))
    actionList = ReservedTable(capacity: actionCount + tabCount)
    nested = ReservedTable(capacity: nestedCount)
    nestedSiteIDs = ReservedTable(capacity: nestedCount)
    nestedSites = ReservedTable(capacity: nestedCount)
    actionOffset = ReservedTable(capacity: screenCount + 1)
    actionOffset.append(0)
  }

  /// Compiles the starts, then every screen's actions and back in screen
  /// index order (so that the flat action lists line up).
  mutating func compileAll(_ graph: FlowGraph) {
    graph.flows.withUnsafeBufferPointer { flows in
      for flow in flows.indices {
        starts.append(withUnsafePointer(to: flows[flow].start) { compileStart($0, flow: flow) })
        usage.visit(flows[flow].start, in: flow)
      }
    }
    let flowCount = graph.flows.count
    // A local reference: read through `self`, the tables would be retained
    // and released around every call of the mutating `compile`.
    let tables = self.tables
    do {
      let screens = graph.screens
      for index in screens.indices {
        let flow = Int(screenFlow[index])
        skippedTransitions =
          skippedTransitions || !(flow >= 0 && flow < flowCount && localIndex[index] >= 0)
        if flow >= 0 && flow < flowCount && localIndex[index] >= 0 {
          let owner = Int32(index)
          // The screen's actions read as records, in place.
          let actions = tables.actions(ofScreen: index)
          for action in 0..<Int(actions.count) {
            let transition = tables.actions[actions.index(action)].transition
            // Most actions are one step that nests nothing: compiled here.
            let record = tables.transitions[Int(transition)]
            if !record.hasPopTarget, let op = lookup.simpleOp(record.tag, record.target, flow: flow)
            {
              actionList.append(Int32(transitions.count))
              transitions.append(IRTransition(op: op, owner: owner))
              continue
            }
            actionList.append(
              compile(
                transition, of: tables, flow: flow, owner: owner, site: .action(action, of: index)))
          }
          if let bar = screens[index].tabBar {
            // A tabs screen (SPEC §6.1): each tab starts its flow as a child
            // (a `tab` activation) with the tab's handlers; they stand after
            // the screen's actions, in tab order.
            usage.visitTabs(bar, in: flow)
            bar.tabs.withUnsafeBufferPointer { tabs in
              for tab in tabs.indices {
                actionList.append(
                  compileTab(tabs.baseAddress! + tab, flow: flow, owner: owner))
              }
            }
          }
          switch screens[index].back {
          case .pop: back[index] = .pop
          case .disabled: back[index] = .disabled
          case .custom(let transition):
            back[index] = .custom(
              compile(
                transition.index, of: transition.tables, flow: flow, owner: owner,
                site: .back(of: index)))
          }
        }
        actionOffset.append(Int32(actionList.count))
      }
    }
  }

  /// Compiles the transition at `index` of `tables` (the graph's, or a tab
  /// handler's own) and what it nests, read as records.
  private mutating func compile(
    _ index: UInt32, of tables: GraphTables, flow: Int, owner: Int32, site: TransitionSite
  ) -> Int32 {
    // Pre-order: the transition gets its id before its nested outcomes and handlers.
    let id = Int32(transitions.count)
    if site.holder < 0 {
      nestedSiteIDs.append(id)
      nestedSites.append(site)
    }
    let record = tables.transitions[Int(index)]
    let op: IRTransition.Op
    switch record.tag {
    case .push, .present, .replace, .root, .popTo, .pop, .popToRoot, .dismiss, .stay:
      op = lookup.simpleOp(record.tag, record.target, flow: flow) ?? .unknown
    case .select:
      // Selecting a tab keeps every stack (SPEC §6.1): to the flow's own
      // screens it is `stay`; where it runs is logged (`invalid-select`).
      selects.insert(id)
      op = .stay
    case .finish:
      let result = record.result
      usage.markFinished(result, in: flow)
      op = lookup.resultKey(result, of: flow).map { .finish($0) } ?? .unknown
    case .start:
      let child = record.flow
      usage.markStarted(child)
      let handlers = Transition.ResultHandlers(tables: tables, nested: tables.nested(of: record))
      guard child.index >= 0, child.index < resultCounts.count,
        handlers.results.count == Int(resultCounts[child.index])
      else {
        usage.visitHandlers(handlers, in: flow)
        skippedTransitions = true
        op = .unknown
        break
      }
      transitions.append(IRTransition(op: .stay, owner: owner))
      let first = compileHandlers(handlers, flow: flow, owner: owner, of: id)
      op = .start(child: Int32(child.index), handlers: Int32(first), mode: record.mode)
    case .run:
      let task = record.task
      let outcomes = tables.nested(of: record)
      usage.markCalled(task)
      guard task.index >= 0, task.index < taskOutcomeCounts.count,
        Int(outcomes.count) == taskOutcomeCounts[task.index]
      else {
        usage.visitOutcomes(TransitionList(tables: tables, range: outcomes), in: flow)
        skippedTransitions = true
        op = .unknown
        break
      }
      transitions.append(IRTransition(op: .stay, owner: owner))
      let count = Int(outcomes.count)
      let first = reserveNested(count)
      let span = { (index: Int) in tables.keySpan(of: tables.transitions[outcomes.index(index)]) }
      forEachInSourceOrder(count, sources, span) { index in
        nested[first + index] = compile(
          outcomes.start + UInt32(index), of: tables, flow: flow, owner: owner,
          site: .nested(index, of: id))
      }
      op = .run(first: Int32(first), count: Int32(count))
    case .invalid:
      usage.markInvalid(in: flow)
      op = .unknown
    }
    var compiled = IRTransition(op: op, owner: owner)
    if let popTo = tables.popTarget(of: record) {
      // A pop-then-push (SPEC §6.3): its op is the push or start; the pop
      // comes first (``ReachabilityEngine`` reads this table). A target that
      // is not a screen of the flow makes the whole transition unknown.
      let pushes: Bool =
        switch op {
        case .push, .start(_, _, .push): true
        default: false
        }
      if pushes, let screen = lookup.local(popTo.screen, in: flow) {
        popTargets[id] = PopTarget(screen: screen, inclusive: popTo.inclusive)
      } else {
        compiled = IRTransition(op: .unknown, owner: owner)
      }
    }
    switch op {
    case .start(let child, _, let mode):
      transitions[Int(id)] = compiled
      if case .start = compiled.op {
        startSites[AnalysisProgram.startSiteSlot(Int(child), mode)].append(id)
      }
    case .run:
      transitions[Int(id)] = compiled
    default:
      // A leaf (or a start or run that does not fit the graph, which
      // compiled nothing nested): its slot is the next one.
      transitions.append(compiled)
    }
    return id
  }

  /// Compiles a tab of a tabs screen as a `start` of its flow (an
  /// ``AnalysisProgram/tabStarts`` entry, so that the engine starts the
  /// flow's `tab` activation) with the tab's handlers nested in it. A tab
  /// that does not fit the graph is unknown.
  private mutating func compileTab(
    _ tab: UnsafePointer<Tab>, flow: Int, owner: Int32
  ) -> Int32 {
    let id = Int32(transitions.count)
    let child = tab.pointee.flow.index
    guard child >= 0, child < resultCounts.count,
      tab.pointee.handlers.results.count == Int(resultCounts[child])
    else {
      transitions.append(IRTransition(op: .unknown, owner: owner))
      skippedTransitions = true
      return id
    }
    transitions.append(IRTransition(op: .stay, owner: owner))
    let first = compileHandlers(tab.pointee.handlers, flow: flow, owner: owner, of: id)
    transitions[Int(id)] = IRTransition(
      op: .start(child: Int32(child), handlers: Int32(first), mode: .push), owner: owner)
    tabStarts.insert(id)
    return id
  }

  /// Compiles the handlers of the `start` (or tab) with id `parent`, one per
  /// result key of the child, into ``nested`` (in source order), and
  /// returns the first slot.
  private mutating func compileHandlers(
    _ handlers: Transition.ResultHandlers, flow: Int, owner: Int32, of parent: Int32
  ) -> Int {
    let count = handlers.results.count + 1
    let first = reserveNested(count)
    let at = { (index: Int) in index < count - 1 ? handlers.results[index] : handlers.dismissed }
    let span = { (index: Int) in at(index).span }
    forEachInSourceOrder(count, sources, span) { index in
      let handler = at(index)
      nested[first + index] = compile(
        handler.index, of: handler.tables, flow: flow, owner: owner,
        site: .nested(index, of: parent))
    }
    return first
  }

  /// Appends `count` slots to ``nested`` and returns the first.
  private mutating func reserveNested(_ count: Int) -> Int {
    let first = nested.count
    // One by one: a few slots, in reserved room (the generic
    // `append(contentsOf:)` costs more than they do).
    for _ in 0..<count { nested.append(0) }
    return first
  }

  private mutating func compileStart(_ start: UnsafePointer<FlowStart>, flow: Int) -> IRStart {
    switch start.pointee.kind {
    case .screen(let target): return lookup.local(target, in: flow).map { .screen($0) } ?? .unknown
    case .finish(let result):
      // In a tab flow's start it is `invalid-tabs`, the one finding: what
      // the start was meant to show is unknown (SPEC §3, one mistake gives
      // one finding), as for a start that did not compile.
      guard !isTabFlow[flow] else { return .unknown }
      return lookup.resultKey(result, of: flow).map { .finish($0) } ?? .unknown
    case .run(let task, let outcomes):
      guard task.index >= 0, task.index < taskOutcomeCounts.count,
        outcomes.count == taskOutcomeCounts[task.index]
      else { return .unknown }
      return .run(
        outcomes.indices.map { index in
          outcomes.withUnsafeBufferPointer { compileStart($0.baseAddress! + index, flow: flow) }
        })
    case .invalid: return .unknown
    }
  }
}

/// Calls `body` with the offsets `0..<count` of nested transitions in source
/// order: by position when every one has a range, otherwise ranged ones by
/// position then unranged ones (such as the implicit `dismissed: stay`), in
/// model order. Without allocating when the ranged ones are already in order
/// (the common case).
func forEachInSourceOrder(
  _ count: Int, _ sources: SourceMap, _ range: (Int) -> SourceSpan?, _ body: (Int) -> Void
) {
  var inOrder = true
  var previous: SourceSpan?
  for index in 0..<count {
    guard let current = range(index) else { continue }
    if let previous, sources.startsBefore(current, previous) != false {
      inOrder = false
      break
    }
    previous = current
  }
  guard inOrder else {
    sourceOrder(count, sources, range).forEach(body)
    return
  }
  for index in 0..<count where range(index) != nil { body(index) }
  for index in 0..<count where range(index) == nil { body(index) }
}

/// The offsets `0..<count` of nested transitions in source order: by
/// position when every one has a range, otherwise ranged ones by position
/// then unranged ones (such as the implicit `dismissed: stay`), in model order.
func sourceOrder(_ count: Int, _ sources: SourceMap, _ range: (Int) -> SourceSpan?) -> [Int] {
  let offsets = Array(0..<count)
  guard count > 1 else { return offsets }
  let ranges = offsets.map { sources.range(range($0)) }
  func before(_ lhs: Int, _ rhs: Int) -> Bool {
    guard let l = ranges[lhs], let r = ranges[rhs], l.file == r.file else { return lhs < rhs }
    return (l.start.line, l.start.column, lhs) < (r.start.line, r.start.column, rhs)
  }
  let ranged = offsets.filter { ranges[$0] != nil }.sorted(by: before)
  return ranged + offsets.filter { ranges[$0] == nil }
}

/// What ``AnalysisProgramCompiler`` looks transitions' targets up in, apart
/// from the compiler: a small value, so that a lookup does not copy the
/// whole compiler to a temporary (it is called from the compiler's mutating
/// methods, once per transition).
private struct CompileLookup {
  let screenFlow: [Int32]
  let localIndex: [Int32]
  let resultCounts: [Int32]

  /// The flow-local index of `target` when it is a screen of `flow`.
  func local(_ target: ScreenID, in flow: Int) -> Int32? {
    guard target.index >= 0, target.index < screenFlow.count, screenFlow[target.index] == flow
    else { return nil }
    return localIndex[target.index]
  }

  func resultKey(_ result: FlowResultRef, of flow: Int) -> Int32? {
    switch result {
    case .dismissed: return resultCounts[flow]
    case .declared(let index):
      return index >= 0 && index < Int(resultCounts[flow]) ? Int32(index) : nil
    }
  }

  /// The op of a one-step transition that nests nothing and notes nothing
  /// (to a screen, `pop`, `popToRoot`, `dismiss`, `stay`), or `nil`.
  @inline(__always)
  /// Takes the record's tag and target, not the record: a record passed
  /// whole is loaded whole.
  func simpleOp(_ tag: TransitionTag, _ target: UInt32, flow: Int) -> IRTransition.Op? {
    let screen = ScreenID(bits: target)
    return switch tag {
    case .push: local(screen, in: flow).map { .push($0) } ?? .unknown
    case .present: local(screen, in: flow).map { .present($0) } ?? .unknown
    case .replace: local(screen, in: flow).map { .replace($0) } ?? .unknown
    case .root: local(screen, in: flow).map { .root($0) } ?? .unknown
    case .popTo: local(screen, in: flow).map { .popTo($0) } ?? .unknown
    case .pop: .pop
    case .popToRoot: .popToRoot
    case .dismiss: .dismiss
    case .stay: .stay
    case .select, .finish, .start, .run, .invalid: nil
    }
  }
}

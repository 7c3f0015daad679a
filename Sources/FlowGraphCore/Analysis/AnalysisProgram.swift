/// The graph as the analysis reads it: every transition occurrence numbered
/// (nested ones too), screens by their index within their flow, result keys as
/// integers, and a source order for every transition.
///
/// Built once per validation in one pass over the model (linear in its size,
/// reading the model in place: ``AnalysisProgramCompiler``). The tables are
/// plain data; the rules read the model only to word their findings.
struct AnalysisProgram {
  /// All transition occurrences: actions, custom backs, task outcomes and
  /// result handlers, each with its own id.
  let transitions: [IRTransition]
  /// Where each nested transition (a handler or an outcome) lies in the
  /// model: `nestedSites[i]` is the site of transition `nestedSiteIDs[i]`,
  /// by increasing id. Other transitions' sites follow from their screen
  /// (``site(of:)``); ranges are read from the model (``range(of:)``).
  let nestedSiteIDs: [Int32]
  let nestedSites: [TransitionSite]
  /// For each screen (global index): its index within its flow.
  let localIndex: [Int32]
  /// The actions' transition ids of every screen, flat, in file order:
  /// screen `s`'s are `actionList[actionOffset[s]..<actionOffset[s + 1]]`.
  let actionList: [Int32]
  let actionOffset: [Int32]
  /// The ids of nested transitions (handlers, outcomes), referenced by ranges.
  let nested: [Int32]
  /// For each screen (global index): what system back does.
  let back: [IRBack]
  /// For each flow: its start, as a tree.
  let starts: [IRStart]
  /// For each flow and start mode: the start transitions that use it (at
  /// ``startSiteSlot(_:_:)``; read with ``startSites(of:mode:)``).
  let startSites: [[Int32]]
  /// The `push` and `start` transitions with `popTo`, and what they pop to.
  let popTargets: [Int32: PopTarget]
  /// The tabs of tabs screens (SPEC §6.1), each compiled as a `start` of its
  /// tab flow (mode push in the table; the engine starts the flow's `tab`
  /// activation) with the tab's handlers, after the screen's actions.
  let tabStarts: Set<Int32>
  /// The `select: TAB` transitions (compiled as `stay`).
  let selects: Set<Int32>
  /// Whether some transition of the graph was not compiled (only in a graph
  /// built by hand), so that ``selects`` may not hold every `select`.
  let skippedTransitions: Bool
  /// Each flow's screens (global indices), flat: flow `f`'s are
  /// `flowScreens[flowScreenOffset[f]..<flowScreenOffset[f + 1]]`.
  let flowScreens: [Int32]
  let flowScreenOffset: [Int]
  /// For each screen (global index): its flow.
  let screenFlow: [Int32]
  /// For each screen (global index): whether the gesture may close its layer.
  let dismissible: [Bool]
  /// For each flow: the number of its declared results.
  let resultCounts: [Int32]
  /// What the graph's transitions use, collected on the way, when it is
  /// exact (every flow lists only its own screens; otherwise `nil`).
  let usage: Usage?
  let graph: FlowGraph

  init(graph: FlowGraph) {
    self.graph = graph
    var compiler = AnalysisProgramCompiler(graph: graph)
    // The transitions are compiled in place, in their array's room.
    var transitions = [IRTransition](unsafeUninitializedCapacity: compiler.transitionCapacity) {
      room, count in
      compiler.transitions = ReservedTable(inPlace: room)
      compiler.compileAll(graph)
      count = compiler.transitions.isInPlace ? compiler.transitions.count : 0
    }
    // The other tables are copied out exactly, one at a time, each freed
    // once copied.
    actionOffset = compiler.actionOffset.moveToArray()
    actionList = compiler.actionList.moveToArray()
    nested = compiler.nested.moveToArray()
    nestedSiteIDs = compiler.nestedSiteIDs.moveToArray()
    nestedSites = compiler.nestedSites.moveToArray()
    if !compiler.transitions.isInPlace {
      transitions = compiler.transitions.moveToArray()
    } else if transitions.capacity - transitions.count > transitions.capacity / 16 {
      // Some screens were not compiled: an exact copy.
      transitions = transitions.withUnsafeBufferPointer { Array($0) }
    }
    self.transitions = transitions
    localIndex = compiler.localIndex
    back = compiler.back
    starts = compiler.starts
    startSites = compiler.startSites
    popTargets = compiler.popTargets
    tabStarts = compiler.tabStarts
    selects = compiler.selects
    skippedTransitions = compiler.skippedTransitions
    flowScreens = compiler.flowScreens
    flowScreenOffset = compiler.flowScreenOffset
    screenFlow = compiler.screenFlow
    dismissible = compiler.dismissible
    resultCounts = compiler.resultCounts
    usage = compiler.usageIsExact ? compiler.usage : nil
  }

  /// The start transitions that start `flow` in `mode` (none when no
  /// `start` does).
  func startSites(of flow: Int, mode: Transition.StartMode) -> [Int32] {
    startSites[Self.startSiteSlot(flow, mode)]
  }

  /// Where ``startSites`` keeps the sites of a flow and mode.
  static func startSiteSlot(_ flow: Int, _ mode: Transition.StartMode) -> Int {
    2 * flow + (mode == .present ? 1 : 0)
  }

  /// The flow a transition belongs to: its owner's.
  func flow(of transition: IRTransition) -> Int { Int(screenFlow[Int(transition.owner)]) }

  /// A screen's actions' transition ids (positions in ``actionList``).
  func actions(of screen: Int) -> Range<Int> {
    Int(actionOffset[screen])..<Int(actionOffset[screen + 1])
  }

  /// The global indices from a flow's first screen to its last, when they
  /// are as many as its screens (in a graph the compiler builds, a flow's
  /// screens are one run of indices: then the tables indexed by screen or
  /// transition hold the flow's part in one piece), else `nil`.
  func screenRun(of flow: Int) -> Range<Int>? {
    let list = flowScreenOffset[flow]..<flowScreenOffset[flow + 1]
    guard let first = list.first.map({ Int(flowScreens[$0]) }),
      Int(flowScreens[list.upperBound - 1]) == first + list.count - 1,
      first >= 0, first + list.count < actionOffset.count
    else { return nil }
    return first..<(first + list.count)
  }

  /// The source range of a transition (its navigation key or keyword
  /// scalar), read from the model.
  func range(of transition: Int32) -> SourceRange? {
    graph.range(self.transition(transition)?.span)
  }

  /// The model's transition with this id.
  func transition(_ id: Int32) -> Transition? {
    guard let site = site(of: id) else { return nil }
    return graph.transition(at: site) { self.transition($0) }
  }

  /// Where a transition lies in the model. A nested one's site is stored;
  /// an action's or tab's is its position in its owner screen's action list
  /// (tabs stand after the actions there), a custom back's is its screen's.
  /// Read only for findings: a search among one screen's actions.
  func site(of id: Int32) -> TransitionSite? {
    guard id >= 0, Int(id) < transitions.count else { return nil }
    var low = 0
    var high = nestedSiteIDs.count
    while low < high {
      let middle = (low + high) / 2
      if nestedSiteIDs[middle] < id { low = middle + 1 } else { high = middle }
    }
    if low < nestedSiteIDs.count && nestedSiteIDs[low] == id { return nestedSites[low] }
    let owner = Int(transitions[Int(id)].owner)
    guard owner >= 0, owner + 1 < actionOffset.count else { return nil }
    let actions = actions(of: owner)
    if let position = actions.first(where: { actionList[$0] == id }) {
      return .action(position - actions.lowerBound, of: owner)
    }
    if case .custom(id) = back[owner] { return .back(of: owner) }
    return nil
  }

  /// The handler of a start transition for one result key of its child.
  func handler(_ start: Int32, result: Int) -> Int32 {
    guard case .start(_, let first, _) = transitions[Int(start)].op else { return start }
    return nested[Int(first) + result]
  }

  /// The transition ids of nested transitions, by their range in ``nested``.
  func nested(_ first: Int32, _ count: Int) -> ArraySlice<Int32> {
    nested[Int(first)..<(Int(first) + count)]
  }

  /// The number of result keys of a flow: its declared results, then `dismissed`.
  func resultKeyCount(of flow: Int) -> Int { Int(resultCounts[flow]) + 1 }

  /// The key of `dismissed` for a flow.
  func dismissedKey(of flow: Int) -> Int { Int(resultCounts[flow]) }

  /// The number of screens of a flow.
  func screenCount(of flow: Int) -> Int { flowScreenOffset[flow + 1] - flowScreenOffset[flow] }

  /// The global screen index of a flow's screen, by its index within the flow.
  func screen(_ local: Int, of flow: Int) -> Int {
    Int(flowScreens[flowScreenOffset[flow] + local])
  }

  /// Whether a transition is `stay` (a `select: TAB`, compiled as `stay`,
  /// is not: whether it is possible is logged where it runs).
  func isStay(_ transition: Int32) -> Bool {
    if case .stay = transitions[Int(transition)].op {
      return selects.isEmpty || !selects.contains(transition)
    }
    return false
  }

  /// Whether the gesture may close a layer whose first screen is this one.
  func isDismissible(_ local: Int, of flow: Int) -> Bool { dismissible[screen(local, of: flow)] }

  /// Whether a flow's screen (by its index within the flow) is a tabs screen.
  func isTabsScreen(_ local: Int, of flow: Int) -> Bool {
    graph.screens[screen(local, of: flow)].tabBar != nil
  }

  /// The name of a flow's screen, by its index within the flow.
  func screenName(_ local: Int, of flow: Int) -> String {
    graph.screens[screen(local, of: flow)].name
  }
}

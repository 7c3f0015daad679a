/// Everything the rules read: the program and the fixpoint's instances.
struct AnalysisRun {
  let program: AnalysisProgram
  let instances: [FlowActivation]
  /// The pop and dismiss transitions that run somewhere (ids in increasing
  /// order) and the contexts each runs in: those of `attemptTransitions[i]`
  /// are `attemptContexts[attemptOffsets[i]..<attemptOffsets[i + 1]]`
  /// (flat tables: no storage per transition). Only ``PopRules`` reads
  /// them: ``dropAttempts()`` frees them once it has.
  private(set) var attemptTransitions: [Int32]
  private(set) var attemptOffsets: [Int32]
  private(set) var attemptContexts: [ReachabilityEngine.Attempt]
  /// Whether some activation of the flow has an unknown answer: then the
  /// rules that claim "no run does X" say nothing about the flow.
  let flowIsUncertain: [Bool]
  /// Each flow's instances.
  let instancesOfFlow: [[FlowActivation]]
  /// The pop-then-push transitions (SPEC §6.3) that are possible in some run.
  let possiblePopThens: Set<Int32>
  /// Every `select: TAB` that runs somewhere, and whether some run where it
  /// runs has its current screen in a tabs layer (SPEC §6.1).
  let selectIsPossible: [Int32: Bool]

  init(program: AnalysisProgram) {
    var engine = ReachabilityEngine(program: program)
    engine.run()
    self.program = program
    instances = engine.instances
    possiblePopThens = engine.popThenLog.possible
    selectIsPossible = Self.selects(engine.selectLog, in: engine.instances, program: program)
    (attemptTransitions, attemptOffsets, attemptContexts) = Self.grouped(
      engine.takeAttemptLog(), transitionCount: program.transitions.count)
    var byFlow = [[FlowActivation]](repeating: [], count: program.graph.flows.count)
    for instance in instances { byFlow[instance.flow].append(instance) }
    instancesOfFlow = byFlow
    flowIsUncertain = byFlow.map { $0.contains(where: \.uncertain) }
  }

  var graph: FlowGraph { program.graph }

  /// Frees the pop and dismiss contexts (the rules after ``PopRules`` do
  /// not read them), so that the later rules' tables can reuse their memory.
  mutating func dropAttempts() {
    attemptTransitions = []
    attemptOffsets = []
    attemptContexts = []
  }

  /// The log grouped by transition (a stable counting sort, linear): the
  /// transitions that occur, in increasing order, each one's contexts as a
  /// range of one table. One `Int32` count per transition, used in place
  /// for the placement (no copy); the log is freed once placed, before the
  /// list of transitions is built.
  static func grouped(
    _ log: consuming [(transition: Int32, attempt: ReachabilityEngine.Attempt)],
    transitionCount: Int
  ) -> (transitions: [Int32], offsets: [Int32], contexts: [ReachabilityEngine.Attempt]) {
    precondition(log.count < Int(Int32.max), "more pop and dismiss contexts than 32 bits count")
    // `ends[t]`: first the number of entries of `t`; then, by prefix sums,
    // where `t`'s entries start; after the placement, where they end.
    var ends = [Int32](repeating: 0, count: transitionCount)
    for index in log.indices { ends[Int(log[index].transition)] += 1 }
    var total: Int32 = 0
    for transition in 0..<transitionCount {
      let count = ends[transition]
      ends[transition] = total
      total += count
    }
    var sorted = [ReachabilityEngine.Attempt](
      repeating: ReachabilityEngine.Attempt(instance: 0, state: 0), count: log.count)
    for index in log.indices {
      let transition = Int(log[index].transition)
      sorted[Int(ends[transition])] = log[index].attempt
      ends[transition] += 1
    }
    log = []
    // `t` occurs when its entries end past where the previous one's end.
    var occurring = 0
    var start: Int32 = 0
    for end in ends {
      if end > start { occurring += 1 }
      start = end
    }
    var transitions: [Int32] = []
    var offsets: [Int32] = [0]
    transitions.reserveCapacity(occurring)
    offsets.reserveCapacity(occurring + 1)
    start = 0
    for transition in 0..<transitionCount where ends[transition] > start {
      transitions.append(Int32(transition))
      offsets.append(ends[transition])
      start = ends[transition]
    }
    return (transitions, offsets, sorted)
  }

  /// The model screen of an instance's local state.
  func screen(of state: Int, in instance: FlowActivation) -> Screen {
    graph.screens[program.screen(LocalState.screen(state), of: instance.flow)]
  }

  /// Whether an instance's local state shows a dismissible screen.
  func isDismissible(_ state: Int, in instance: FlowActivation) -> Bool {
    program.isDismissible(LocalState.screen(state), of: instance.flow)
  }

  /// A flow's activation under a start mode, if some `start` uses it.
  func instance(of flow: Int, mode: Transition.StartMode) -> FlowActivation? {
    instancesOfFlow[flow].first { $0.mode == InstanceMode(mode) }
  }

  /// The name of a flow.
  func flowName(_ flow: Int) -> String { graph.flows[flow].name }

  /// Whether each logged `select` is possible (SPEC §6.1): some run runs it
  /// where the current screen is on top in a tabs layer. That is a state in
  /// the home layer of a tab flow, or of a push-mode child started in the
  /// home layer of a flow that runs in a tab's stack (a fixpoint over the
  /// call sites), or a tabs screen itself (a handler that runs there, such
  /// as the tabs screen's own, acts on its tabs).
  private static func selects(
    _ log: [(transition: Int32, attempt: ReachabilityEngine.Attempt)],
    in instances: [FlowActivation], program: AnalysisProgram
  ) -> [Int32: Bool] {
    guard !log.isEmpty else { return [:] }
    var inTabs = instances.map { $0.mode == .tab }
    var changed = true
    while changed {
      changed = false
      for instance in instances where instance.mode == .push && !inTabs[instance.id] {
        let found = instance.callSites.contains { site in
          inTabs[Int(site.instance)] && !LocalState.kind(Int(site.state)).isModal
        }
        if found {
          inTabs[instance.id] = true
          changed = true
        }
      }
    }
    var result: [Int32: Bool] = [:]
    for (transition, attempt) in log {
      let flow = instances[Int(attempt.instance)].flow
      let screen = program.screen(LocalState.screen(Int(attempt.state)), of: flow)
      let possible =
        program.graph.screens[screen].tabBar != nil
        || (inTabs[Int(attempt.instance)] && !LocalState.kind(Int(attempt.state)).isModal)
      result[transition] = (result[transition] ?? false) || possible
    }
    return result
  }
}

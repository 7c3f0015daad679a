/// Everything the rules read: the program and the fixpoint's instances.
struct AnalysisRun {
  let program: AnalysisProgram
  let instances: [FlowActivation]
  /// The pop and dismiss transitions that run somewhere, and the contexts
  /// each `pop: S` runs in. Only ``PopRules`` reads them:
  /// ``dropAttempts()`` frees them once it has.
  private(set) var popAttempts: PopAttempts
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
    popAttempts = engine.takePopAttempts()
    var byFlow = [[FlowActivation]](repeating: [], count: program.graph.flows.count)
    for instance in instances { byFlow[instance.flow].append(instance) }
    instancesOfFlow = byFlow
    flowIsUncertain = byFlow.map { $0.contains { $0.uncertain } }
  }

  var graph: FlowGraph { program.graph }

  /// Frees the pop and dismiss contexts (the rules after ``PopRules`` do
  /// not read them), so that the later rules' tables can reuse their memory.
  mutating func dropAttempts() {
    popAttempts = .empty
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

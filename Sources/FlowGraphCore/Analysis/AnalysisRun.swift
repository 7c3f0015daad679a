/// Everything the rules read: the program and the fixpoint's instances.
struct AnalysisRun {
  let program: AnalysisProgram
  let instances: [FlowActivation]
  let attempts: [Int32: [ReachabilityEngine.Attempt]]
  /// Whether some activation of the flow has an unknown answer: then the
  /// rules that claim "no run does X" say nothing about the flow.
  let flowIsUncertain: [Bool]
  /// Each flow's instances.
  let instancesOfFlow: [[FlowActivation]]

  init(program: AnalysisProgram) {
    var engine = ReachabilityEngine(program: program)
    engine.run()
    self.program = program
    instances = engine.instances
    attempts = engine.attempts
    var byFlow = [[FlowActivation]](repeating: [], count: program.graph.flows.count)
    for instance in instances { byFlow[instance.flow].append(instance) }
    instancesOfFlow = byFlow
    flowIsUncertain = byFlow.map { $0.contains(where: \.uncertain) }
  }

  var graph: FlowGraph { program.graph }

  /// The model screen of an instance's local state.
  func screen(of state: Int, in instance: FlowActivation) -> Screen {
    graph.screens[program.screen(LocalState.screen(state), of: instance.flow)]
  }

  /// The name of a flow.
  func flowName(_ flow: Int) -> String { graph.flows[flow].name }
}

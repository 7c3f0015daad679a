import FlowGraphCore

/// Drives the pure engine: events in, scripted task outcomes for
/// suspensions, the state and effects of each step kept for checks.
struct EngineDriver {
  let engine: FlowEngine
  var state = FlowState()
  /// The effects of the last committed step.
  var effects: [Effect] = []
  /// Outcomes by task name, used in order (the last repeats).
  var outcomes: [String: [(String, [String: Value])]] = [:]
  /// The tasks called, in order.
  var tasksCalled: [String] = []

  init(_ graph: FlowGraph) {
    engine = FlowEngine(graph: graph)
  }

  var graph: FlowGraph { engine.graph }

  mutating func outcome(_ task: String, _ outcome: String, _ payload: [String: Value] = [:]) {
    outcomes[task, default: []].append((outcome, payload))
  }

  mutating func start(_ flow: String? = nil, input: [String: Value] = [:]) throws {
    let id = flow.flatMap { graph.flow(named: $0) } ?? graph.entry!
    try commit(engine.start(id, input: input, from: state))
  }

  mutating func send(_ event: FlowEvent) throws {
    try commit(engine.step(state, event))
  }

  mutating func send(_ action: String, _ arguments: [String: Value] = [:]) throws {
    try send(.action(action, arguments: arguments))
  }

  private mutating func commit(_ result: StepResult) throws {
    var result = result
    while case .suspended(let suspension) = result {
      let name = graph.tasks[suspension.task.index].name
      tasksCalled.append(name)
      guard var queue = outcomes[name], !queue.isEmpty else {
        throw DriverError.noOutcome(name)
      }
      let (outcome, payload) = queue[0]
      if queue.count > 1 { queue.removeFirst() }
      outcomes[name] = queue
      result = try engine.resume(suspension, outcome: outcome, payload: payload)
    }
    guard case .completed(let step) = result else { return }
    state = step.state
    effects = step.effects
  }

  enum DriverError: Error { case noOutcome(String) }

  /// The layers as screen names.
  var layers: [[String]] { state.layerNames(in: graph) }
  /// The current screen's name.
  var screen: String? { state.top.map { graph[$0.screen].name } }
  /// The current flow's name.
  var flow: String? { state.top.flatMap { state.flow($0.flow) }.map { graph[$0.flow].name } }
  /// The names of the live flows, outermost first.
  var flows: [String] { state.flows.map { graph[$0.flow].name } }

  /// The last step's navigation changes, rendered.
  var navigation: [String] {
    effects.compactMap { effect in
      guard case .navigation(let change) = effect else { return nil }
      return describe(change)
    }
  }

  /// The last step's lifecycle effects, rendered (`enter detail`, `finish child done`).
  var lifecycle: [String] {
    effects.compactMap { effect in
      switch effect {
      case .screenEntered(let screen): "enter \(graph[screen.screen].name)"
      case .screenExited(let screen): "exit \(graph[screen.screen].name)"
      case .flowStarted(let flow): "start \(graph[flow.flow].name)"
      case .flowFinished(let flow, let result, _):
        "finish \(graph[flow.flow].name) \(graph[flow.flow].name(of: result))"
      default: nil
      }
    }
  }

  func describe(_ change: NavigationChange) -> String {
    switch change {
    case .push(let screen): "push \(graph[screen.screen].name)"
    case .pop(let count): "pop \(count)"
    case .replace(let screen): "replace \(graph[screen.screen].name)"
    case .setRoot(let screen, let keeping):
      "setRoot \(graph[screen.screen].name) keeping \(keeping)"
    case .present(let screen): "present \(graph[screen.screen].name)"
    case .dismiss(let count): "dismiss \(count)"
    case .tabs(let change): graph.describe(change)
    }
  }
}

extension FlowRunner {
  /// Registers the hook of a task (replacing an earlier one).
  public func registerTask(_ name: String, _ hook: @escaping TaskHook) throws(RuntimeError) {
    guard let id = graph.task(named: name) else {
      throw .unknownTask(
        name, suggestion: NameSuggestion.best(for: name, among: graph.tasks.map(\.name)))
    }
    taskHooks[id.index] = hook
  }

  /// Adds a hook called each time an instance of a screen is shown (after
  /// the navigator has been told). Name the flow when several flows have a
  /// screen of that name.
  public func onScreenEnter(
    _ screen: String, in flow: String? = nil, _ hook: @escaping (ScreenInstance) -> Void
  ) throws(RuntimeError) {
    let index = try resolveScreen(screen, in: flow).index
    enterHooks[index] = Self.chain(enterHooks[index], hook)
  }

  /// Adds a hook called each time an instance of a screen goes away (after
  /// the navigator has been told).
  public func onScreenExit(
    _ screen: String, in flow: String? = nil, _ hook: @escaping (ScreenInstance) -> Void
  ) throws(RuntimeError) {
    let index = try resolveScreen(screen, in: flow).index
    exitHooks[index] = Self.chain(exitHooks[index], hook)
  }

  /// Adds a hook called each time an instance of a flow starts.
  public func onFlowStart(_ flow: String, _ hook: @escaping (FlowInstance) -> Void)
    throws(RuntimeError)
  {
    let index = try resolveFlowName(flow).index
    startHooks[index] = Self.chain(startHooks[index], hook)
  }

  /// Adds a hook called each time an instance of a flow ends, with the
  /// result's name and payload (after its screens and layers went away, before
  /// its parent's handler's changes).
  public func onFlowFinish(
    _ flow: String, _ hook: @escaping (FlowInstance, _ result: String, _ payload: [Value]) -> Void
  ) throws(RuntimeError) {
    let index = try resolveFlowName(flow).index
    if let first = finishHooks[index] {
      finishHooks[index] = { first($0, $1, $2); hook($0, $1, $2) }
    } else {
      finishHooks[index] = hook
    }
  }

  /// A hook that calls `first` (when there is one), then `then`.
  private static func chain<Subject>(
    _ first: ((Subject) -> Void)?, _ then: @escaping (Subject) -> Void
  ) -> (Subject) -> Void {
    guard let first else { return then }
    return { subject in
      first(subject)
      then(subject)
    }
  }

  private func resolveFlowName(_ name: String) throws(RuntimeError) -> FlowID {
    guard let id = graph.flow(named: name) else {
      throw .unknownFlow(
        name, suggestion: NameSuggestion.best(for: name, among: graph.flows.map(\.name)))
    }
    return id
  }

  private func resolveScreen(_ name: String, in flow: String?) throws(RuntimeError) -> ScreenID {
    if let flow {
      let flowID = try resolveFlowName(flow)
      guard let id = graph.screen(named: name, in: flowID) else {
        let names = graph.flows[flowID.index].screens.map { graph.screens[$0.index].name }
        throw .unknownScreen(
          name, flow: flow, suggestion: NameSuggestion.best(for: name, among: names))
      }
      return id
    }
    let matches = graph.screens.indices.filter { graph.screens[$0].name == name }
    switch matches.count {
    case 1:
      return ScreenID(matches[0])
    case 0:
      throw .unknownScreen(
        name, flow: nil,
        suggestion: NameSuggestion.best(for: name, among: graph.screens.map(\.name)))
    default:
      throw .ambiguousScreen(
        name, flows: matches.map { graph.flows[graph.screens[$0].flow.index].name })
    }
  }
}

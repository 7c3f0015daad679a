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
    core.addEnterHook(hook, screen: index)
  }

  /// Adds a hook called each time an instance of a screen goes away (after
  /// the navigator has been told).
  public func onScreenExit(
    _ screen: String, in flow: String? = nil, _ hook: @escaping (ScreenInstance) -> Void
  ) throws(RuntimeError) {
    let index = try resolveScreen(screen, in: flow).index
    core.addExitHook(hook, screen: index)
  }

  /// Adds a hook called each time an instance of a flow starts.
  public func onFlowStart(_ flow: String, _ hook: @escaping (FlowInstance) -> Void)
    throws(RuntimeError)
  {
    let index = try resolveFlowName(flow).index
    core.addStartHook(hook, flow: index)
  }

  /// Adds a hook called each time an instance of a flow ends, with the
  /// result's name and payload (after its screens and layers went away, before
  /// its parent's handler's changes).
  public func onFlowFinish(
    _ flow: String, _ hook: @escaping (FlowInstance, _ result: String, _ payload: [Value]) -> Void
  ) throws(RuntimeError) {
    let index = try resolveFlowName(flow).index
    core.addFinishHook(hook, flow: index)
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

// The hooks of one screen or flow, composed into one closure in registration
// order. A closure in a stored property is stored as it is called: no
// reabstraction thunk, as there is for a closure stored in an array.

/// The enter or exit hooks of one screen (none: a closure that does nothing,
/// cheaper to call than an optional is to unwrap). A class, held by the
/// runner's ``UncheckedRunnerCore`` for its lifetime and referred to unretained from the per-screen
/// tables, so that calling it costs no reference counting: its closure is
/// an immutable field of an object that outlives every call.
final class ScreenHook {
  /// Calls them in order.
  let call: (ScreenInstance) -> Void
  /// Whether any hook is registered.
  let isEmpty: Bool

  /// No hook.
  init() {
    call = { _ in }
    isEmpty = true
  }

  /// The hooks of `first`, then `hook`.
  init(_ first: ScreenHook, then hook: @escaping (ScreenInstance) -> Void) {
    isEmpty = false
    guard !first.isEmpty else {
      call = hook
      return
    }
    let earlier = first.call
    call = { screen in
      earlier(screen)
      hook(screen)
    }
  }
}

/// The start hooks of one flow.
struct FlowStartHook {
  /// Calls them in order.
  let call: (FlowInstance) -> Void

  /// The hooks of `first`, then `hook`.
  init(_ first: FlowStartHook?, then hook: @escaping (FlowInstance) -> Void) {
    guard let first else {
      call = hook
      return
    }
    let earlier = first.call
    call = { flow in
      earlier(flow)
      hook(flow)
    }
  }
}

/// The finish hooks of one flow.
struct FlowFinishHook {
  /// Calls them in order with the instance, the result's name and payload.
  let call: (FlowInstance, String, [Value]) -> Void

  /// The hooks of `first`, then `hook`.
  init(_ first: FlowFinishHook?, then hook: @escaping (FlowInstance, String, [Value]) -> Void) {
    guard let first else {
      call = hook
      return
    }
    let earlier = first.call
    call = { flow, result, payload in
      earlier(flow, result, payload)
      hook(flow, result, payload)
    }
  }
}

extension FlowRunner {
  /// Registers the hook of a task (replacing an earlier one); it gets the
  /// runner's ``hookTimeout``.
  public func registerTask(_ name: String, _ hook: @escaping TaskHook) throws(RuntimeError) {
    guard let id = graph.task(named: name) else {
      throw .unknownTask(
        name, suggestion: NameSuggestion.best(for: name, among: graph.tasks.map(\.name)))
    }
    taskHooks[id.index] = hook
    taskTimeouts[id.index] = nil
  }

  /// Registers the hook of a task with its own timeout (`nil`: wait
  /// forever, for a task that waits for the user, like a permission prompt),
  /// instead of the runner's ``hookTimeout``.
  public func registerTask(
    _ name: String, timeout: Duration?, _ hook: @escaping TaskHook
  ) throws(RuntimeError) {
    try registerTask(name, hook)
    taskTimeouts[graph.task(named: name)!.index] = .some(timeout)
  }

  /// Adds a hook called each time an instance of a screen is shown (after
  /// the navigator has been told). Name the flow when several flows have a
  /// screen of that name. Returns a registration to remove it with
  /// ``removeHook(_:)``.
  @discardableResult
  public func onScreenEnter(
    _ screen: String, in flow: String? = nil, _ hook: @escaping (ScreenInstance) -> Void
  ) throws(RuntimeError) -> HookRegistration {
    let index = try resolveScreen(screen, in: flow).index
    return core.addEnterHook(hook, screen: index)
  }

  /// Adds a hook called each time an instance of a screen goes away (after
  /// the navigator has been told).
  @discardableResult
  public func onScreenExit(
    _ screen: String, in flow: String? = nil, _ hook: @escaping (ScreenInstance) -> Void
  ) throws(RuntimeError) -> HookRegistration {
    let index = try resolveScreen(screen, in: flow).index
    return core.addExitHook(hook, screen: index)
  }

  /// Adds a hook called each time an instance of a flow starts.
  @discardableResult
  public func onFlowStart(_ flow: String, _ hook: @escaping (FlowInstance) -> Void)
    throws(RuntimeError) -> HookRegistration
  {
    let index = try resolveFlowName(flow).index
    return core.addStartHook(hook, flow: index)
  }

  /// Adds a hook called each time an instance of a flow ends, with the
  /// result's name and payload (after its screens and layers went away, before
  /// its parent's handler's changes).
  @discardableResult
  public func onFlowFinish(
    _ flow: String, _ hook: @escaping (FlowInstance, _ result: String, _ payload: [Value]) -> Void
  ) throws(RuntimeError) -> HookRegistration {
    let index = try resolveFlowName(flow).index
    return core.addFinishHook(hook, flow: index)
  }

  /// Adds an observer called with the record of every committed step
  /// (including the start), after ``onStep`` and the observers added before.
  @discardableResult
  public func addStepObserver(_ observer: @escaping (StepRecord) -> Void) -> HookRegistration {
    core.addStepObserver(observer)
  }

  /// Removes a hook or step observer (nothing happens when it was removed
  /// already). A hook removed while a step is delivered is still called for
  /// that step.
  public func removeHook(_ registration: HookRegistration) {
    core.removeHook(registration)
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
// order. A closure is stored as it is called only in a stored property of a
// non-generic type: in an array of closures or of tuples, or passed through
// a generic function, it is wrapped in a reabstraction thunk, one per layer,
// and every call pays for each layer (measured: about 60 instructions per
// step of the runtime benchmark's walk). So the hooks are kept as the
// registrations below, and composed without a generic function.

/// An enter or exit hook added to a runner, with its registration's id.
struct ScreenHookEntry {
  let id: Int
  let hook: (ScreenInstance) -> Void
}

/// A start hook added to a runner, with its registration's id.
struct FlowStartHookEntry {
  let id: Int
  let hook: (FlowInstance) -> Void
}

/// A finish hook added to a runner, with its registration's id.
struct FlowFinishHookEntry {
  let id: Int
  let hook: (FlowInstance, String, [Value]) -> Void
}

/// The enter or exit hooks of one screen (none: a closure that does nothing,
/// cheaper to call than an optional is to unwrap). A class, held by the
/// runner's ``UncheckedRunnerCore`` for its lifetime and referred to
/// unretained from the per-screen tables, so that calling it costs no
/// reference counting: its closure is an immutable field of an object that
/// outlives every call.
final class ScreenHook {
  /// Calls them in order.
  let call: (ScreenInstance) -> Void
  /// Whether any hook is registered.
  let isEmpty: Bool

  /// No hook.
  convenience init() { self.init([]) }

  /// The hooks, called in order.
  init(_ hooks: [ScreenHookEntry]) {
    isEmpty = hooks.isEmpty
    switch hooks.count {
    case 0: call = { _ in }
    case 1: call = hooks[0].hook
    default: call = { screen in for entry in hooks { entry.hook(screen) } }
    }
  }
}

/// The start hooks of one flow.
struct FlowStartHook {
  /// Calls them in order.
  let call: (FlowInstance) -> Void

  /// The hooks, called in order (`nil` when there are none).
  init?(_ hooks: [FlowStartHookEntry]) {
    switch hooks.count {
    case 0: return nil
    case 1: call = hooks[0].hook
    default: call = { flow in for entry in hooks { entry.hook(flow) } }
    }
  }
}

/// The finish hooks of one flow.
struct FlowFinishHook {
  /// Calls them in order with the instance, the result's name and payload.
  let call: (FlowInstance, String, [Value]) -> Void

  /// The hooks, called in order (`nil` when there are none).
  init?(_ hooks: [FlowFinishHookEntry]) {
    switch hooks.count {
    case 0: return nil
    case 1: call = hooks[0].hook
    default:
      call = { flow, result, payload in
        for entry in hooks { entry.hook(flow, result, payload) }
      }
    }
  }
}

/// One closure that calls `hooks` in order (the closure itself for one;
/// `nil` for none).
func composed<Argument>(_ hooks: [(Argument) -> Void]) -> ((Argument) -> Void)? {
  switch hooks.count {
  case 0: nil
  case 1: hooks[0]
  default: { argument in for hook in hooks { hook(argument) } }
  }
}

/// A hook or step observer added to a runner, to remove it with
/// ``FlowRunner/removeHook(_:)``.
public struct HookRegistration: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case screenEnter, screenExit, flowStart, flowFinish, step
  }

  let kind: Kind
  let index: Int
  let id: Int
}

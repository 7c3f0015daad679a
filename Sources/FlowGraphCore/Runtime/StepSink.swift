/// Where a committed step's effects go, in order: the runner's delivery to
/// the navigator and the hooks (``RunnerSink``), or an
/// ``EffectRecorder`` that keeps them as ``Effect`` values.
///
/// The quick path changes the sink's state and emits a step's effects
/// straight into it (``FlowEngine/take(_:into:)``), so that a step the
/// runner delivers builds no effect values; the general path's effects reach
/// the same sink through ``take(_:)``. Either way one implementation
/// delivers them.
protocol StepSink {
  /// Changes the state being stepped, and the closed layers kept for
  /// reuse; the access ends when `body` returns (before any effect is
  /// emitted, so that the navigator and the hooks see the committed state).
  mutating func change<Result>(_ body: (inout FlowState, inout [Layer]) -> Result) -> Result
  /// Keeps a closed layer's storage for a later present (once its effects
  /// are emitted).
  mutating func recycle(_ layer: consuming Layer)
  /// Whether the sink keeps the transitions (the quick path reads a
  /// transition's kind from the graph only then).
  var recordsTransitions: Bool { get }
  /// A transition of a flow was taken.
  mutating func transition(_ kind: Transition.Kind, flow: FlowInstanceID)
  /// The UI changes.
  mutating func navigation(_ change: NavigationChange)
  /// A screen instance was shown.
  mutating func screenEntered(_ screen: ScreenInstance)
  /// A screen instance went away.
  mutating func screenExited(_ screen: ScreenInstance)
  /// A flow instance started.
  mutating func flowStarted(_ flow: FlowInstance)
  /// A flow instance ended.
  mutating func flowFinished(_ flow: FlowInstance, result: FlowResultRef, payload: [Value])
  /// A task hook returned an outcome.
  mutating func taskReturned(_ task: TaskID, outcome: Int, payload: [Value])
}

extension StepSink {
  /// Takes one effect value.
  @inline(__always)
  mutating func take(_ effect: Effect) {
    switch effect {
    case .transition(let kind, let flow): transition(kind, flow: flow)
    case .navigation(let change): navigation(change)
    case .screenEntered(let screen): screenEntered(screen)
    case .screenExited(let screen): screenExited(screen)
    case .flowStarted(let flow): flowStarted(flow)
    case .flowFinished(let flow, let result, let payload):
      flowFinished(flow, result: result, payload: payload)
    case .taskReturned(let task, let outcome, let payload):
      taskReturned(task, outcome: outcome, payload: payload)
    }
  }
}

/// A sink that steps its own state and appends the effects to an array
/// (the engine's `apply`, and the runner when a step is observed by `onStep`
/// or logged: each swaps its state, spare layers and effects in and out).
struct EffectRecorder: StepSink {
  /// The state being stepped.
  var state = FlowState()
  /// Closed layers kept for reuse.
  var spare: [Layer] = []
  /// The effects so far.
  var effects: [Effect] = []

  var recordsTransitions: Bool { true }

  mutating func change<Result>(_ body: (inout FlowState, inout [Layer]) -> Result) -> Result {
    body(&state, &spare)
  }

  mutating func recycle(_ layer: consuming Layer) {
    FlowEngine.recycle(layer, into: &spare)
  }

  mutating func transition(_ kind: Transition.Kind, flow: FlowInstanceID) {
    effects.append(.transition(kind, flow: flow))
  }

  mutating func navigation(_ change: NavigationChange) {
    effects.append(.navigation(change))
  }

  mutating func screenEntered(_ screen: ScreenInstance) {
    effects.append(.screenEntered(screen))
  }

  mutating func screenExited(_ screen: ScreenInstance) {
    effects.append(.screenExited(screen))
  }

  mutating func flowStarted(_ flow: FlowInstance) {
    effects.append(.flowStarted(flow))
  }

  mutating func flowFinished(_ flow: FlowInstance, result: FlowResultRef, payload: [Value]) {
    effects.append(.flowFinished(flow, result: result, payload: payload))
  }

  mutating func taskReturned(_ task: TaskID, outcome: Int, payload: [Value]) {
    effects.append(.taskReturned(task, outcome: outcome, payload: payload))
  }
}

/// Everything a runner's step touches, and the one place where the runtime
/// opts out of Swift's safety checks for speed. Nowhere else in the runtime
/// are exclusivity checks off, references unmanaged or bytes read through a
/// pointer.
///
/// - **Unchecked exclusivity** on the fields every step reads or writes:
///   a runner is confined to one isolation domain, and an event sent while a
///   step runs or is delivered is rejected (``delivering``, ``runningTask``)
///   before it could overlap an access. Measured: each checked access of a
///   class's field on the quick path costs tens of instructions.
/// - **Unretained calls**: screen hooks are composed per screen into one
///   ``ScreenHook`` that ``keep(_:)`` holds for the core's lifetime, and the
///   navigator is boxed in a ``NavigatorHandle``; the per-screen tables and
///   ``fastNavigator`` refer to them unretained, so calling a hook or the
///   navigator costs no reference counting. A box replaced while a step is
///   delivered (the navigator replaced itself) is kept until the delivery
///   ends.
/// - **Unchecked bounds** on the screen hook tables (``hook(of:in:)``,
///   checked in debug builds): every screen instance in a runner's state is
///   of the graph the tables are sized for.
/// - **Name words**: a sent action name's bytes are read as three words
///   through a pointer to its storage (``nameWords(of:)``, in
///   `UncheckedRunnerCore+NameWords.swift`), and a screen's entries are
///   scanned through a pointer, the range checked once
///   (``firstEntry(matching:in:from:to:)``), so that the quick path finds an
///   action by comparing words instead of strings.
///
/// It also holds the one implementation that delivers a committed step's
/// effects to the navigator and the lifecycle hooks, for the quick path and
/// the general path alike (its ``sink``).
final class UncheckedRunnerCore {
  /// The graph being run (for the names a finish hook is called with).
  let graph: FlowGraph
  /// The runner's committed state.
  @exclusivity(unchecked) var state = FlowState()
  /// The number of steps committed.
  @exclusivity(unchecked) var steps = 0
  /// Closed layers kept for the next presents (the quick path allocates
  /// nothing to show a sheet).
  @exclusivity(unchecked) var spareLayers: [Layer] = []
  /// Whether a step's effects are being delivered (events are rejected).
  @exclusivity(unchecked) var delivering = false
  /// The task whose hook is running (events are rejected).
  @exclusivity(unchecked) var runningTask: TaskID?
  /// Whether steps are observed (a step observer or `debug` logging): their
  /// effects are then recorded as values too. Never changes which path a
  /// step takes.
  @exclusivity(unchecked) private(set) var isObserved = false
  /// The actor the runner is bound to (checked on every event).
  @exclusivity(unchecked) var isolation: RunnerIsolation
  /// The step observers composed: `onStep`, then those added with
  /// ``addStepObserver(_:)`` (`nil` when there is none).
  @exclusivity(unchecked) private(set) var stepHook: ((StepRecord) -> Void)?
  // One hook per screen at most: hooks registered for the same screen are
  // composed, in registration order (one call on the hot path).
  @exclusivity(unchecked) private var enterHooks: [Unmanaged<ScreenHook>]
  @exclusivity(unchecked) private var exitHooks: [Unmanaged<ScreenHook>]
  @exclusivity(unchecked) private var fastNavigator: Unmanaged<NavigatorHandle>?
  @exclusivity(unchecked) private var retiredNavigators: [NavigatorHandle] = []
  // The flows' hooks are read with exclusivity checks off too (a checked
  // read costs a `swift_beginAccess`, about 35 instructions per flow start
  // or end); each is copied out of its table before it is called.
  @exclusivity(unchecked) private var startHooks: [FlowStartHook?]
  @exclusivity(unchecked) private var finishHooks: [FlowFinishHook?]
  /// Every screen hook ever composed (the tables refer to them unretained,
  /// and one replaced while a step is delivered may still be running).
  private var screenHooks: [ScreenHook]
  private var navigatorHandle: NavigatorHandle?
  // Every hook added, per screen or flow, with its registration's id, to
  // compose them again when one is removed.
  private var enterList: [[ScreenHookEntry]]
  private var exitList: [[ScreenHookEntry]]
  private var startList: [[FlowStartHookEntry]]
  private var finishList: [[FlowFinishHookEntry]]
  private var soleStepObserver: ((StepRecord) -> Void)?
  private var stepObservers: [(id: Int, hook: (StepRecord) -> Void)] = []
  /// The last registration's id.
  private var registrations = 0
  /// Whether the runner's logger logs steps (`debug` or finer).
  var logsSteps = false {
    didSet { observationChanged() }
  }

  init(graph: FlowGraph, navigator: (any Navigator)?, isolation: RunnerIsolation) {
    self.graph = graph
    self.isolation = isolation
    let none = ScreenHook()
    screenHooks = [none]
    enterHooks = Array(repeating: Unmanaged.passUnretained(none), count: graph.screens.count)
    exitHooks = enterHooks
    startHooks = Array(repeating: nil, count: graph.flows.count)
    finishHooks = Array(repeating: nil, count: graph.flows.count)
    enterList = Array(repeating: [], count: graph.screens.count)
    exitList = enterList
    startList = Array(repeating: [], count: graph.flows.count)
    finishList = Array(repeating: [], count: graph.flows.count)
    spareLayers.reserveCapacity(4)
    navigatorChanged(to: navigator)
  }

  // MARK: Registration

  /// Adds an enter hook of a screen (after those registered before).
  func addEnterHook(
    _ hook: @escaping (ScreenInstance) -> Void, screen index: Int
  ) -> HookRegistration {
    let registration = nextRegistration(.screenEnter, index)
    enterList[index].append(ScreenHookEntry(id: registration.id, hook: hook))
    enterHooks[index] = keep(ScreenHook(enterList[index]))
    return registration
  }

  /// Adds an exit hook of a screen (after those registered before).
  func addExitHook(
    _ hook: @escaping (ScreenInstance) -> Void, screen index: Int
  ) -> HookRegistration {
    let registration = nextRegistration(.screenExit, index)
    exitList[index].append(ScreenHookEntry(id: registration.id, hook: hook))
    exitHooks[index] = keep(ScreenHook(exitList[index]))
    return registration
  }

  /// Adds a start hook of a flow.
  func addStartHook(
    _ hook: @escaping (FlowInstance) -> Void, flow index: Int
  ) -> HookRegistration {
    let registration = nextRegistration(.flowStart, index)
    startList[index].append(FlowStartHookEntry(id: registration.id, hook: hook))
    startHooks[index] = FlowStartHook(startList[index])
    return registration
  }

  /// Adds a finish hook of a flow.
  func addFinishHook(
    _ hook: @escaping (FlowInstance, String, [Value]) -> Void, flow index: Int
  ) -> HookRegistration {
    let registration = nextRegistration(.flowFinish, index)
    finishList[index].append(FlowFinishHookEntry(id: registration.id, hook: hook))
    finishHooks[index] = FlowFinishHook(finishList[index])
    return registration
  }

  /// Adds a step observer (after `onStep` and those added before).
  func addStepObserver(_ observer: @escaping (StepRecord) -> Void) -> HookRegistration {
    let registration = nextRegistration(.step, 0)
    stepObservers.append((registration.id, observer))
    composeStepObservers()
    return registration
  }

  /// Sets the runner's `onStep` (called before the other step observers).
  func setSoleStepObserver(_ observer: ((StepRecord) -> Void)?) {
    soleStepObserver = observer
    composeStepObservers()
  }

  /// Removes a hook or step observer (nothing happens when it was removed
  /// already).
  func removeHook(_ registration: HookRegistration) {
    let index = registration.index
    switch registration.kind {
    case .screenEnter:
      enterList[index].removeAll { $0.id == registration.id }
      enterHooks[index] = keep(ScreenHook(enterList[index]))
    case .screenExit:
      exitList[index].removeAll { $0.id == registration.id }
      exitHooks[index] = keep(ScreenHook(exitList[index]))
    case .flowStart:
      startList[index].removeAll { $0.id == registration.id }
      startHooks[index] = FlowStartHook(startList[index])
    case .flowFinish:
      finishList[index].removeAll { $0.id == registration.id }
      finishHooks[index] = FlowFinishHook(finishList[index])
    case .step:
      stepObservers.removeAll { $0.id == registration.id }
      composeStepObservers()
    }
  }

  private func nextRegistration(_ kind: HookRegistration.Kind, _ index: Int) -> HookRegistration {
    registrations += 1
    return HookRegistration(kind: kind, index: index, id: registrations)
  }

  /// Rebuilds ``stepHook`` from `onStep` and the observers.
  private func composeStepObservers() {
    stepHook = composed([soleStepObserver].compactMap { $0 } + stepObservers.map(\.hook))
    observationChanged()
  }

  /// Whether steps are observed (a step observer, `debug` logging) changed.
  private func observationChanged() {
    isObserved = stepHook != nil || logsSteps
  }

  /// Keeps a screen hook alive for the core's lifetime (one replaced while a
  /// step is delivered may still be running) and returns it unretained.
  private func keep(_ hook: ScreenHook) -> Unmanaged<ScreenHook> {
    screenHooks.append(hook)
    return Unmanaged.passUnretained(hook)
  }

  /// Boxes a new navigator. A box replaced while a step is delivered may
  /// still be running (the navigator replaced itself): it is kept until the
  /// delivery ends.
  func navigatorChanged(to navigator: (any Navigator)?) {
    if delivering, let old = navigatorHandle { retiredNavigators.append(old) }
    navigatorHandle = navigator.map(NavigatorHandle.init)
    fastNavigator = navigatorHandle.map(Unmanaged.passUnretained)
  }

  // MARK: Delivery

  /// Starts delivering a committed step (events are rejected meanwhile).
  @inline(__always)
  func beginDelivery() {
    delivering = true
  }

  /// Ends the delivery of a step's effects (events are accepted again) and
  /// lets go of the navigators replaced meanwhile.
  @inline(__always)
  func endDelivery() {
    delivering = false
    if !retiredNavigators.isEmpty { retiredNavigators.removeAll() }
  }

  /// The runner's ``StepSink``: this core, unretained (the runner holds it
  /// for as long as it delivers).
  @inline(__always)
  var sink: RunnerSink { RunnerSink(core: Unmanaged.passUnretained(self)) }

  /// Tells the navigator one change.
  @inline(__always)
  func navigation(_ change: NavigationChange) {
    fastNavigator?._withUnsafeGuaranteedRef { $0.navigator.apply(change) }
  }

  /// Calls the enter hooks of a shown screen.
  @inline(__always)
  func screenEntered(_ screen: ScreenInstance) {
    Self.hook(of: screen, in: enterHooks)._withUnsafeGuaranteedRef { $0.call(screen) }
  }

  /// Calls the exit hooks of a screen that went away.
  @inline(__always)
  func screenExited(_ screen: ScreenInstance) {
    Self.hook(of: screen, in: exitHooks)._withUnsafeGuaranteedRef { $0.call(screen) }
  }

  /// A screen's entry in a hook table, read without a bounds check in
  /// optimized builds (checked in debug builds): the tables have an entry
  /// per screen of the graph, and every screen instance in a runner's state
  /// is of one (shown by a step of the graph, or restored by name). Saves
  /// about 5 instructions per step.
  @inline(__always)
  private static func hook(
    of screen: ScreenInstance, in table: [Unmanaged<ScreenHook>]
  ) -> Unmanaged<ScreenHook> {
    table.withUnsafeBufferPointer { $0[screen.screen.index] }
  }

  /// Calls the start hooks of a flow.
  @inline(__always)
  func flowStarted(_ flow: FlowInstance) {
    startHooks[flow.flow.index]?.call(flow)
  }

  /// Calls the finish hooks of a flow with its result's name.
  @inline(__always)
  func flowFinished(_ flow: FlowInstance, result: FlowResultRef, payload: [Value]) {
    if let hook = finishHooks[flow.flow.index] {
      hook.call(flow, graph.flows[flow.flow.index].name(of: result), payload)
    }
  }

}

/// The runner's delivery as a ``StepSink``: a step's effects to the
/// navigator and the lifecycle hooks. Refers to its core unretained and
/// calls it as guaranteed (the runner holds the core for as long as it
/// delivers), so that delivering a step costs no reference counting.
struct RunnerSink: StepSink {
  let core: Unmanaged<UncheckedRunnerCore>

  var recordsTransitions: Bool { false }

  /// Changes the runner's state: the access to it ends before the step's
  /// effects are delivered (a navigator may read the runner's state).
  @inline(__always)
  func change<Result>(_ body: (inout FlowState, inout [Layer]) -> Result) -> Result {
    core._withUnsafeGuaranteedRef { body(&$0.state, &$0.spareLayers) }
  }

  @inline(__always)
  func recycle(_ layer: consuming Layer) {
    // The spare layers moved out and back: a closure cannot consume `layer`.
    var spare: [Layer] = []
    core._withUnsafeGuaranteedRef { swap(&spare, &$0.spareLayers) }
    FlowEngine.recycle(layer, into: &spare)
    core._withUnsafeGuaranteedRef { swap(&spare, &$0.spareLayers) }
  }

  @inline(__always)
  func transition(_ kind: Transition.Kind, flow: FlowInstanceID) {}

  @inline(__always)
  func navigation(_ change: NavigationChange) {
    core._withUnsafeGuaranteedRef { $0.navigation(change) }
  }

  @inline(__always)
  func screenEntered(_ screen: ScreenInstance) {
    core._withUnsafeGuaranteedRef { $0.screenEntered(screen) }
  }

  @inline(__always)
  func screenExited(_ screen: ScreenInstance) {
    core._withUnsafeGuaranteedRef { $0.screenExited(screen) }
  }

  @inline(__always)
  func flowStarted(_ flow: FlowInstance) {
    core._withUnsafeGuaranteedRef { $0.flowStarted(flow) }
  }

  @inline(__always)
  func flowFinished(_ flow: FlowInstance, result: FlowResultRef, payload: [Value]) {
    core._withUnsafeGuaranteedRef { $0.flowFinished(flow, result: result, payload: payload) }
  }

  @inline(__always)
  func taskReturned(_ task: TaskID, outcome: Int, payload: [Value]) {}
}

/// The runner's navigator in a box the core refers to unretained while it
/// delivers a step: the navigator is an immutable field of an object that
/// outlives the call, so calling it costs no reference counting.
final class NavigatorHandle {
  /// The navigator.
  let navigator: any Navigator

  init(_ navigator: any Navigator) {
    self.navigator = navigator
  }
}

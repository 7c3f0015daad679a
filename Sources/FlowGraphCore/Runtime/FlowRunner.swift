import Logging

/// Runs a flow graph for an app: holds the current ``FlowState``, takes
/// events, calls the task hooks, then — once a step is committed — tells the
/// ``Navigator`` and the lifecycle hooks what changed, in order.
///
/// **Isolation.** A runner is not `Sendable`: create it and use it from one
/// isolation domain, typically the main actor. Its `async` methods run on
/// the caller's actor (`#isolation`), so a UIKit or SwiftUI navigator is
/// called synchronously on the main actor; only task hooks (`@Sendable`) run
/// elsewhere. The runner is bound to the actor it is created on (or, when
/// created outside any actor, to the isolation of its first use); starting,
/// sending, restoring or attaching a navigator from another isolation stops
/// the program with a message that says so, instead of calling a main-actor
/// navigator off the main actor.
///
/// **Atomic steps.** When an event, a task hook, a timeout or a cancellation
/// fails a step, the state is unchanged, nothing is told to the navigator,
/// and the error says why. The runner stays usable.
///
/// **Events during a task.** While a task hook runs, the runner is busy:
/// another event is rejected with ``RuntimeError/busy(task:)`` (never queued,
/// never interleaved). Events sent from a hook or the navigator while a
/// step's effects are being delivered are rejected the same way.
public final class FlowRunner {
  /// The pure engine the runner drives.
  public let engine: FlowEngine
  /// What the UI mirrors (held strongly: an object that owns the runner
  /// must not be its navigator, or neither is ever released; let it own a
  /// ``NavigationMirror`` and set that as the navigator). Assigning one
  /// tells it nothing; ``attach(_:)`` tells it the current state.
  public var navigator: (any Navigator)? {
    didSet { core.navigatorChanged(to: navigator) }
  }
  /// How long a task hook may take before the step is abandoned with
  /// ``RuntimeError/taskTimedOut(task:timeout:)``; `nil` waits forever. A
  /// task registered with ``registerTask(_:timeout:_:)`` has its own.
  public var hookTimeout: Duration?
  /// The default ``hookTimeout``: 30 seconds, a generous network request.
  public static let defaultHookTimeout: Duration = .seconds(30)
  /// The clock timeouts are measured on (inject one in tests).
  public var clock: any Clock<Duration>
  /// Where the runner logs (`flowgraph.runtime`): each step at `debug`,
  /// refusals at `debug`, hook failures at `warning`. Whether steps are
  /// logged is decided from its level when it is set (assign the logger, or
  /// its `logLevel`, to change it).
  public var logger: Logger {
    didSet { core.logsSteps = logger.logLevel <= .debug }
  }
  /// Called with the record of every committed step (including the start),
  /// before the observers added with ``addStepObserver(_:)``. Reading it
  /// gives every observer, composed (`nil` when there is none). Observing a
  /// step never changes how it is taken.
  public var onStep: ((StepRecord) -> Void)? {
    get { core.stepHook }
    set { core.setSoleStepObserver(newValue) }
  }

  /// The current state. Changes only when a step is committed.
  public var state: FlowState { core.state }
  /// The number of steps committed (the start is step 0).
  public var steps: Int { core.steps }

  /// The state, the hooks and the navigator as the steps use them.
  let core: UncheckedRunnerCore
  var taskHooks: [TaskHook?]
  /// Per task: its own timeout when registered with one (`.some(nil)`: none).
  var taskTimeouts: [Duration??]
  /// The effects of a step taken generally, or observed.
  private var buffer: [Effect] = []

  /// Creates a runner for a graph that is free of error findings, bound to
  /// the caller's actor (see "Isolation"). Task hooks get `hookTimeout`
  /// (``defaultHookTimeout`` unless given; `nil` waits forever).
  public convenience init(
    graph: FlowGraph, navigator: (any Navigator)? = nil,
    hookTimeout: Duration? = FlowRunner.defaultHookTimeout,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger = Logger(label: "flowgraph.runtime"),
    isolation: isolated (any Actor)? = #isolation
  ) {
    self.init(
      engine: FlowEngine(graph: graph), navigator: navigator, hookTimeout: hookTimeout,
      clock: clock, logger: logger, isolation: isolation)
  }

  /// Creates a runner on an engine (tests give one that forces the general
  /// path, to compare the quick path with it).
  init(
    engine: FlowEngine, navigator: (any Navigator)? = nil,
    hookTimeout: Duration? = FlowRunner.defaultHookTimeout,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger = Logger(label: "flowgraph.runtime"),
    isolation: isolated (any Actor)? = #isolation
  ) {
    let graph = engine.graph
    self.engine = engine
    self.navigator = navigator
    self.hookTimeout = hookTimeout
    self.clock = clock
    self.logger = logger
    core = UncheckedRunnerCore(
      graph: graph, navigator: navigator, isolation: RunnerIsolation(creator: isolation))
    core.logsSteps = logger.logLevel <= .debug
    taskHooks = Array(repeating: nil, count: graph.tasks.count)
    taskTimeouts = Array(repeating: nil, count: graph.tasks.count)
    buffer.reserveCapacity(16)
  }

  /// The graph being run.
  public var graph: FlowGraph { engine.graph }

  /// Whether a task hook is running (events are rejected meanwhile).
  public var isBusy: Bool { core.runningTask != nil || core.delivering }

  /// The screen the user is on.
  public var currentScreen: ScreenInstance? { core.state.top }

  /// The flow the user is in.
  public var currentFlow: FlowInstance? { state.top.flatMap { state.flow($0.flow) } }

  /// The events possible now.
  public func possibleEvents() -> [PossibleEvent] { engine.possibleEvents(in: state) }

  // MARK: Driving

  /// Starts the run with a flow (the graph's entry when `nil`) and its input
  /// by field name (type-checked).
  public func start(
    flow: String? = nil, input: [String: Value] = [:],
    isolation: isolated (any Actor)? = #isolation
  ) async throws(RuntimeError) {
    core.isolation.check(isolation, "start")
    try checkIdle()
    let id = try resolveFlow(flow)
    clearBuffer()
    let suspension: Suspension?
    do {
      suspension = try engine.start(id, input: input, state: &core.state, effects: &buffer)
    } catch {
      refused("start", error)
      throw error
    }
    if let suspension {
      try await complete(suspension, event: "start")
    } else {
      deliver(event: "start")
    }
  }

  /// Sends an event. Returns once its step is committed and delivered;
  /// throws (with the state unchanged) when it is not possible or a task
  /// hook fails.
  public func send(_ event: FlowEvent, isolation: isolated (any Actor)? = #isolation)
    async throws(RuntimeError)
  {
    core.isolation.check(isolation, "send")
    try checkIdle()
    if case .quick(let plan) = plan(event) {
      if core.isObserved { takeObserved(plan, event) } else { take(plan) }
      return
    }
    let label = onStep == nil ? "" : engine.describe(event, in: state)
    clearBuffer()
    let suspension: Suspension?
    do {
      suspension = try engine.applyGenerally(event, to: &core.state, effects: &buffer)
    } catch {
      refused(event, error)
      throw error
    }
    if let suspension {
      try await complete(suspension, event: label)
    } else {
      deliver(event: label)
    }
  }

  /// Sends an event that needs no task, synchronously: the fast path for UI
  /// code (a push or pop without params allocates nothing). Throws
  /// ``RuntimeError/needsTask(task:)``, with the state unchanged, when the
  /// event would run a task; send it with ``send(_:isolation:)`` then.
  public func sendSynchronously(
    _ event: FlowEvent, isolation: isolated (any Actor)? = #isolation
  ) throws(RuntimeError) {
    core.isolation.check(isolation, "sendSynchronously")
    if core.runningTask == nil, !core.delivering, !core.isObserved,
      case .quick(let plan) = plan(event)
    {
      take(plan)
      return
    }
    try sendGenerally(event)
  }

  /// ``sendSynchronously(_:)`` for what the unobserved quick path does not
  /// take: an observed step (planned by the same decision, then taken by
  /// ``takeObserved(_:_:)`` when quick), or the general path. Kept out of
  /// line, so that the quick path's caller stays small and never stores
  /// the plan for the observed step (measured: see docs/performance.md).
  @inline(never)
  private func sendGenerally(_ event: FlowEvent) throws(RuntimeError) {
    try checkIdle()
    if core.isObserved, case .quick(let plan) = plan(event) {
      takeObserved(plan, event)
      return
    }
    let label = onStep == nil ? "" : engine.describe(event, in: state)
    clearBuffer()
    let suspension: Suspension?
    do {
      suspension = try engine.applyGenerally(event, to: &core.state, effects: &buffer)
    } catch {
      refused(event, error)
      throw error
    }
    if let suspension {
      let error = RuntimeError.needsTask(task: graph.tasks[suspension.task.index].name)
      refused(event, error)
      throw error
    }
    deliver(event: label)
  }

  /// How the engine takes `event` in the current state
  /// (``FlowEngine/plan(_:in:)``, from the engine's parts: no copy of it).
  @inline(__always)
  private func plan(_ event: borrowing FlowEvent) -> StepPlan {
    FlowEngine.plan(
      event, in: &core.state, table: engine.table,
      forcingGeneralPath: engine.forcesGeneralPath)
  }

  /// Takes a quick step nobody observes: commits it, then delivers its
  /// effects straight to the navigator and the hooks (``RunnerSink``), with
  /// no effect values built. Inlined into `sendSynchronously`, it only
  /// counts the step and dispatches to the committer's function for the
  /// operation (``FlowEngine/take(_:into:)``), with the plan's values in
  /// registers.
  @inline(__always)
  private func take(_ plan: QuickPlan) {
    core.steps += 1
    core.beginDelivery()
    var sink = core.sink
    engine.take(plan, into: &sink)
    core.endDelivery()
  }

  /// A quick step that is observed: the same committer, its effects
  /// recorded as values, then delivered and traced as the general path's
  /// are.
  @inline(never)
  private func takeObserved(_ plan: QuickPlan, _ event: FlowEvent) {
    let label = onStep == nil ? "" : engine.describe(event, in: state)
    clearBuffer()
    var recorder = EffectRecorder()
    swap(&recorder.state, &core.state)
    swap(&recorder.spare, &core.spareLayers)
    swap(&recorder.effects, &buffer)
    engine.take(plan, into: &recorder)
    swap(&recorder.state, &core.state)
    swap(&recorder.spare, &core.spareLayers)
    swap(&recorder.effects, &buffer)
    deliver(event: label)
  }

  // MARK: Steps

  /// Empties the effect buffer, keeping its capacity (one element at a
  /// time: cheaper than `removeAll(keepingCapacity:)` for a handful).
  private func clearBuffer() {
    while !buffer.isEmpty { buffer.removeLast() }
  }

  /// Sets the state without a step (restoration).
  func replaceState(with state: FlowState) {
    core.state = state
  }

  private func checkIdle() throws(RuntimeError) {
    if let runningTask = core.runningTask {
      throw .busy(task: graph.tasks[runningTask.index].name)
    }
    if core.delivering { throw .busy(task: nil) }
  }

  private func resolveFlow(_ name: String?) throws(RuntimeError) -> FlowID {
    guard let name else {
      guard let entry = graph.entry else {
        throw .unknownFlow(
          "(entry)", suggestion: graph.flows.count == 1 ? graph.flows[0].name : nil)
      }
      return entry
    }
    guard let id = graph.flow(named: name) else {
      throw .unknownFlow(
        name, suggestion: NameSuggestion.best(for: name, among: graph.flows.map(\.name)))
    }
    return id
  }

  /// Calls task hooks until the step completes, then commits it.
  private func complete(
    _ suspension: Suspension, event: String, isolation: isolated (any Actor)? = #isolation
  ) async throws(RuntimeError) {
    var current = suspension
    core.runningTask = current.task
    defer { core.runningTask = nil }
    while true {
      let result = try await callHook(current)
      let next: StepResult
      do {
        next = try engine.resume(current, outcome: result.outcome, payload: result.payload)
      } catch {
        refused(current.event, error)
        throw error
      }
      switch next {
      case .completed(let step):
        core.state = step.state
        buffer = step.effects
        core.runningTask = nil
        deliver(event: event)
        return
      case .suspended(let suspension):
        current = suspension
        core.runningTask = current.task
      }
    }
  }

  private func callHook(
    _ suspension: Suspension, isolation: isolated (any Actor)? = #isolation
  ) async throws(RuntimeError) -> TaskResult {
    let task = graph.tasks[suspension.task.index]
    guard let hook = taskHooks[suspension.task.index] else {
      let error = RuntimeError.noTaskHook(task: task.name)
      refused(suspension.event, error)
      throw error
    }
    let call = TaskCall(
      task: suspension.task, name: task.name, names: task.input.map(\.name),
      values: suspension.input)
    let timeout = taskTimeouts[suspension.task.index] ?? hookTimeout
    logger.debug("task \(task.name) called", metadata: ["event": "\(suspension.event)"])
    do {
      return try await HookRace.run(hook, call, timeout: timeout, clock: clock)
    } catch {
      let failure: RuntimeError
      switch error as? HookRace.Failure {
      case .timedOut: failure = .taskTimedOut(task: task.name, timeout: timeout ?? .zero)
      case .cancelled: failure = .taskCancelled(task: task.name)
      case .threw(let underlying): failure = .taskFailed(task: task.name, underlying: underlying)
      case nil: failure = .taskFailed(task: task.name, underlying: error)
      }
      logger.warning("\(failure)", metadata: ["event": "\(suspension.event)"])
      throw failure
    }
  }

  /// Tells the navigator and the lifecycle hooks what the committed step
  /// did (through the same sink as a quick step), then traces it.
  private func deliver(event: String) {
    let number = core.steps
    core.steps += 1
    core.beginDelivery()
    defer { core.endDelivery() }
    var sink = core.sink
    for effect in buffer { sink.take(effect) }
    if let stepHook = core.stepHook {
      stepHook(graph.record(number: number, event: event, effects: buffer, state: state))
    }
    logger.debug(
      "step \(number): \(event) → \(state.layerNames(in: graph))",
      metadata: ["effects": "\(buffer.count)"])
  }

  private func refused(_ event: FlowEvent, _ error: any Error) {
    logger.debug("refused \(graph.describe(event)): \(error)")
  }

  private func refused(_ event: String, _ error: any Error) {
    logger.debug("refused \(event): \(error)")
  }
}

@available(*, unavailable)
extension FlowRunner: Sendable {}

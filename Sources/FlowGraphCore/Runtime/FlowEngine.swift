/// The pure transition function of the runtime: `(state, event) → step`.
///
/// The engine owns no state and calls no hooks: it computes the next
/// ``FlowState`` and the ordered ``Effect``s of a step, or a ``Suspension``
/// when a task's outcome is needed. ``FlowRunner`` drives it for an app. It
/// follows SPEC §2.4–2.6 and is deterministic: the same graph, state, events
/// and outcomes give the same steps.
///
/// Every function is atomic: when it throws, the state given to it is
/// unchanged. The `inout` forms mutate in place and need no allocation for a
/// push or pop without params once the `effects` buffer has capacity.
public struct FlowEngine: Sendable {
  /// The graph being run. It must be free of error findings.
  public let graph: FlowGraph
  /// The most transitions one step may take before it is refused as a loop
  /// that shows nothing (a child whose start finishes at once, restarted by
  /// its parent's handler, forever).
  public var maximumTransitionsPerStep = 10_000
  /// Whether every event takes the general path (``plan(_:in:)`` plans
  /// nothing quickly): the oracle the tests and the fuzzer compare the
  /// quick path with.
  package var forcesGeneralPath = false
  /// The graph's actions, precompiled for the quick path.
  let table: ActionTable

  /// Creates an engine for a graph.
  public init(graph: FlowGraph) {
    self.graph = graph
    // A child's input made of literals, and its start screen's params, are
    // bound once, here, exactly as a step binds them (by an engine whose
    // table is still empty).
    let binder = FlowEngine(graph: graph, table: ActionTable())
    self.table = ActionTable(graph: graph, bind: binder.constantStart(of:_:))
  }

  private init(graph: FlowGraph, table: ActionTable) {
    self.graph = graph
    self.table = table
  }

  // MARK: Pure forms

  /// The step that starts a run with `flow` and its input by name.
  public func start(
    _ flow: FlowID, input: [String: Value] = [:], from state: FlowState = FlowState()
  ) throws(RuntimeError) -> StepResult {
    var next = state
    var effects: [Effect] = []
    if let suspension = try start(flow, input: input, state: &next, effects: &effects) {
      return .suspended(suspension)
    }
    return .completed(Step(state: next, effects: effects))
  }

  /// The step an event causes in `state`.
  public func step(_ state: FlowState, _ event: FlowEvent) throws(RuntimeError) -> StepResult {
    var next = state
    var effects: [Effect] = []
    if let suspension = try apply(event, to: &next, effects: &effects) {
      return .suspended(suspension)
    }
    return .completed(Step(state: next, effects: effects))
  }

  /// Continues a suspended step with the task's outcome by name and its
  /// payload by field name (checked against the task's declaration).
  public func resume(
    _ suspension: Suspension, outcome: String, payload: [String: Value] = [:]
  ) throws(RuntimeError) -> StepResult {
    let task = graph.tasks[suspension.task.index]
    guard let index = task.outcomes.firstIndex(where: { $0.name == outcome }) else {
      throw .unknownOutcome(
        task: task.name, outcome: outcome,
        suggestion: NameSuggestion.best(for: outcome, among: task.outcomes.map(\.name)),
        declared: task.outcomes.map(\.name))
    }
    let values = try checkFields(
      task.outcomes[index].payload, payload, owner: .outcome(suspension.task, index))
    return try resume(suspension, outcome: index, payload: values)
  }

  /// Continues a suspended step with the task's outcome by index and its
  /// payload in field order (type-checked).
  public func resume(
    _ suspension: Suspension, outcome: Int, payload: [Value]
  ) throws(RuntimeError) -> StepResult {
    let task = graph.tasks[suspension.task.index]
    guard outcome >= 0, outcome < task.outcomes.count else {
      throw .unknownOutcome(
        task: task.name, outcome: "#\(outcome)", suggestion: nil,
        declared: task.outcomes.map(\.name))
    }
    let definition = task.outcomes[outcome]
    let values = try checkValues(
      definition.payload, payload, owner: .outcome(suspension.task, outcome))
    var state = suspension.state
    var effects = suspension.effects
    var queue = suspension.queue
    effects.append(.taskReturned(suspension.task, outcome: outcome, payload: values))
    switch suspension.continuation {
    case .transition(let outcomes, let path, var context):
      guard outcome < outcomes.count else {
        throw .invalidGraph(
          "task '\(task.name)' has no transition for outcome '\(definition.name)'")
      }
      context.payload = values
      queue.insert(
        .transition(outcomes[outcome], path: path?.appending(.outcome(outcome)), context: context),
        at: 0)
    case .flowStart(let outcomes, let flow, let link):
      guard outcome < outcomes.count else {
        throw .invalidGraph("task '\(task.name)' has no start for outcome '\(definition.name)'")
      }
      queue.insert(.flowStart(outcomes[outcome], flow: flow, payload: values, link: link), at: 0)
    }
    let label = Label(event: suspension.event, screen: suspension.screen)
    switch try drain(&queue, &state, &effects, label) {
    case .done:
      return .completed(Step(state: state, effects: effects))
    case .suspend(let next, let input, let continuation):
      return .suspended(
        Suspension(
          task: next, input: input, event: suspension.event, screen: suspension.screen,
          state: state, effects: effects, continuation: continuation, queue: queue))
    }
  }

  // MARK: In-place forms

  /// Starts a run in place: appends the effects and returns `nil`, or returns
  /// a suspension (leaving `state` and `effects` as they were).
  public func start(
    _ flow: FlowID, input: [String: Value], state: inout FlowState, effects: inout [Effect]
  ) throws(RuntimeError) -> Suspension? {
    guard flow.index >= 0, flow.index < graph.flows.count else {
      throw .invalidGraph("there is no \(flow)")
    }
    guard !state.hasStarted else { throw .alreadyStarted }
    let definition = graph.flows[flow.index]
    let values = try checkFields(definition.input, input, owner: .flowInput(flow))
    var next = state
    let instance = FlowInstance(
      id: FlowInstanceID(next.nextFlowInstance), flow: flow, input: values)
    next.nextFlowInstance += 1
    next.flows.append(instance)
    var produced: [Effect] = [.flowStarted(instance)]
    var queue: [Work] = [.flowStart(definition.start, flow: instance.id, payload: [], link: nil)]
    let label = Label(event: "start", screen: nil)
    switch try drain(&queue, &next, &produced, label) {
    case .done:
      state = next
      effects += produced
      return nil
    case .suspend(let task, let input, let continuation):
      return Suspension(
        task: task, input: input, event: "start", screen: nil, state: next,
        effects: produced, continuation: continuation, queue: queue)
    }
  }

  /// Applies an event in place: appends the effects and returns `nil`, or
  /// returns a suspension (leaving `state` and `effects` as they were).
  public func apply(
    _ event: FlowEvent, to state: inout FlowState, effects: inout [Effect]
  ) throws(RuntimeError) -> Suspension? {
    switch plan(event, in: &state) {
    case .quick(let plan):
      var recorder = EffectRecorder()
      swap(&recorder.state, &state)
      swap(&recorder.effects, &effects)
      take(plan, into: &recorder)
      swap(&recorder.state, &state)
      swap(&recorder.effects, &effects)
      return nil
    case .general:
      return try applyGenerally(event, to: &state, effects: &effects)
    }
  }

  /// ``apply(_:to:effects:)`` on the general path: resolves the event
  /// (reporting why it is not possible), then takes its transitions in place
  /// when they cannot fail halfway, else on a copy of the state.
  func applyGenerally(
    _ event: FlowEvent, to state: inout FlowState, effects: inout [Effect]
  ) throws(RuntimeError) -> Suspension? {
    switch event {
    case .open(let url): return try open(url, &state, &effects)
    case .cancelPendingLink: return try cancelPendingLink(&state)
    default: break
    }
    let trigger = try resolve(event, in: state)
    if state.pendingLink != nil { return try applyWhilePending(trigger, &state, &effects) }
    if trigger.popTo == nil, trigger.tab == nil,
      isLocal(trigger.kind, context: trigger.context, in: state)
    {
      // Checked before any change and never ends a flow: mutate in place.
      let mark = effects.count
      var queue: [Work] = []
      do {
        if trigger.isDismissGesture {
          try dismissGesture(&state, &effects, &queue)
        } else {
          _ = try evaluate(
            trigger.kind, trigger.arguments, path: trigger.path, trigger.context, &state,
            &effects, &queue)
        }
      } catch {
        effects.removeSubrange(mark...)
        throw self.error(error, trigger.label)
      }
      return nil
    }
    // On a copy of the state; the effects go straight into `effects` (no
    // array of their own to grow) and are taken back if the step fails or
    // suspends.
    var next = state
    let mark = effects.count
    var queue: [Work] = []
    if trigger.isDismissGesture || trigger.tab != nil {
      do throws(EvaluationFailure) {
        if let tab = trigger.tab {
          try tabEvent(tab, &next, &effects, &queue)
        } else {
          try dismissGesture(&next, &effects, &queue)
        }
      } catch {
        effects.removeSubrange(mark...)
        throw self.error(error, trigger.label)
      }
    } else {
      queue.append(
        .transition(
          trigger.transition,
          path: trigger.path, context: trigger.context))
    }
    let progress: Progress
    do throws(RuntimeError) {
      progress = try drain(&queue, &next, &effects, trigger.label)
    } catch {
      effects.removeSubrange(mark...)
      throw error
    }
    switch progress {
    case .done:
      state = next
      return nil
    case .suspend(let task, let input, let continuation):
      let produced = Array(effects[mark...])
      effects.removeSubrange(mark...)
      return Suspension(
        task: task, input: input, event: text(trigger.label), screen: trigger.label.screen,
        state: next, effects: produced, continuation: continuation, queue: queue)
    }
  }

  // MARK: Internals

  /// The event and screen a failure is reported against (rendered only
  /// when needed, so that the hot path builds no strings).
  struct Label {
    enum Event {
      case text(String)
      case action(ActionID, payload: [Value])
    }

    let event: Event
    let screen: ScreenID?

    init(event: String, screen: ScreenID?) {
      self.event = .text(event)
      self.screen = screen
    }

    init(action: ActionID, payload: [Value], screen: ScreenID?) {
      self.event = .action(action, payload: payload)
      self.screen = screen
    }
  }

  /// The event of a label in the `--events` syntax.
  func text(_ label: Label) -> String {
    switch label.event {
    case .text(let text): text
    case .action(let id, let payload): graph.describe(.resolved(id, payload: payload))
    }
  }

  /// The error a failed evaluation reports.
  func error(_ failure: EvaluationFailure, _ label: Label) -> RuntimeError {
    switch failure {
    case .impossible(let reason):
      .notPossible(event: text(label), screen: label.screen.map(screenName), reason: reason)
    case .refused(let error): error
    }
  }

  /// Runs queued work until it is done or a task is needed.
  func drain(
    _ queue: inout [Work], _ state: inout FlowState, _ effects: inout [Effect], _ label: Label
  ) throws(RuntimeError) -> Progress {
    var budget = maximumTransitionsPerStep
    while !queue.isEmpty {
      budget -= 1
      guard budget >= 0 else {
        throw .invalidGraph(
          "'\(text(label))' did not settle after \(maximumTransitionsPerStep) transitions "
            + "(a loop of flows that start and finish without showing anything)")
      }
      let work = queue.removeFirst()
      let progress: Progress
      do {
        switch work {
        case .transition(let transition, let path, let context):
          progress = try evaluate(
            transition.kind, transition.arguments, popTo: transition.popTo, path: path, context,
            &state, &effects, &queue)
        case .flowStart(let start, let flow, let payload, let link):
          progress = try begin(
            flow, at: start, payload: payload, link: link, &state, &effects, &queue)
        case .announceTabs(let screen, let opensLayer):
          announceTabs(screen, opensLayer: opensLayer, state, &effects)
          progress = .done
        case .restartTab(let screen, let tab):
          try restartTab(screen, tab: tab, &state, &effects, &queue)
          progress = .done
        case .announceTab(let screen, let tab):
          announceTab(screen, tab: tab, state, &effects)
          progress = .done
        case .followLink(let link):
          progress = follow(link, &state, &effects, &queue)
        case .resumeLink(let before):
          progress = resumeLink(before: before, &state, &effects, &queue)
        }
      } catch {
        // A route step that is not possible leaves its link pending.
        if routeStepFailed(&queue, &state, &effects) { continue }
        throw self.error(error, label)
      }
      if case .suspend = progress { return progress }
    }
    return .done
  }
}

extension FlowEngine {
  /// An event in the `--events` syntax as it applies in `state`: an action's
  /// arguments in its param order (best effort when the action is unknown).
  public func describe(_ event: FlowEvent, in state: FlowState) -> String {
    guard case .action(let name, let arguments) = event, let top = state.top,
      let id = graph.action(named: name, on: top.screen)
    else { return graph.describe(event) }
    let action = graph[id]
    guard Set(arguments.keys).isSubset(of: action.params.map(\.name)) else {
      return graph.describe(event)
    }
    let parts = action.params.compactMap { param in
      arguments[param.name].map { "\(param.name)=\($0.eventSyntax)" }
    }
    return parts.isEmpty ? name : "\(name)(\(parts.joined(separator: ",")))"
  }
}

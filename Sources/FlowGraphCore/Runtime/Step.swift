/// A committed step: the next state and what happened, in order.
public struct Step: Hashable, Sendable {
  /// The state after the step.
  public var state: FlowState
  /// The effects, in order (navigation, lifecycle, trace).
  public var effects: [Effect]

  /// Creates a step.
  public init(state: FlowState, effects: [Effect]) {
    self.state = state
    self.effects = effects
  }
}

/// What the engine did with an event: either a finished step, or a step
/// that waits for a task hook's outcome (nothing is committed until then).
public enum StepResult: Sendable {
  /// The step is complete.
  case completed(Step)
  /// The step needs a task's outcome: call the task's hook with the
  /// suspension's input, then ``FlowEngine/resume(_:outcome:payload:)``.
  case suspended(Suspension)
}

/// A step paused at a task: the task to run, its input, and everything
/// needed to continue once the hook returns. The state it started from is
/// untouched; dropping a suspension abandons the step.
public final class Suspension: Sendable {
  /// The task whose hook must decide the outcome.
  public let task: TaskID
  /// The task's input, in ``TaskDefinition/input`` order.
  public let input: [Value]
  /// The event (in the `--events` syntax) that began the step, or `start`.
  public let event: String
  /// The screen the user was on when the step began.
  let screen: ScreenID?
  /// The step's work so far (not committed).
  let state: FlowState
  let effects: [Effect]
  let continuation: Continuation
  let queue: [Work]

  init(
    task: TaskID, input: [Value], event: String, screen: ScreenID?, state: FlowState,
    effects: [Effect], continuation: Continuation, queue: [Work]
  ) {
    self.task = task
    self.input = input
    self.event = event
    self.screen = screen
    self.state = state
    self.effects = effects
    self.continuation = continuation
    self.queue = queue
  }
}

/// How a step goes on after a task returns.
enum Continuation: Sendable {
  /// A `run:` transition: its outcome picks one of these.
  case transition(outcomes: TransitionList, path: TransitionPath?, context: EvaluationContext)
  /// A flow's `start: { run: … }`: its outcome picks one of these.
  case flowStart(outcomes: [FlowStart], flow: FlowInstanceID, link: LinkScope?)
}

/// A piece of work inside one step.
enum Work: Sendable {
  /// Take a transition in a context.
  case transition(Transition, path: TransitionPath?, context: EvaluationContext)
  /// Begin a flow instance from its start (or one of its start task's
  /// outcomes); with a link's values in scope when it is on a deep link's
  /// route (SPEC §6.2).
  case flowStart(FlowStart, flow: FlowInstanceID, payload: [Value], link: LinkScope?)
  /// Tell the navigator that the tab bar of this tabs screen is shown, once
  /// its tab flows have started (SPEC §6.1).
  case announceTabs(ScreenInstanceID, opensLayer: Bool)
  /// Start tab `tab`'s flow again in this tabs screen, if it is still shown.
  case restartTab(ScreenInstanceID, tab: Int)
  /// Tell the navigator what a restarted tab's stack holds.
  case announceTab(ScreenInstanceID, tab: Int)
  /// Take the next edge of a deep link's route, once the work before it is
  /// done (SPEC §6.2).
  case followLink(LinkProgress)
  /// After an event's work, while a link is pending: when the current
  /// screen changed (from `before`) to a screen of the route, follow the
  /// rest of it.
  case resumeLink(before: ScreenInstanceID?)
}

/// Where a transition's `$name` arguments come from: the trigger's payload
/// here; the current screen's params (the flow's top screen) and the flow's
/// input are read from the state when an argument needs them (they do not
/// change before a transition has bound its arguments).
struct EvaluationContext: Sendable {
  /// The flow taking the transition.
  var flow: FlowInstanceID
  /// The trigger's payload (action params, outcome or result payload).
  var payload: [Value]
  /// The params of the action whose `run` chain is being taken: in scope in
  /// its outcomes' transitions (SPEC §6.3); empty for a start task and a
  /// result handler.
  var action: [Value] = []
  /// The screen whose params the arguments' screen params index: in a
  /// result handler, the screen it was compiled for
  /// (``FlowGraph/scopeScreen(of:)``); the flow's top screen elsewhere.
  var screen = ScreenScope.top
  /// While a deep link's route is followed (SPEC §6.2): the link values,
  /// in scope after the trigger's payload.
  var link: LinkScope?
}

/// Which screen's params an argument's screen param indexes.
enum ScreenScope: Sendable {
  /// The flow's top screen (an action, a custom back, a task's outcomes).
  case top
  /// This screen: a result handler's (``FlowGraph/scopeScreen(of:)``). When
  /// the flow's top screen is another (a tab re-select ended the child,
  /// SPEC §6.1), each param is read by name on the top screen.
  case screen(ScreenID)
  /// No screen: the handler of a `start` with `popTo … inclusive`.
  case none
}

/// The link values in scope along a deep link's route (SPEC §6.2).
struct LinkScope: Sendable {
  /// The link values, by param name, each of its target param's type.
  var values: [String: Value]
  /// On the route's last edge the link values win over `with` literals for
  /// the target's params.
  var overridesLiterals: Bool
}

/// Why evaluating a transition failed.
enum EvaluationFailure: Error {
  /// The step is not possible in this state, and why.
  case impossible(String)
  /// Any other refusal.
  case refused(RuntimeError)
}

/// Whether evaluation finished or waits for a task.
enum Progress {
  case done
  case suspend(TaskID, input: [Value], Continuation)
}

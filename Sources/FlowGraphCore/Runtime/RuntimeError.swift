/// Why the runtime refused an event, a start, a task outcome or a hook
/// registration. Whenever one is thrown, the state is unchanged.
///
/// A struct with a ``code`` (like swift-nio's `FileSystemError`): new codes
/// can be added without breaking a client's `switch`. Compare codes
/// (`error.code == .busy`) and read the fields that the code fills.
public struct RuntimeError: Error, Equatable, CustomStringConvertible {
  /// What kind of refusal it is. New codes may be added in any release.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name (`"notPossible"`).
    public let name: String

    init(_ name: String) { self.name = name }

    public var description: String { name }

    /// No run has started yet.
    public static let notStarted = Code("notStarted")
    /// ``FlowRunner/start(flow:input:isolation:)`` was called on a started run.
    public static let alreadyStarted = Code("alreadyStarted")
    /// The run's root flow has ended; nothing more can happen.
    public static let finished = Code("finished")
    /// An event arrived while a task hook of an earlier event was running
    /// (``RuntimeError/task`` names it), or from a hook or the navigator while
    /// a step's effects were being delivered (``RuntimeError/task`` is `nil`).
    public static let busy = Code("busy")
    /// A flow name that the graph does not have.
    public static let unknownFlow = Code("unknownFlow")
    /// A screen name that the graph (or the named flow) does not have.
    public static let unknownScreen = Code("unknownScreen")
    /// A screen name that several flows have; name the flow.
    public static let ambiguousScreen = Code("ambiguousScreen")
    /// A task name that the graph does not have.
    public static let unknownTask = Code("unknownTask")
    /// An action that the current screen does not have.
    public static let unknownAction = Code("unknownAction")
    /// A required field that was not given.
    public static let missingField = Code("missingField")
    /// A field that its owner does not declare.
    public static let unknownField = Code("unknownField")
    /// A field whose value does not have the declared type.
    public static let mistypedField = Code("mistypedField")
    /// The event (or a transition it leads to) cannot happen in the current state.
    public static let notPossible = Code("notPossible")
    /// A task ran that has no hook registered.
    public static let noTaskHook = Code("noTaskHook")
    /// A task hook threw (``RuntimeError/underlying`` is what it threw).
    public static let taskFailed = Code("taskFailed")
    /// A task hook did not return within its timeout.
    public static let taskTimedOut = Code("taskTimedOut")
    /// The caller was cancelled while a task hook ran.
    public static let taskCancelled = Code("taskCancelled")
    /// A task hook returned an outcome that the task does not declare.
    public static let unknownOutcome = Code("unknownOutcome")
    /// A synchronous send reached a task, which needs the asynchronous send.
    public static let needsTask = Code("needsTask")
    /// The graph cannot be run here (a transition that did not compile, an
    /// index out of range in a hand-built graph).
    public static let invalidGraph = Code("invalidGraph")
  }

  /// Where a named, typed field belongs: an action's payload, a task
  /// outcome's payload, a flow's input, or a task's input.
  public enum FieldOwner: Hashable, Sendable, CustomStringConvertible {
    /// The payload of an action of a screen.
    case action(String, screen: String)
    /// The payload of a task outcome.
    case outcome(String, task: String)
    /// The input of a flow.
    case flowInput(String)

    public var description: String {
      switch self {
      case .action(let action, let screen): "action '\(action)' of screen '\(screen)'"
      case .outcome(let outcome, let task): "outcome '\(outcome)' of task '\(task)'"
      case .flowInput(let flow): "the input of flow '\(flow)'"
      }
    }
  }

  /// What kind of refusal it is.
  public var code: Code
  /// The message, in English, naming what was refused and why.
  public var message: String
  /// The name that was looked up and not found (a flow, screen, task,
  /// action or outcome), or the event that was not possible.
  public var name: String?
  /// The task concerned (`busy`, `noTaskHook`, `task…`, `unknownOutcome`, `needsTask`).
  public var task: String?
  /// The flow concerned (`finished`, `unknownScreen` in a named flow, `unknownAction`).
  public var flow: String?
  /// The screen concerned (`unknownAction`, `notPossible`).
  public var screen: String?
  /// The field concerned and its owner (`missingField`, `unknownField`, `mistypedField`).
  public var field: String?
  /// The owner of ``field``.
  public var fieldOwner: FieldOwner?
  /// The closest existing name, for a name that was not found.
  public var suggestion: String?
  /// The names to choose from: the screen's actions, the task's declared
  /// outcomes, the flows that share an ambiguous screen name.
  public var candidates: [String] = []
  /// What a task hook threw.
  public var underlying: (any Error)?

  /// Creates an error (the runtime's factories below fill the fields).
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }

  /// Equal when the code and the message are (the message names every field).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message
  }

  static func didYouMean(_ suggestion: String?) -> String { NameSuggestion.phrase(suggestion) }
}

// The factories, one per code (the spelling of the enum this type replaced,
// so `throw .busy(task: nil)` reads as before).
extension RuntimeError {
  /// No run has started yet.
  public static var notStarted: Self { Self(.notStarted, "the run has not started yet") }

  /// The run has already started.
  public static var alreadyStarted: Self {
    Self(.alreadyStarted, "the run has already started")
  }

  /// The run's root flow has ended.
  public static func finished(flow: String, result: String) -> Self {
    var error = Self(.finished, "the run has finished: flow '\(flow)' ended with '\(result)'")
    error.flow = flow
    error.name = result
    return error
  }

  /// An event arrived while a task ran (`task`) or a step was delivered (`nil`).
  public static func busy(task: String?) -> Self {
    let message =
      if let task {
        "an event is already being handled (task '\(task)' is running); "
          + "events that arrive meanwhile are rejected"
      } else {
        "events cannot be sent while a step's effects are being delivered "
          + "(from a hook or the navigator); send it after the current step"
      }
    var error = Self(.busy, message)
    error.task = task
    return error
  }

  /// A flow name that the graph does not have.
  public static func unknownFlow(_ name: String, suggestion: String?) -> Self {
    var error = Self(.unknownFlow, "there is no flow '\(name)'" + didYouMean(suggestion))
    error.name = name
    error.suggestion = suggestion
    return error
  }

  /// A screen name that the graph (or the named flow) does not have.
  public static func unknownScreen(_ name: String, flow: String?, suggestion: String?) -> Self {
    let place = flow.map { " in flow '\($0)'" } ?? ""
    var error = Self(
      .unknownScreen, "there is no screen '\(name)'\(place)" + didYouMean(suggestion))
    error.name = name
    error.flow = flow
    error.suggestion = suggestion
    return error
  }

  /// A screen name that several flows have.
  public static func ambiguousScreen(_ name: String, flows: [String]) -> Self {
    var error = Self(
      .ambiguousScreen,
      "screen '\(name)' exists in several flows ("
        + flows.map { "'\($0)'" }.joined(separator: ", ") + "); name the flow")
    error.name = name
    error.candidates = flows
    return error
  }

  /// A task name that the graph does not have.
  public static func unknownTask(_ name: String, suggestion: String?) -> Self {
    var error = Self(.unknownTask, "there is no task '\(name)'" + didYouMean(suggestion))
    error.name = name
    error.suggestion = suggestion
    return error
  }

  /// An action that the current screen does not have.
  public static func unknownAction(
    _ name: String, screen: String, flow: String, suggestion: String?, available: [String]
  ) -> Self {
    let list =
      available.isEmpty
      ? "; it has no actions" : "; its actions: " + available.joined(separator: ", ")
    var error = Self(
      .unknownAction,
      "screen '\(screen)' of flow '\(flow)' has no action '\(name)'" + didYouMean(suggestion)
        + list)
    error.name = name
    error.screen = screen
    error.flow = flow
    error.suggestion = suggestion
    error.candidates = available
    return error
  }

  /// A required field that was not given.
  public static func missingField(_ owner: FieldOwner, field: String, type: String) -> Self {
    var error = Self(.missingField, "\(owner) needs '\(field)' (\(type))")
    error.fieldOwner = owner
    error.field = field
    return error
  }

  /// A field that its owner does not declare.
  public static func unknownField(_ owner: FieldOwner, field: String, suggestion: String?) -> Self {
    var error = Self(.unknownField, "\(owner) has no field '\(field)'" + didYouMean(suggestion))
    error.fieldOwner = owner
    error.field = field
    error.suggestion = suggestion
    return error
  }

  /// A field whose value does not have the declared type.
  public static func mistypedField(
    _ owner: FieldOwner, field: String, expected: String, got: String
  ) -> Self {
    var error = Self(.mistypedField, "'\(field)' of \(owner) must be \(expected), not \(got)")
    error.fieldOwner = owner
    error.field = field
    return error
  }

  /// A field of type `int` given, as text, an integer that `int` cannot
  /// hold (``IntegerLiteral``): a ``Code/mistypedField`` whose message names
  /// the overflow, not the type.
  package static func outOfRangeField(_ owner: FieldOwner, field: String, text: String) -> Self {
    var error = Self(.mistypedField, "'\(field)' of \(owner): \(IntegerLiteral.outOfRange(text))")
    error.fieldOwner = owner
    error.field = field
    return error
  }

  /// The event cannot happen in the current state.
  public static func notPossible(event: String, screen: String?, reason: String) -> Self {
    let place = screen.map { " on screen '\($0)'" } ?? ""
    var error = Self(.notPossible, "'\(event)' is not possible\(place): \(reason)")
    error.name = event
    error.screen = screen
    return error
  }

  /// A task ran that has no hook registered.
  public static func noTaskHook(task: String) -> Self {
    var error = Self(.noTaskHook, "task '\(task)' ran, but no hook is registered for it")
    error.task = task
    return error
  }

  /// A task hook threw `underlying`.
  public static func taskFailed(task: String, underlying: any Error) -> Self {
    var error = Self(.taskFailed, "task '\(task)' failed: \(underlying)")
    error.task = task
    error.underlying = underlying
    return error
  }

  /// A task hook did not return within `timeout`.
  public static func taskTimedOut(task: String, timeout: Duration) -> Self {
    var error = Self(
      .taskTimedOut, "task '\(task)' did not return within \(timeout); the step was abandoned")
    error.task = task
    return error
  }

  /// The caller was cancelled while a task hook ran.
  public static func taskCancelled(task: String) -> Self {
    var error = Self(.taskCancelled, "the step was cancelled while task '\(task)' was running")
    error.task = task
    return error
  }

  /// A task hook returned an outcome that the task does not declare.
  public static func unknownOutcome(
    task: String, outcome: String, suggestion: String?, declared: [String]
  ) -> Self {
    var error = Self(
      .unknownOutcome,
      "task '\(task)' returned '\(outcome)', which is not one of its outcomes"
        + didYouMean(suggestion) + " (declared: " + declared.joined(separator: ", ") + ")")
    error.task = task
    error.name = outcome
    error.suggestion = suggestion
    error.candidates = declared
    return error
  }

  /// A synchronous send reached a task.
  public static func needsTask(task: String) -> Self {
    var error = Self(
      .needsTask, "the event runs task '\(task)'; send it with the asynchronous send")
    error.task = task
    return error
  }

  /// The graph cannot be run here.
  public static func invalidGraph(_ reason: String) -> Self {
    Self(.invalidGraph, "the graph cannot run: \(reason)")
  }

}

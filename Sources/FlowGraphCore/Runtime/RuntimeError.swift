/// Why the runtime refused an event, a start, a task outcome or a hook
/// registration. Whenever one is thrown, the state is unchanged.
public enum RuntimeError: Error, CustomStringConvertible {
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

  /// No run has started yet.
  case notStarted
  /// ``FlowRunner/start(flow:input:isolation:)`` was called on a started run.
  case alreadyStarted
  /// The run's root flow has ended; nothing more can happen.
  case finished(flow: String, result: String)
  /// An event arrived while a task hook of an earlier event was running
  /// (`task`), or from a hook or the navigator while a step's effects were
  /// being delivered (`task` is `nil`); the event is rejected (see
  /// docs/runtime.md, "Events during a step").
  case busy(task: String?)
  /// A flow name that the graph does not have.
  case unknownFlow(String, suggestion: String?)
  /// A screen name that the graph does not have (in the named flow, when given).
  case unknownScreen(String, flow: String?, suggestion: String?)
  /// A screen name that several flows have; name the flow.
  case ambiguousScreen(String, flows: [String])
  /// A task name that the graph does not have.
  case unknownTask(String, suggestion: String?)
  /// An action that the current screen does not have.
  case unknownAction(String, screen: String, flow: String, suggestion: String?, available: [String])
  /// A required field that was not given.
  case missingField(FieldOwner, field: String, type: String)
  /// A field that its owner does not declare.
  case unknownField(FieldOwner, field: String, suggestion: String?)
  /// A field whose value does not have the declared type.
  case mistypedField(FieldOwner, field: String, expected: String, got: String)
  /// The event (or a transition it leads to) cannot happen in the current state.
  case notPossible(event: String, screen: String?, reason: String)
  /// A task ran that has no hook registered.
  case noTaskHook(task: String)
  /// A task hook threw.
  case taskFailed(task: String, underlying: any Error)
  /// A task hook did not return within the embedder's timeout.
  case taskTimedOut(task: String, timeout: Duration)
  /// The caller was cancelled while a task hook ran.
  case taskCancelled(task: String)
  /// A task hook returned an outcome that the task does not declare.
  case unknownOutcome(task: String, outcome: String, suggestion: String?, declared: [String])
  /// A synchronous send reached a task, which needs the asynchronous send.
  case needsTask(task: String)
  /// The graph cannot be run here (a transition that did not compile, an
  /// index out of range in a hand-built graph).
  case invalidGraph(String)

  public var description: String {
    switch self {
    case .notStarted:
      return "the run has not started yet"
    case .alreadyStarted:
      return "the run has already started"
    case .finished(let flow, let result):
      return "the run has finished: flow '\(flow)' ended with '\(result)'"
    case .busy(let task?):
      return "an event is already being handled (task '\(task)' is running); "
        + "events that arrive meanwhile are rejected"
    case .busy(nil):
      return "events cannot be sent while a step's effects are being delivered "
        + "(from a hook or the navigator); send it after the current step"
    case .unknownFlow(let name, let suggestion):
      return "there is no flow '\(name)'" + Self.didYouMean(suggestion)
    case .unknownScreen(let name, let flow, let suggestion):
      let place = flow.map { " in flow '\($0)'" } ?? ""
      return "there is no screen '\(name)'\(place)" + Self.didYouMean(suggestion)
    case .ambiguousScreen(let name, let flows):
      return "screen '\(name)' exists in several flows ("
        + flows.map { "'\($0)'" }.joined(separator: ", ") + "); name the flow"
    case .unknownTask(let name, let suggestion):
      return "there is no task '\(name)'" + Self.didYouMean(suggestion)
    case .unknownAction(let name, let screen, let flow, let suggestion, let available):
      let list =
        available.isEmpty
        ? "; it has no actions" : "; its actions: " + available.joined(separator: ", ")
      return "screen '\(screen)' of flow '\(flow)' has no action '\(name)'"
        + Self.didYouMean(suggestion) + list
    case .missingField(let owner, let field, let type):
      return "\(owner) needs '\(field)' (\(type))"
    case .unknownField(let owner, let field, let suggestion):
      return "\(owner) has no field '\(field)'" + Self.didYouMean(suggestion)
    case .mistypedField(let owner, let field, let expected, let got):
      return "'\(field)' of \(owner) must be \(expected), not \(got)"
    case .notPossible(let event, let screen, let reason):
      let place = screen.map { " on screen '\($0)'" } ?? ""
      return "'\(event)' is not possible\(place): \(reason)"
    case .noTaskHook(let task):
      return "task '\(task)' ran, but no hook is registered for it"
    case .taskFailed(let task, let underlying):
      return "task '\(task)' failed: \(underlying)"
    case .taskTimedOut(let task, let timeout):
      return "task '\(task)' did not return within \(timeout); the step was abandoned"
    case .taskCancelled(let task):
      return "the step was cancelled while task '\(task)' was running"
    case .unknownOutcome(let task, let outcome, let suggestion, let declared):
      return "task '\(task)' returned '\(outcome)', which is not one of its outcomes"
        + Self.didYouMean(suggestion) + " (declared: " + declared.joined(separator: ", ") + ")"
    case .needsTask(let task):
      return "the event runs task '\(task)'; send it with the asynchronous send"
    case .invalidGraph(let reason):
      return "the graph cannot run: \(reason)"
    }
  }

  static func didYouMean(_ suggestion: String?) -> String { NameSuggestion.phrase(suggestion) }
}

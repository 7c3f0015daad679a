/// A task's answer in a generated run: the outcome its hook returns, with a
/// sample payload.
public struct TaskChoice: Hashable, Sendable {
  /// The task.
  public var task: TaskID
  /// The outcome's index in the task's outcomes.
  public var outcome: Int
  /// The payload, in the outcome's field order.
  public var payload: [Value]

  /// Creates a choice.
  public init(task: TaskID, outcome: Int, payload: [Value]) {
    self.task = task
    self.outcome = outcome
    self.payload = payload
  }
}

/// One step of a generated run: an event (with sample arguments) and the
/// task outcomes the step takes, in the order the tasks run. The start of a
/// run is a step with no event.
public struct PathStep: Hashable, Sendable {
  /// The event; `nil` for the start.
  public var event: FlowEvent?
  /// The event in the `--events` syntax (arguments in the action's param
  /// order); empty for the start.
  public var text: String
  /// The tasks' outcomes, in the order the tasks run.
  public var outcomes: [TaskChoice]

  /// Creates a step.
  public init(event: FlowEvent?, text: String, outcomes: [TaskChoice]) {
    self.event = event
    self.text = text
    self.outcomes = outcomes
  }
}

extension FlowGraph {
  /// A task choice in the `--outcome` syntax: `login=failure(message=message)`.
  public func describe(_ choice: TaskChoice) -> String {
    let task = self[choice.task]
    let outcome = task.outcomes[choice.outcome]
    var parts: [String] = []
    for (field, value) in zip(outcome.payload, choice.payload) {
      if value == .null && field.type.isOptional { continue }
      parts.append("\(field.name)=\(value.eventSyntax)")
    }
    let body = parts.isEmpty ? outcome.name : "\(outcome.name)(\(parts.joined(separator: ",")))"
    return "\(task.name)=\(body)"
  }
}

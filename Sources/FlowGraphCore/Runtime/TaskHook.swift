/// What a task hook is asked: which task, with which input.
public struct TaskCall: Hashable, Sendable {
  /// The task.
  public let task: TaskID
  /// The task's name.
  public let name: String
  /// The input values, in ``TaskDefinition/input`` order.
  public let values: [Value]
  /// The input fields' names, in the same order.
  public let names: [String]

  /// Creates a call.
  public init(task: TaskID, name: String, names: [String], values: [Value]) {
    self.task = task
    self.name = name
    self.names = names
    self.values = values
  }

  /// The input value of a field, by name.
  public subscript(field: String) -> Value? {
    guard let index = names.firstIndex(of: field), index < values.count else { return nil }
    return values[index]
  }

  /// The input by field name.
  public var input: [String: Value] {
    Dictionary(zip(names, values), uniquingKeysWith: { first, _ in first })
  }
}

/// What a task hook answers: one of the task's declared outcomes and its
/// payload by field name (checked by the runtime).
public struct TaskResult: Hashable, Sendable {
  /// The outcome's name.
  public var outcome: String
  /// The outcome's payload by field name.
  public var payload: [String: Value]

  /// Creates a result.
  public init(_ outcome: String, _ payload: [String: Value] = [:]) {
    self.outcome = outcome
    self.payload = payload
  }
}

/// A Swift handler for a task: decides an outcome, may suspend, may throw
/// (which abandons the step, leaving the state unchanged).
public typealias TaskHook = @Sendable (TaskCall) async throws -> TaskResult

/// One outcome a task can return, with its payload fields.
public struct OutcomeDefinition: Hashable, Sendable {
  /// The outcome's name.
  public var name: String
  /// The payload fields.
  public var payload: [Parameter]
  /// The outcome's name key.
  public var span: SourceSpan?

  /// Creates an outcome.
  public init(name: String, payload: [Parameter] = [], span: SourceSpan? = nil) {
    self.name = name
    self.payload = payload
    self.span = span
  }
}

/// A Swift handler hook that decides an outcome (`tasks:` in the DSL).
public struct TaskDefinition: Hashable, Sendable {
  /// The task's name; hooks are registered under it.
  public var name: String
  /// The task's input fields.
  public var input: [Parameter]
  /// The outcomes the hook may return.
  public var outcomes: [OutcomeDefinition]
  /// The task's name key.
  public var span: SourceSpan?

  /// Creates a task.
  public init(
    name: String,
    input: [Parameter] = [],
    outcomes: [OutcomeDefinition],
    span: SourceSpan? = nil
  ) {
    self.name = name
    self.input = input
    self.outcomes = outcomes
    self.span = span
  }
}

/// A named type from `types:` — in DSL v1, an enum of string cases.
public struct TypeDefinition: Hashable, Sendable {
  /// The type's name.
  public var name: String
  /// The enum's cases, in file order.
  public var cases: [String]
  /// The type's name key.
  public var span: SourceSpan?

  /// Creates a type.
  public init(name: String, cases: [String], span: SourceSpan? = nil) {
    self.name = name
    self.cases = cases
    self.span = span
  }
}

import FlowGraphCore

/// A resolved `name: type` field during compilation. Its type is `nil` when
/// the type expression was malformed or named an undefined type (reported
/// once, where the field is declared): arguments to it and from it are then
/// not type-checked.
struct Field: Sendable {
  var name: String
  var type: ValueType?
  /// Whether the field is `T?` (known from the expression even when `T` is not).
  var isOptional: Bool
  /// The type as written, for messages.
  var typeText: String
  /// The field's name key.
  var range: SourceRange

  /// The field as a model parameter (an unresolved type becomes `string`, a
  /// placeholder: a graph with errors never runs).
  var parameter: Parameter {
    Parameter(name: name, type: type ?? (isOptional ? .optional(.string) : .string), range: range)
  }
}

/// A result of a flow or an outcome of a task, resolved.
struct NamedPayload: Sendable {
  var name: String
  var fields: [Field]
  /// The name key.
  var range: SourceRange
}

/// Everything about a flow that other flows' transitions need: its input and
/// results (compiled before any transition).
struct FlowSignature: Sendable {
  var name: String
  var input: [Field]
  var results: [NamedPayload]
  var resultIndex: [String: Int]
  /// The flow's screens by name.
  var screenIDs: [String: ScreenID]
  /// The id of the flow's first screen; its screens have consecutive ids in
  /// file order.
  var firstScreen: Int
  /// Whether a misspelled key may hold some of the flow's screens, input or
  /// results: what is not found is then not reported.
  var isIncomplete: Bool
}

/// Everything about a task that `run` transitions need.
struct TaskSignature: Sendable {
  var name: String
  var input: [Field]
  var outcomes: [NamedPayload]
  var outcomeIndex: [String: Int]
  /// Whether a misspelled key may hold some of its input or outcomes.
  var isIncomplete: Bool
}

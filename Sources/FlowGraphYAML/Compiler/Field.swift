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
  var range: SyntaxRange
  /// The default value, of the field's type (SPEC §6.3); `nil` when none was
  /// written or it did not fit (reported).
  var defaultValue: Value? = nil
  /// Whether a default was written: the field need not be supplied.
  var hasDefault = false

  /// Whether the field may be left unbound: it is optional or has a default.
  var mayBeOmitted: Bool { isOptional || hasDefault }

  /// The field as a model parameter (an unresolved type becomes `string`, a
  /// placeholder: a graph with errors never runs).
  func parameter(_ spans: SpanMaker) -> Parameter {
    Parameter(
      name: name, type: type ?? (isOptional ? .optional(.string) : .string), span: spans(range),
      defaultValue: defaultValue)
  }
}

/// A result of a flow or an outcome of a task, resolved.
struct NamedPayload: Sendable {
  var name: String
  var fields: [Field]
  /// The name key.
  var range: SyntaxRange
  /// The name's entry in the load's name table (``SyntaxName/entry``).
  var entry: Int32 = SyntaxName.noEntry

  /// Whether `other` names this result or outcome.
  @inline(__always)
  func isNamed(_ other: SyntaxName) -> Bool {
    entry >= 0 && other.entry >= 0 ? entry == other.entry : name == other.text
  }

  /// The position of the first of `payloads` that `name` names.
  static func position(of name: SyntaxName, in payloads: [NamedPayload]) -> Int? {
    payloads.firstIndex { $0.isNamed(name) }
  }
}

/// Everything about a flow that other flows' transitions need: its input and
/// results (compiled before any transition).
struct FlowSignature: Sendable {
  var name: String
  var input: [Field]
  var results: [NamedPayload]
  /// The id of the flow's first screen; its screens have consecutive ids in
  /// file order. Like the two counts below, set when the compiler reaches
  /// the flow and decodes its screens (0 until then: only the flow's own
  /// transitions name its screens).
  var firstScreen = 0
  /// How many screens the flow has.
  var screenCount = 0
  /// How many distinct names its screens have (the first screen of a name
  /// is the one a reference finds).
  var distinctScreenNames = 0
  /// Whether a misspelled key may hold some of the flow's screens, input or
  /// results: what is not found is then not reported.
  var isIncomplete: Bool

  /// The flow's screen ids.
  var screens: Range<Int> { firstScreen..<firstScreen + screenCount }
}

/// Everything about a task that `run` transitions need.
struct TaskSignature: Sendable {
  var name: String
  var input: [Field]
  var outcomes: [NamedPayload]
  /// Whether a misspelled key may hold some of its input or outcomes.
  var isIncomplete: Bool
}

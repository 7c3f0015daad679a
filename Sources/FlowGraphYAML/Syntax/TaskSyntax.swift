import FlowGraphCore

/// A task as written: a Swift hook with its input and outcomes.
struct TaskSyntax: Sendable {
  /// The task's name key.
  var name: SyntaxName
  var description: String?
  var input: [ParameterSyntax] = []
  var outcomes: [PayloadSyntax] = []
  /// Whether a misspelled key holds a map (it may hold input or outcomes).
  var isIncomplete = false
}

/// A named type as written: `Theme: { enum: [light, dark] }`.
struct TypeDefinitionSyntax: Sendable {
  /// The type's name key.
  var name: SyntaxName
  var description: String?
  /// The enum's cases.
  var cases: [SyntaxName] = []
  /// Whether the cases may be more than ``cases``: a misspelled key may hold
  /// them, or their declaration is broken (missing, not a list, empty, an
  /// item that is not a name), which is its own finding. Any string then
  /// fits (one mistake, one finding).
  var isIncomplete = false
}

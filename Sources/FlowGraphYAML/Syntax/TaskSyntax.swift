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
  /// Whether a misspelled key may hold the cases: any string then fits.
  var isIncomplete = false
}

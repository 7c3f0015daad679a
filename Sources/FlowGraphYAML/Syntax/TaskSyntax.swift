import FlowGraphCore

/// A task as written: a Swift hook with its input and outcomes.
struct TaskSyntax: Sendable {
  /// The task's name key.
  var name: SyntaxName
  var description: String?
  var input: [ParameterSyntax] = []
  var outcomes: [PayloadSyntax] = []
}

/// A named type as written: `Theme: { enum: [light, dark] }`.
struct TypeDefinitionSyntax: Sendable {
  /// The type's name key.
  var name: SyntaxName
  var description: String?
  /// The enum's cases.
  var cases: [SyntaxName] = []
}

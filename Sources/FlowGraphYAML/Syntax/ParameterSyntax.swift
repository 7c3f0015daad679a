import FlowGraphCore

/// A `name: type` field as written (a param, an input, a payload field).
struct ParameterSyntax: Sendable {
  /// The field's name key.
  var name: SyntaxName
  /// The parsed type, or `nil` when the expression is malformed (reported).
  var type: TypeExpression?
  /// The type as written.
  var typeText: String
  /// The type scalar.
  var typeRange: SyntaxRange
  /// The default value, in the map form `{ type: T, default: LITERAL }`.
  var defaultValue: LiteralSyntax?
  /// The default's value node.
  var defaultRange: SyntaxRange?
  /// Whether a default was written (even one that did not decode, which was
  /// reported): the field is then never reported missing.
  var hasDefault = false
}

/// A named set of payload fields: a flow's result or a task's outcome.
struct PayloadSyntax: Sendable {
  /// The result's or outcome's name key.
  var name: SyntaxName
  /// Its payload fields.
  var payload: [ParameterSyntax]
}

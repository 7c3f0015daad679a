import FlowGraphCore

/// A name as written in a flow file (a key or a scalar value) and where it is.
struct SyntaxName: Hashable, Sendable {
  /// The name's text.
  var text: String
  /// The scalar that holds it.
  var range: SourceRange
}

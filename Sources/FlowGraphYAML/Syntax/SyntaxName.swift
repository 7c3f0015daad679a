import FlowGraphCore

/// A name as written in a flow file (a key or a scalar value) and where it is.
struct SyntaxName: Hashable, Sendable {
  /// The name's text.
  var text: String
  /// The scalar that holds it.
  var range: SyntaxRange
  /// The text's entry in the load's ``NameTable`` (``noEntry`` for a name
  /// made elsewhere): two names of one table have the same entry exactly
  /// when they have the same text, so the compiler keys its per-load name
  /// tables by it (a flat array) instead of hashing the text.
  var entry: Int32 = SyntaxName.noEntry

  /// The entry of a name that did not come from a ``NameTable``.
  static let noEntry: Int32 = -1

  // Equality and hashing are by text and place: the entry only caches
  // where the text is in the table.
  static func == (lhs: SyntaxName, rhs: SyntaxName) -> Bool {
    lhs.text == rhs.text && lhs.range == rhs.range
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(range)
  }
}

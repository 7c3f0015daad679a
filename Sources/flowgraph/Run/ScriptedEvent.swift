/// One event of an event script, as written: a name and raw arguments.
struct ScriptedEvent: Equatable {
  /// An argument's text as written.
  struct Argument: Equatable {
    /// The argument's name.
    var name: String
    /// The value's text (a quoted value unescaped; a list's JSON text).
    var text: String
    /// Whether the value was written in double quotes.
    var quoted: Bool
  }

  /// The action's name, `back`, `dismiss`, `cancelPendingLink`, or `open:`.
  var name: String
  /// The arguments, in the order written.
  var arguments: [Argument]
  /// The event as written (trimmed).
  var source: String
  /// For `open:URL`, the URL (unquoted).
  var url: String? = nil
}

/// Why an event script could not be read; its place in the text, 1-based.
struct EventSyntaxError: Error, Equatable {
  /// What is wrong.
  var message: String
  /// The 1-based column (in characters) where it is wrong.
  var column: Int
}

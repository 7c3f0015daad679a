import FlowGraphCore

/// Suggestions for a value that is not what its place needs: each one is
/// text that, written over the value, makes it valid (a test applies every
/// suggestion and validates again).
extension SyntaxDecoder {
  /// What a YAML 1.1 boolean word (`yes`, `no`, `on`, `off`, `y`, `n`, in any
  /// case) meant: in YAML 1.2, which flow files use, it is a string.
  static func yaml11Boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "yes", "y", "on": true
    case "no", "n", "off": false
    default: nil
    }
  }

  /// The boolean a string written where one belongs was meant to be, with
  /// the "did you mean" message tail: a YAML 1.1 boolean word (`yes`),
  /// `true` or `false` in another case (`tRUE`), or a near miss (`ture`,
  /// `fals`). `nil` when it is none of them.
  static func booleanMeant(by text: String) -> (value: String, tail: String)? {
    if let value = yaml11Boolean(text) {
      return ("\(value)", "; '\(text)' is a boolean only in YAML 1.1: did you mean '\(value)'?")
    }
    let words = ["false", "true"]
    guard
      let value = words.first(where: { $0 == text.lowercased() })
        ?? NameSuggestion.best(for: text, among: words)
    else { return nil }
    return (value, "; did you mean '\(value)'?")
  }

  /// The "did you mean" message tail, note and fix for a string written at
  /// `range` where a boolean belongs (``booleanMeant(by:)``).
  func booleanHint(_ text: String, at range: SourceRange) -> (
    tail: String, notes: [Diagnostic.Note], fixes: [Diagnostic.Fix]
  )? {
    guard let meant = Self.booleanMeant(by: text) else { return nil }
    return (
      meant.tail, [Diagnostic.Note("did you mean '\(meant.value)'?")],
      [Diagnostic.Fix(replacing: range, with: meant.value)]
    )
  }

  /// The transition a string that is not a keyword was probably meant to be:
  /// `push permissions` → `{ push: permissions }` (not for `start` and `run`,
  /// which may need handlers); a misspelled keyword; a
  /// screen of the flow (or a near miss of one) → `{ push: screen }`. `nil`
  /// when nothing fits: a suggestion must be valid when applied.
  func transitionSuggestion(for text: String) -> String? {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    // Not `start` or `run`: they may need handlers, which a suggestion
    // cannot know.
    if words.count == 2, DSLKeys.navigation.contains(String(words[0])),
      words[0] != "start", words[0] != "run"
    {
      // A screen target is one of the flow's screens (or its near miss).
      let target = String(words[1])
      guard words[0] != "finish", !flowScreens.isEmpty, !flowScreens.contains(target) else {
        return "{ \(words[0]): \(target) }"
      }
      return NameSuggestion.best(for: target, among: flowScreens).map { "{ \(words[0]): \($0) }" }
    }
    if let keyword = NameSuggestion.best(for: text, among: DSLKeys.keywords) {
      return keyword
    }
    if words.count == 1,
      let screen = flowScreens.contains(text)
        ? text : NameSuggestion.best(for: text, among: flowScreens)
    {
      return "{ push: \(screen) }"
    }
    return nil
  }
}

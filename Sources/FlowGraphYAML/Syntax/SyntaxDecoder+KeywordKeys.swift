import FlowGraphCore

/// A transition keyword written as a key of a transition map:
/// `{ params: { on: bool }, stay }` is valid YAML, a map whose key `stay`
/// has no value. A keyword transition is a plain string (SPEC §2.4) and an
/// action's `params` sit only in a map with a navigation key, so the finding
/// says so, once, at the keyword, instead of "unknown key 'stay'".
extension SyntaxDecoder {
  /// Reports keyword `keyword`, a key of transition map `map`: `unknown-key`
  /// (`invalid-value` for `pop`, which is a key, `pop: screen`, here without
  /// its screen).
  mutating func reportKeywordKey(
    _ key: YAMLNode, keyword: TransitionSyntax.Keyword, in map: YAMLNode, allowsParams: Bool
  ) {
    let word = keyword.rawValue
    let rule: RuleID = keyword == .pop ? .invalidValue : .unknownKey
    if allowsParams, map["params"] != nil {
      var help =
        "an action with params needs a navigation key: to send the params and then \(Self.effect(of: keyword)), run a task that takes them, { params: …, run: task, outcomes: { done: \(word) } }; or drop 'params' and write \(word) alone"
      if keyword == .pop {
        help += "; or pop back to a named screen, { params: …, pop: screen }"
      }
      report(
        rule,
        "'\(word)' cannot sit in a map with 'params': a keyword transition is written alone, so here '\(word)' is read as a key of the map",
        at: key.range, notes: [.help(help)])
    } else if map.pairs.count == 1 {
      report(
        rule,
        "'\(word)' is read as the only key of a map, not as the keyword: write \(word) alone, without braces or colon",
        at: key.range, fixes: [Diagnostic.Fix(replacing: map.range, with: word)])
    } else {
      report(
        rule,
        "'\(word)' cannot be a key of a transition map: a keyword transition is written alone, and a map has one navigation key (\(DSLKeys.navigation.joined(separator: ", ")))",
        at: key.range)
    }
  }

  /// What the keyword does, for a help: "stay", "pop"….
  private static func effect(of keyword: TransitionSyntax.Keyword) -> String {
    switch keyword {
    case .stay: "stay"
    case .pop: "pop"
    case .popToRoot: "pop to the flow's first screen"
    case .dismiss: "dismiss"
    }
  }
}

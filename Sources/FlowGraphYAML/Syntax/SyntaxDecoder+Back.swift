import FlowGraphCore

/// A screen's `back` (SPEC §2.3): `true` (pop, the default), `false`
/// (disabled), or a transition. A value that is none of them is one
/// `invalid-value` that says all three forms, and stands in the graph as a
/// transition that did not compile, which no graph rule judges.
extension SyntaxDecoder {
  /// What every message about a wrong `back` value says it takes.
  static let backForms =
    "'back' must be true, false or a transition (pop, popToRoot, dismiss, stay, or a map such as { push: screen })"

  /// The value of a screen's `back` key.
  mutating func back(_ node: YAMLNode) -> ScreenSyntax.Back {
    switch node.scalarValue {
    case .bool(true): return .pop
    case .bool(false): return .disabled
    case .string(let text):
      if TransitionSyntax.Keyword(rawValue: text) != nil {
        return .custom(transition(node, allowsParams: false).transition)
      }
      if !reportMissingSpaceAfterColon(node) { reportInvalidBack(node, text: text) }
      return .custom(.invalid(at: range(node)))
    case .none where node.kind == .mapping:
      return .custom(transition(node, allowsParams: false).transition)
    default:
      report(.invalidValue, "\(Self.backForms), not \(node.summary)", at: node.range)
      return .custom(.invalid(at: range(node)))
    }
  }

  /// Reports a `back` string that is neither a boolean nor a keyword: a YAML
  /// 1.1 boolean word or a near miss of `true` or `false`, a near miss of a
  /// keyword, a screen's name (each with its fix), or none of them.
  private mutating func reportInvalidBack(_ node: YAMLNode, text: String) {
    if let hint = booleanHint(text, at: node.range) {
      report(
        .invalidValue, "'back' must be true, false or a transition, not '\(text)'\(hint.tail)",
        at: node.range, notes: hint.notes, fixes: hint.fixes)
      return
    }
    guard let suggestion = transitionSuggestion(for: text) else {
      report(.invalidValue, "\(Self.backForms), not '\(text)'", at: node.range)
      return
    }
    report(
      .invalidValue,
      "'back' must be true, false or a transition, not '\(text)'; did you mean '\(suggestion)'?",
      at: node.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
      fixes: [Diagnostic.Fix(replacing: node.range, with: suggestion)])
  }
}

import FlowGraphCore

extension Field: DeeplinkParam {
  /// Whether the field is `list<T>` or `list<T>?` (not when its type did
  /// not resolve).
  var isList: Bool {
    if case .list = type?.nonOptional { return true }
    return false
  }
}

extension GraphCompiler {
  /// Checks a screen's `deeplink` (`invalid-deeplink`) with the check the
  /// compiled formats' decoders make (``DeeplinkPattern/check(_:params:report:)``):
  /// well-formed, every `{name}` a param of the screen and not a list, every
  /// non-optional param in the pattern, and no other screen with the same
  /// pattern (``DeeplinkShapes``).
  mutating func checkDeeplink(_ deeplink: SyntaxName, params: [Field], screen: String, flow: String)
  {
    let checked = DeeplinkPattern.check(deeplink.text, params: params) { finding in
      let message = finding.message(pattern: deeplink.text, screen: screen, describe: describe)
      switch finding {
      case .notAParam(let name):
        guard let suggestion = suggestion(for: name, among: params.map(\.name)) else { break }
        // The note is the whole pattern: it replaces the `deeplink` value; the
        // fix rewrites it when the scalar is its source text (plain).
        let corrected = deeplink.text.split(separator: "/", omittingEmptySubsequences: false)
          .map { $0 == "{\(name)}" ? "{\(suggestion)}" : String($0) }.joined(separator: "/")
        let plain = Int(deeplink.range.end - deeplink.range.start) == deeplink.text.utf8.count
        report(
          .invalidDeeplink, "\(message); did you mean '\(corrected)'?", at: deeplink.range,
          notes: [Diagnostic.Note("did you mean '\(corrected)'?")],
          fixes: plain
            ? [Diagnostic.Fix(replacing: sourceRange(deeplink.range), with: corrected)] : [])
        return
      case .unbound:
        // The help, done, leaves no finding: each in the path, or optional.
        let notes = finding.help(pattern: deeplink.text).map { [Diagnostic.Note.help($0)] } ?? []
        report(.invalidDeeplink, message, at: deeplink.range, notes: notes)
        return
      case .malformed, .listInPath: break
      }
      report(.invalidDeeplink, message, at: deeplink.range)
    }
    guard let pattern = checked,
      let first = deeplinkShapes.claim(pattern, for: (screen, flow, deeplink.range))
    else { return }
    report(
      .invalidDeeplink,
      DeeplinkPattern.sameURLsMessage(
        pattern: deeplink.text, screen: first.screen, flow: first.flow),
      at: deeplink.range,
      notes: [Diagnostic.Note("the other deep link is here", at: sourceRange(first.range))])
  }
}

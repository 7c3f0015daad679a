extension GraphJSONReader {
  /// Refuses the deep link of `screen` (of flow `flow`, at `path`) that the
  /// compiler refuses (`invalid-deeplink`), with its check
  /// (``DeeplinkPattern/check(_:params:report:)``): malformed, a `{name}`
  /// that is not a param or is a list, a param every link must carry left
  /// unbound, or the shape of an earlier screen's pattern (``DeeplinkShapes``),
  /// so that the matcher and the routes read only patterns the compiler
  /// accepts.
  mutating func checkDeeplink(of screen: ScreenValue, flow: String, path: String)
    throws(GraphJSONError)
  {
    guard let text = screen.deeplink else { return }
    let types = self.types
    let checked = try DeeplinkPattern.check(text, params: screen.params) {
      finding throws(GraphJSONError) in
      throw GraphJSONError(
        finding.refusal(
          pattern: text, screen: screen.name, params: screen.params,
          describe: { $0.type.written { types[$0.index].name } }),
        path: path + ".deeplink")
    }
    guard let pattern = checked,
      let first = deeplinkShapes.claim(pattern, for: (screen.name, flow))
    else { return }
    throw GraphJSONError(
      DeeplinkPattern.sameURLsMessage(pattern: text, screen: first.screen, flow: first.flow),
      path: path + ".deeplink")
  }
}

extension FlowGraph {
  /// The first deep link, in screen order, that the compiler refuses
  /// (`invalid-deeplink`): its screen, where it is (`screen 'post' of flow
  /// 'app'`) and the message the compiled formats' decoders refuse it with
  /// (``DeeplinkFinding/refusal(pattern:screen:params:describe:)``). `nil`
  /// when there is none, as in every graph the compiler builds without that
  /// finding; a graph built by hand, or with the finding suppressed
  /// (`suppress: [invalid-deeplink]`), may have one, and the compiled
  /// formats cannot hold it: their writers refuse what their decoders would.
  package func refusedDeeplink() -> (screen: ScreenID, place: String, message: String)? {
    var shapes = DeeplinkShapes<ScreenID>()
    for index in screens.indices {
      let screen = screens[index]
      guard let text = screen.deeplink else { continue }
      let params = screen.params
      var refusal: String?
      let checked = DeeplinkPattern.check(text, params: params) { finding in
        guard refusal == nil else { return }
        refusal = finding.refusal(
          pattern: text, screen: screen.name, params: params, describe: { describe($0.type) })
      }
      if refusal == nil, let pattern = checked,
        let first = shapes.claim(pattern, for: ScreenID(index))
      {
        refusal = DeeplinkPattern.sameURLsMessage(
          pattern: text, screen: self[first].name, flow: flows[self[first].flow.index].name)
      }
      if let refusal {
        return (
          ScreenID(index), "screen '\(screen.name)' of flow '\(flows[screen.flow.index].name)'",
          refusal
        )
      }
    }
    return nil
  }
}

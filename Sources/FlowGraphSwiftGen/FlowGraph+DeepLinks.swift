import FlowGraphCore

extension FlowGraph {
  /// Whether any screen has a `deeplink`: the generated `Event` then has
  /// `open(URL)` and `cancelPendingLink`.
  var hasDeepLinks: Bool { screens.contains { $0.deeplink != nil } }
}

import FlowGraphCore

/// Which of DSL 1.1's system events a graph's generated `Event` has.
extension FlowGraph {
  /// Whether any screen has a `deeplink`: the generated `Event` then has
  /// `open(URL)` and `cancelPendingLink`.
  var hasDeepLinks: Bool { screens.contains { $0.deeplink != nil } }
}

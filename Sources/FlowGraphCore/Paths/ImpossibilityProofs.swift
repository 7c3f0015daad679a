/// What the validator's exact rules prove never possible, read through its
/// findings (before `suppress`): `invalid-pop` and `invalid-dismiss` at a
/// transition, `unreachable-screen` for everything on a screen,
/// `unused-result` for the handlers of a result no `finish` produces, and
/// `unroutable-deeplink` for a deep link no route reaches.
struct ImpossibilityProofs {
  private let graph: FlowGraph
  private var byRange: [SourceRange: Diagnostic] = [:]

  init(graph: FlowGraph) {
    self.graph = graph
    let rules: Set<RuleID> = [
      .invalidPop, .invalidDismiss, .unreachableScreen, .unusedResult, .unroutableDeeplink,
    ]
    for finding in Validator().findingsIgnoringSuppressions(graph)
    where rules.contains(finding.rule) {
      if let range = finding.range, byRange[range] == nil { byRange[range] = finding }
    }
  }

  /// The rule and the reason that prove an item impossible, if any does.
  func proof(for item: CoverageItem) -> (rule: RuleID, reason: String)? {
    guard !byRange.isEmpty else { return nil }
    if let screen = screen(of: item), let range = graph.range(graph[screen].span),
      let finding = byRange[range], finding.rule == .unreachableScreen
    {
      return (finding.rule, "screen '\(graph[screen].name)' is unreachable [unreachable-screen]")
    }
    if let range = graph.range(graph.transition(of: item)?.span), let finding = byRange[range],
      finding.rule == .invalidPop || finding.rule == .invalidDismiss
    {
      return (finding.rule, "it is never possible [\(finding.rule.rawValue)]")
    }
    if case .deepLink(let screen) = item, let range = graph.range(graph[screen].deeplinkSpan),
      let finding = byRange[range], finding.rule == .unroutableDeeplink
    {
      // As the rule's note says it: every param of the screen counts as carried.
      let note = ForwardGraph(graph: graph).whereRoutesStop(
        to: screen, carried: Set(graph[screen].params.map(\.name)))
      return (finding.rule, "no route reaches it: \(note) [unroutable-deeplink]")
    }
    if case .handler(let path, .declared(let index)) = item,
      case .start(let child, _, _)? = graph.transition(at: path)?.kind,
      let range = graph.range(graph[child].results[index].span), let finding = byRange[range],
      finding.rule == .unusedResult
    {
      return (
        finding.rule,
        "flow '\(graph[child].name)' never ends with '\(graph[child].results[index].name)' [unused-result]"
      )
    }
    return nil
  }

  /// The screen an item lies on (a start outcome lies on none).
  private func screen(of item: CoverageItem) -> ScreenID? {
    switch item {
    case .action(let id): return id.screen
    case .back(let screen), .gesture(let screen), .deepLink(let screen),
      .tabSelection(let screen, _):
      return screen
    case .startOutcome: return nil
    case .outcome(let path, _), .handler(let path, _):
      switch path.root {
      case .action(let id): return id.screen
      case .back(let screen), .tab(let screen, _): return screen
      }
    }
  }
}

/// `invalid-select` (SPEC §6.1): a `select: TAB` that is not possible in any
/// run where its screen is on top, because the screen is never in a tabs
/// layer (its flow runs in no tabs screen, or it is only ever shown in a
/// layer that `present` opened above the tab bar). A `select` in a tabs
/// screen's own handlers acts on that screen's tabs, and is always possible.
///
/// No false positives: where a screen could be on top in a tabs layer
/// (``FlowGraph/screensInTabsLayers()``, an over-approximation), nothing
/// is said.
struct SelectRule {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] {
    var selects: [(transition: Transition, screen: ScreenID, flow: Int)] = []
    for flow in graph.flows.indices {
      graph.forEachTransition(in: FlowID(flow)) { transition, screen in
        if case .select = transition.kind { selects.append((transition, screen, flow)) }
      }
    }
    guard !selects.isEmpty else { return [] }
    let inTabsLayer = graph.screensInTabsLayers()
    let running = graph.tabsScreensByFlow()
    var findings: [Diagnostic] = []
    for (transition, screen, flow) in selects
    where graph.screens[screen.index].tabBar == nil && !inTabsLayer[screen.index] {
      // A tab that some tabs screen of the flow lacks is `undefined-reference`'s.
      guard case .select(let tab) = transition.kind,
        !running[flow].contains(where: { graph.screens[$0.index].tabBar?.index(of: tab) == nil })
      else { continue }
      let name = graph.screens[screen.index].name
      let reason =
        running[flow].isEmpty
        ? "flow '\(graph.flows[flow].name)' runs in no tabs screen"
        : "screen '\(name)' is only ever shown in a layer presented above the tab bar"
      findings.append(
        Diagnostic(
          .invalidSelect,
          "'select: \(tab)' is never possible on screen '\(name)': \(reason)",
          at: transition.range))
    }
    return findings
  }
}

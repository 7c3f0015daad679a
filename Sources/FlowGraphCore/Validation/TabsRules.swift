/// The structural rule `invalid-tabs` (SPEC §6.1): a tabs screen is always
/// the first and only screen of its layer's base. Reported at the
/// transition, `start` or tab that breaks it, once per place:
/// - `push`, `replace`, `pop: S` (or a `popTo`) naming a tabs screen;
/// - a `start` with mode push of a flow whose start or a `root` can show a
///   tabs screen, or the use of such a flow as a tab;
/// - in a tabs screen's handlers (and the outcomes of a `run` or the
///   handlers of a `start` there), a stack change: `push`, `replace`,
///   `pop`, `popToRoot`, `pop: S`, `start` with mode push;
/// - a `finish` in a tab flow's start.
struct TabsRules {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] {
    guard graph.hasTabs else { return [] }
    var findings = Findings()
    let tabsAtBase = graph.flowsWithTabsAtBase()
    for flow in graph.flows.indices {
      graph.forEachTransition(in: FlowID(flow)) { transition, _ in
        check(transition, tabsAtBase: tabsAtBase, into: &findings)
      }
    }
    for (index, screen) in graph.screens.enumerated() {
      guard let bar = screen.tabBar else { continue }
      for tab in bar.tabs where graph.flows.indices.contains(tab.flow.index) {
        let flow = graph.flows[tab.flow.index]
        if tabsAtBase[tab.flow.index] {
          findings.add(
            "flow '\(flow.name)' shows a tabs screen at the base of its layer, so it cannot be tab '\(tab.name)' of screen '\(screen.name)': tab bars do not nest in one layer (present the inner tabs screen instead)",
            at: graph.range(tab.span))
        }
        checkStart(flow.start, of: flow, tab: tab.name, into: &findings)
        for handler in tab.handlers.results + [tab.handlers.dismissed] {
          checkHandler(handler, screen: graph.screens[index].name, into: &findings)
        }
      }
    }
    return findings.list
  }

  /// One finding per place.
  private struct Findings {
    var list: [Diagnostic] = []
    var places: Set<SourceRange> = []

    mutating func add(_ message: String, at range: SourceRange?) {
      if let range, !places.insert(range).inserted { return }
      list.append(Diagnostic(.invalidTabs, message, at: range))
    }
  }

  private func isTabsScreen(_ screen: ScreenID) -> Bool {
    graph.screens.indices.contains(screen.index) && graph.screens[screen.index].tabBar != nil
  }

  private func check(_ transition: Transition, tabsAtBase: [Bool], into findings: inout Findings) {
    if let popTo = transition.popTo, isTabsScreen(popTo.screen) {
      findings.add(
        "'popTo: \(graph[popTo.screen].name)' names a tabs screen, which is never in a tab's stack",
        at: graph.range(transition.span))
    }
    switch transition.kind {
    case .push(let screen) where isTabsScreen(screen),
      .replace(let screen) where isTabsScreen(screen),
      .popTo(let screen) where isTabsScreen(screen):
      let verb =
        switch transition.kind {
        case .push: "push"
        case .replace: "replace"
        default: "pop"
        }
      findings.add(
        "'\(verb): \(graph[screen].name)' names a tabs screen, which can only be the first and only screen of its layer: show it with 'present' or 'root', or as its flow's start",
        at: graph.range(transition.span))
    case .start(let child, .push, _)
    where tabsAtBase.indices.contains(child.index) && tabsAtBase[child.index]:
      findings.add(
        "flow '\(graph[child].name)' shows a tabs screen at the base of its layer, so it cannot be started with mode push: start it with 'mode: present'",
        at: graph.range(transition.span))
    default: break
    }
  }

  /// A `finish` in a tab flow's start (through its start task).
  private func checkStart(
    _ start: FlowStart, of flow: Flow, tab: String, into findings: inout Findings
  ) {
    switch start.kind {
    case .finish:
      findings.add(
        "flow '\(flow.name)' is tab '\(tab)', so its start must show a screen: a tab is never empty",
        at: graph.range(start.span))
    case .run(_, let outcomes):
      for outcome in outcomes { checkStart(outcome, of: flow, tab: tab, into: &findings) }
    case .screen, .invalid: break
    }
  }

  /// A stack change in a tabs screen's handler, which runs with the tabs
  /// screen as the current screen.
  private func checkHandler(
    _ transition: Transition, screen: String, into findings: inout Findings
  ) {
    let change: String? =
      switch transition.kind {
      case .push: "push"
      case .replace: "replace"
      case .pop: "pop"
      case .popToRoot: "popToRoot"
      case .popTo: "pop: S"
      case .start(_, .push, _): "start with mode push"
      default: nil
      }
    if let change {
      findings.add(
        "a handler of tabs screen '\(screen)' runs with the tabs screen as the current screen, so '\(change)' is not possible there: use 'root', 'present', 'select', a 'start' with mode present, or 'finish'",
        at: graph.range(transition.span))
    }
    switch transition.kind {
    case .run(_, let outcomes):
      for outcome in outcomes { checkHandler(outcome, screen: screen, into: &findings) }
    case .start(_, .present, let handlers):
      for handler in handlers.results + [handlers.dismissed] {
        checkHandler(handler, screen: screen, into: &findings)
      }
    default: break
    }
  }
}

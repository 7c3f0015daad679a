/// Tabs at runtime (SPEC §6.1): showing a tabs screen, selecting a tab, and
/// a tab flow that ends and starts again.
extension FlowEngine {
  /// Whether `screen` is a tabs screen.
  func isTabsScreen(_ screen: ScreenID) -> Bool {
    screen.index >= 0 && screen.index < graph.screens.count
      && graph.screens[screen.index].tabBar != nil
  }

  /// Shows a tabs screen: a tabs layer, opened on top (`replacing` nil) or
  /// in place of layer `replacing`, with one empty stack per tab; then each
  /// tab's flow starts, in tab order, as a child of the tabs screen's flow,
  /// and the navigator is told once they all show their start screens.
  /// On a deep link's route, the tab flows start with its values in scope
  /// (`link`, SPEC §6.2).
  func showTabs(
    _ shown: ScreenInstance, owner: FlowInstanceID, replacing: Int?, link: LinkScope?,
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    guard let bar = graph.screens[shown.screen.index].tabBar, !bar.tabs.isEmpty else {
      throw .refused(.invalidGraph("screen '\(screenName(shown.screen))' has no tabs"))
    }
    let layer = Layer(
      owner: owner, stacks: Array(repeating: ScreenStack(), count: bar.tabs.count),
      selected: bar.selected, tabsScreen: shown)
    if let replacing {
      state.layers[replacing] = layer
    } else {
      state.layers.append(layer)
    }
    effects.append(.screenEntered(shown))
    var work: [Work] = []
    for index in bar.tabs.indices {
      work.append(try startTab(index, of: shown, link: link, &state, &effects))
    }
    work.append(.announceTabs(shown.id, opensLayer: replacing == nil))
    queue.insert(contentsOf: work, at: 0)
  }

  /// Starts tab `index`'s flow in the tabs screen `shown` (its input bound
  /// like a `start`'s, from the tabs screen's flow); returns the work that
  /// shows its start screen.
  private func startTab(
    _ index: Int, of shown: ScreenInstance, link: LinkScope? = nil,
    _ state: inout FlowState, _ effects: inout [Effect]
  ) throws(EvaluationFailure) -> Work {
    let path = TransitionPath(root: .tab(shown.screen, index))
    guard let start = graph.transition(at: path), case .start(let child, _, _) = start.kind,
      child.index >= 0, child.index < graph.flows.count
    else {
      throw .refused(.invalidGraph("tab #\(index) of '\(screenName(shown.screen))' has no flow"))
    }
    let definition = graph.flows[child.index]
    var context = EvaluationContext(flow: shown.flow, payload: [])
    context.link = link
    let input = try values(
      definition.input, start.arguments, context, state, for: .flowInput(child))
    let instance = FlowInstance(
      id: FlowInstanceID(state.nextFlowInstance), flow: child, input: input, parent: shown.flow,
      mode: .push, origin: path, tabsScreen: shown.id)
    state.nextFlowInstance += 1
    state.flows.append(instance)
    effects.append(.flowStarted(instance))
    return .flowStart(definition.start, flow: instance.id, payload: [], link: link)
  }

  /// Puts a tab flow's start screen at the bottom of its tab's stack.
  /// Returns `false` when `instance` is not a tab flow.
  func showTabStart(
    _ shown: ScreenInstance, of instance: FlowInstance, _ state: inout FlowState,
    _ effects: inout [Effect]
  ) throws(EvaluationFailure) -> Bool {
    guard let tabsScreen = instance.tabsScreen, case .tab(_, let tab)? = instance.origin?.root
    else { return false }
    guard let layer = state.tabsLayer(tabsScreen), tab < state.layers[layer].stacks.count else {
      throw .refused(.invalidGraph("the tabs screen of tab flow \(instance.id) is not shown"))
    }
    guard !isTabsScreen(shown.screen) else {
      throw .impossible("a tab flow's start cannot show a tabs screen (tab bars do not nest)")
    }
    state.layers[layer].stacks[tab].screens.append(shown)
    effects.append(.screenEntered(shown))
    return true
  }

  /// Tells the navigator about a tab bar whose tab flows have started.
  func announceTabs(
    _ screen: ScreenInstanceID, opensLayer: Bool, _ state: FlowState, _ effects: inout [Effect]
  ) {
    guard let layer = state.tabsLayer(screen),
      let shown = tabsShown(layer: layer, in: state, opensLayer: opensLayer)
    else { return }
    effects.append(.navigation(.tabs(.shown(shown))))
  }

  /// What the navigator is told to show layer `layer` of `state` as a tab
  /// bar (its tabs, each stack, the selected tab); `nil` when the layer is
  /// not a tabs layer. The one description of a shown tab bar: a step that
  /// shows one and a replay of the state (restore, attach) both use it.
  func tabsShown(layer: Int, in state: FlowState, opensLayer: Bool) -> TabsShown? {
    guard let shown = state.layers[layer].tabsScreen,
      let bar = graph.screens[shown.screen.index].tabBar
    else { return nil }
    return TabsShown(
      screen: shown, names: bar.tabs.map(\.name),
      stacks: state.layers[layer].stacks.map(\.screens),
      selected: state.layers[layer].selected, opensLayer: opensLayer)
  }

  /// Starts tab `tab`'s flow again after it ended, if its tabs screen is
  /// still shown (SPEC §6.1: a tab is never empty).
  func restartTab(
    _ screen: ScreenInstanceID, tab: Int, _ state: inout FlowState, _ effects: inout [Effect],
    _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    guard let layer = state.tabsLayer(screen), let shown = state.layers[layer].tabsScreen,
      tab < state.layers[layer].stacks.count
    else { return }
    let start = try startTab(tab, of: shown, &state, &effects)
    queue.insert(contentsOf: [start, .announceTab(screen, tab: tab)], at: 0)
  }

  /// Tells the navigator what a restarted tab's stack holds.
  func announceTab(
    _ screen: ScreenInstanceID, tab: Int, _ state: FlowState, _ effects: inout [Effect]
  ) {
    guard let layer = state.tabsLayer(screen), tab < state.layers[layer].stacks.count else {
      return
    }
    effects.append(
      .navigation(
        .tabs(
          .stackReset(layer: layer, tab: tab, screens: state.layers[layer].stacks[tab].screens))))
  }

  /// `select: TAB`: selects the tab of the tabs layer that holds the
  /// current screen (the top layer), keeping every stack.
  func select(
    _ name: String, _ kind: Transition.Kind, _ context: EvaluationContext,
    _ state: inout FlowState, _ effects: inout [Effect]
  ) throws(EvaluationFailure) {
    let layer = state.layers.count - 1
    guard layer >= 0, let tabsScreen = state.layers[layer].tabsScreen,
      let bar = graph.screens[tabsScreen.screen.index].tabBar
    else {
      throw .impossible(
        "select is not possible: the current screen is not in a tab bar's layer"
          + (state.layers.contains { $0.tabsScreen != nil } ? " (a modal covers the tab bar)" : ""))
    }
    guard let index = bar.index(of: name) else {
      throw .impossible(
        "tabs screen '\(screenName(tabsScreen.screen))' has no tab '\(name)'; its tabs: "
          + bar.tabs.map(\.name).joined(separator: ", "))
    }
    effects.append(.transition(kind, flow: context.flow))
    if index != state.layers[layer].selected {
      state.layers[layer].selected = index
      effects.append(.navigation(.tabs(.selected(index))))
    }
  }

  /// The `tab:NAME` event: selects the tab; on the selected tab, pops its
  /// stack to its first screen (the flows left with no screen end with
  /// `dismissed`, and their handlers run).
  func tabEvent(
    _ index: Int, _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    let layer = state.layers.count - 1
    guard index != state.layers[layer].selected else {
      let screens = state.layers[layer].screens
      guard screens.count > 1 else { return }
      effects.append(.navigation(.pop(count: screens.count - 1)))
      var touched: [FlowInstanceID] = []
      for screen in screens.dropFirst().reversed() {
        effects.append(.screenExited(screen))
        if !touched.contains(screen.flow) { touched.append(screen.flow) }
      }
      state.layers[layer].screens.removeSubrange(1...)
      try endFlows(touched, finishing: nil, &state, &effects, &queue)
      return
    }
    state.layers[layer].selected = index
    effects.append(.navigation(.tabs(.selected(index))))
  }

  /// The tab a `tab:NAME` event selects in `state`, or why it is not possible.
  func tabIndex(_ name: String, in state: FlowState, screen: String) throws(RuntimeError) -> Int {
    let event = "tab:\(name)"
    guard let tabsScreen = state.layers.last?.tabsScreen else {
      throw .notPossible(
        event: event, screen: screen,
        reason: state.layers.contains { $0.tabsScreen != nil }
          ? "a modal covers the tab bar" : "no tab bar is shown")
    }
    let tabs = graph.screens[tabsScreen.screen.index].tabBar?.tabs ?? []
    guard let index = tabs.firstIndex(where: { $0.name == name }) else {
      let names = tabs.map(\.name)
      let suggestion = NameSuggestion.best(for: name, among: names)
      throw .notPossible(
        event: event, screen: screen,
        reason: "the tab bar has no tab '\(name)'"
          + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
          + "; its tabs: \(names.joined(separator: ", "))")
    }
    return index
  }
}

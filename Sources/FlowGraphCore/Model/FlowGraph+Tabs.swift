/// What the tabs rules and the runtime need to know about where tabs screens
/// are and which flows run in them (SPEC §6.1).
extension FlowGraph {
  /// Whether any screen is a tabs screen. A graph without tabs answers
  /// from its tab bar table, without reading every screen's record.
  package var hasTabs: Bool {
    !tables.tabBars.isEmpty && screens.contains { $0.tabBar != nil }
  }

  /// Every transition written in `flow` (its screens' actions, custom backs
  /// and tab handlers, with the handlers and outcomes nested in them), each
  /// with the screen it is written on, outermost first.
  public func forEachTransition(
    in flow: FlowID, _ body: (_ transition: Transition, _ screen: ScreenID) -> Void
  ) {
    func visit(_ transition: Transition, _ screen: ScreenID) {
      body(transition, screen)
      switch transition.kind {
      case .start(_, _, let handlers):
        for handler in handlers.results { visit(handler, screen) }
        visit(handlers.dismissed, screen)
      case .run(_, let outcomes):
        for outcome in outcomes { visit(outcome, screen) }
      default: break
      }
    }
    for id in flows[flow.index].screens where screens.indices.contains(id.index) {
      let screen = screens[id.index]
      for action in screen.actions { visit(action.transition, id) }
      if case .custom(let transition) = screen.back { visit(transition, id) }
      for tab in screen.tabBar?.tabs ?? [] {
        for handler in tab.handlers.results { visit(handler, id) }
        visit(tab.handlers.dismissed, id)
      }
    }
  }

  /// The tabs screens each flow runs in, by flow index (SPEC §6.1): a tab
  /// flow runs in its tabs screen, and a flow started (any mode) by a flow
  /// that runs in a tabs screen runs in it too.
  public func tabsScreensByFlow() -> [[ScreenID]] {
    var running = [[ScreenID]](repeating: [], count: flows.count)
    var children = [[FlowID]](repeating: [], count: flows.count)
    for flow in flows.indices {
      forEachTransition(in: FlowID(flow)) { transition, _ in
        if case .start(let child, _, _) = transition.kind, flows.indices.contains(child.index) {
          children[flow].append(child)
        }
      }
    }
    for (index, screen) in screens.enumerated() {
      guard let bar = screen.tabBar else { continue }
      let tabsScreen = ScreenID(index)
      var pending = bar.tabs.map(\.flow).filter { flows.indices.contains($0.index) }
      while let flow = pending.popLast() {
        guard !running[flow.index].contains(tabsScreen) else { continue }
        running[flow.index].append(tabsScreen)
        pending += children[flow.index]
      }
    }
    return running
  }

  /// Whether a flow's start (through its start task) or one of its `root`
  /// transitions can show a tabs screen, by flow index: such a flow may only
  /// be the entry flow or be started with `mode: present` (SPEC §6.1).
  public func flowsWithTabsAtBase() -> [Bool] {
    func startShowsTabs(_ start: FlowStart) -> Bool {
      switch start.kind {
      case .screen(let screen):
        screens.indices.contains(screen.index) && screens[screen.index].tabBar != nil
      case .run(_, let outcomes): outcomes.contains(where: startShowsTabs)
      case .finish, .invalid: false
      }
    }
    return flows.indices.map { flow in
      if startShowsTabs(flows[flow].start) { return true }
      var found = false
      forEachTransition(in: FlowID(flow)) { transition, _ in
        if case .root(let screen) = transition.kind, screens.indices.contains(screen.index),
          screens[screen.index].tabBar != nil
        {
          found = true
        }
      }
      return found
    }
  }

  /// Whether each screen (by index) can be on top in a tabs layer: a screen
  /// of a flow that runs in a tab's stack (a tab flow, or a child started
  /// with mode push from such a screen), shown by its flow's start, `root`,
  /// or a `push` or `replace` on such a screen. A screen shown only in a
  /// layer that `present` opened never is (SPEC §6.1, `invalid-select`).
  /// An over-approximation: `false` means never.
  public func screensInTabsLayers() -> [Bool] {
    var inLayer = [Bool](repeating: false, count: screens.count)
    var flowInLayer = [Bool](repeating: false, count: flows.count)
    var pending: [FlowID] = []
    for screen in screens {
      for tab in screen.tabBar?.tabs ?? [] where flows.indices.contains(tab.flow.index) {
        pending.append(tab.flow)
      }
    }
    func mark(_ screen: ScreenID, _ changed: inout Bool) {
      if screens.indices.contains(screen.index), !inLayer[screen.index] {
        inLayer[screen.index] = true
        changed = true
      }
    }
    func markStart(_ start: FlowStart, _ changed: inout Bool) {
      switch start.kind {
      case .screen(let screen): mark(screen, &changed)
      case .run(_, let outcomes): for outcome in outcomes { markStart(outcome, &changed) }
      case .finish, .invalid: break
      }
    }
    while let flow = pending.popLast() {
      guard !flowInLayer[flow.index] else { continue }
      flowInLayer[flow.index] = true
      var changed = true
      markStart(flows[flow.index].start, &changed)
      while changed {
        changed = false
        forEachTransition(in: flow) { transition, screen in
          if case .root(let target) = transition.kind { mark(target, &changed) }
          guard inLayer[screen.index], screens[screen.index].tabBar == nil else { return }
          switch transition.kind {
          case .push(let target), .replace(let target): mark(target, &changed)
          case .start(let child, .push, _) where flows.indices.contains(child.index):
            pending.append(child)
          default: break
          }
        }
      }
    }
    return inLayer
  }
}

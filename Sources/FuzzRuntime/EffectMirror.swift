import FlowGraphCore
import FuzzSupport

/// What an app that follows the effects would show and hold: a navigator's
/// layers (from the navigation changes) and the screens and flows that are
/// alive (from the lifecycle effects). After every step it must agree with
/// the runtime's state; while the effects are applied, each must make sense
/// (no screen exited twice, no flow finished while its screens are shown).
struct EffectMirror {
  /// A navigator's layer: one stack, or a tab bar's stacks (SPEC §6.1) with
  /// the selected one, which the stack changes act on.
  struct MirrorLayer: Equatable {
    var stacks: [[ScreenInstanceID]]
    var selected = 0
    var isTabBar = false

    var screens: [ScreenInstanceID] {
      get { stacks[selected] }
      set { stacks[selected] = newValue }
    }
  }

  /// The navigator's layers, bottom to top.
  private(set) var mirrored: [MirrorLayer] = []
  /// Each layer's shown stack (a tab bar's selected tab), bottom to top.
  var layers: [[ScreenInstanceID]] { mirrored.map(\.screens) }
  /// The shown screens (entered, not exited) and the flow of each.
  private(set) var shown: [ScreenInstanceID: FlowInstanceID] = [:]
  /// The live flows (started, not finished) and the parent of each.
  private(set) var live: [FlowInstanceID: FlowInstanceID?] = [:]
  /// Every flow instance ever started.
  private var started: Set<FlowInstanceID> = []

  mutating func apply(_ effects: [Effect], _ context: @autoclosure () -> String) {
    for effect in effects {
      apply(effect, context)
    }
  }

  private mutating func apply(_ effect: Effect, _ context: () -> String) {
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
      FuzzCheck.require(condition, "\(context()): effect \(effect): \(message())")
    }
    switch effect {
    case .navigation(let change):
      apply(change, require)
    case .screenEntered(let screen):
      require(shown[screen.id] == nil, "the screen is already shown")
      require(live[screen.flow] != nil, "its flow is not live")
      shown[screen.id] = screen.flow
    case .screenExited(let screen):
      require(shown[screen.id] != nil, "the screen is not shown (exited twice?)")
      shown[screen.id] = nil
    case .flowStarted(let flow):
      require(started.insert(flow.id).inserted, "the flow instance was started before")
      if let parent = flow.parent { require(live[parent] != nil, "its parent is not live") }
      live[flow.id] = .some(flow.parent)
    case .flowFinished(let flow, _, _):
      require(live[flow.id] != nil, "the flow is not live (finished twice?)")
      require(
        !shown.values.contains(flow.id), "the flow ends while some of its screens are shown")
      require(
        !live.values.contains(.some(flow.id)), "the flow ends while a child flow of it is live")
      live[flow.id] = nil
    case .transition, .taskReturned:
      break
    }
  }

  private mutating func apply(
    _ change: NavigationChange, _ require: (Bool, @autoclosure () -> String) -> Void
  ) {
    switch change {
    case .push(let screen):
      require(!mirrored.isEmpty, "push with no layer")
      guard !mirrored.isEmpty else { return }
      mirrored[mirrored.count - 1].screens.append(screen.id)
    case .pop(let count):
      require(!mirrored.isEmpty, "pop with no layer")
      guard let top = mirrored.last else { return }
      // A tab's stack may empty within a step: its flow ended and restarts.
      let least = top.isTabBar ? 0 : 1
      require(
        count >= 1 && top.screens.count - count >= least,
        "pop \(count) of a stack of \(top.screens.count)")
      mirrored[mirrored.count - 1].screens.removeLast(min(max(count, 0), top.screens.count))
    case .replace(let screen):
      require(mirrored.last?.screens.isEmpty == false, "replace with no top screen")
      guard mirrored.last?.screens.isEmpty == false else { return }
      let top = mirrored.count - 1
      mirrored[top].screens[mirrored[top].screens.count - 1] = screen.id
    case .setRoot(let screen, let keeping):
      require(!mirrored.isEmpty, "setRoot with no layer")
      guard let top = mirrored.last else { return }
      require(
        keeping >= 0 && keeping <= top.screens.count
          && (keeping < top.screens.count || top.isTabBar),
        "setRoot keeping \(keeping) of \(top.screens.count)")
      mirrored[mirrored.count - 1].screens =
        Array(top.screens.prefix(max(keeping, 0))) + [screen.id]
    case .present(let screen):
      mirrored.append(MirrorLayer(stacks: [[screen.id]]))
    case .dismiss(let count):
      require(count >= 1 && count <= mirrored.count, "dismiss \(count) of \(mirrored.count) layers")
      mirrored.removeLast(min(max(count, 0), mirrored.count))
    case .tabs(.shown(let shown)):
      require(
        shown.stacks.indices.contains(shown.selected),
        "tab \(shown.selected) selected of \(shown.stacks.count)")
      let layer = MirrorLayer(
        stacks: shown.stacks.map { $0.map(\.id) }, selected: shown.selected, isTabBar: true)
      if shown.opensLayer {
        mirrored.append(layer)
      } else {
        require(!mirrored.isEmpty, "a tab bar in place of no layer")
        guard !mirrored.isEmpty else { return }
        mirrored[mirrored.count - 1] = layer
      }
    case .tabs(.selected(let index)):
      require(mirrored.last?.isTabBar == true, "a tab selected where the top layer is no tab bar")
      guard let top = mirrored.last, top.isTabBar else { return }
      require(top.stacks.indices.contains(index), "tab \(index) of \(top.stacks.count)")
      guard top.stacks.indices.contains(index) else { return }
      mirrored[mirrored.count - 1].selected = index
    case .tabs(.stackReset(let layer, let tab, let screens)):
      require(
        mirrored.indices.contains(layer) && mirrored[layer].isTabBar
          && mirrored[layer].stacks.indices.contains(tab),
        "reset tab \(tab) of layer \(layer), which is no such tab")
      guard mirrored.indices.contains(layer), mirrored[layer].stacks.indices.contains(tab) else {
        return
      }
      mirrored[layer].stacks[tab] = screens.map(\.id)
    case .tabs(.replaced(let screen)):
      require(mirrored.last?.isTabBar == true, "a tab bar replaced where the top layer is none")
      guard !mirrored.isEmpty else { return }
      mirrored[mirrored.count - 1] = MirrorLayer(stacks: [[screen.id]])
    }
  }

  /// Checks that the mirror agrees with the runtime's state.
  func check(against state: FlowState, _ context: @autoclosure () -> String) {
    let stateLayers = state.layers.map { layer in
      MirrorLayer(
        stacks: layer.stacks.map { $0.screens.map(\.id) }, selected: layer.selected,
        isTabBar: layer.tabsScreen != nil)
    }
    FuzzCheck.require(
      stateLayers == mirrored,
      "\(context()): the navigator shows \(mirrored) but the state's layers are \(stateLayers)")
    let stateScreens = state.layers.flatMap {
      $0.stacks.flatMap(\.screens) + [$0.tabsScreen].compactMap { $0 }
    }
    FuzzCheck.require(
      Set(stateScreens.map(\.id)) == Set(shown.keys),
      "\(context()): entered minus exited screens \(shown.keys.sorted()) "
        + "are not the state's \(stateScreens.map(\.id).sorted())")
    FuzzCheck.require(
      Set(state.flows.map(\.id)) == Set(live.keys),
      "\(context()): started minus finished flows \(live.keys.sorted()) "
        + "are not the state's \(state.flows.map(\.id))")
  }
}

import FlowGraphCore
import FuzzSupport

/// What an app that follows the effects would show and hold: a navigator's
/// layers (from the navigation changes) and the screens and flows that are
/// alive (from the lifecycle effects). After every step it must agree with
/// the runtime's state; while the effects are applied, each must make sense
/// (no screen exited twice, no flow finished while its screens are shown).
struct EffectMirror {
  /// The navigator's layers, bottom to top, each its stack of screen ids.
  private(set) var layers: [[ScreenInstanceID]] = []
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
      require(!layers.isEmpty, "push with no layer")
      guard !layers.isEmpty else { return }
      layers[layers.count - 1].append(screen.id)
    case .pop(let count):
      require(!layers.isEmpty, "pop with no layer")
      guard let top = layers.last else { return }
      require(count >= 1 && count < top.count, "pop \(count) of a stack of \(top.count)")
      layers[layers.count - 1].removeLast(min(max(count, 0), top.count))
    case .replace(let screen):
      require(layers.last?.isEmpty == false, "replace with no top screen")
      guard layers.last?.isEmpty == false else { return }
      layers[layers.count - 1][layers[layers.count - 1].count - 1] = screen.id
    case .setRoot(let screen, let keeping):
      require(!layers.isEmpty, "setRoot with no layer")
      guard let top = layers.last else { return }
      require(keeping >= 0 && keeping < top.count, "setRoot keeping \(keeping) of \(top.count)")
      layers[layers.count - 1] = Array(top.prefix(max(keeping, 0))) + [screen.id]
    case .present(let screen):
      layers.append([screen.id])
    case .dismiss(let count):
      require(count >= 1 && count <= layers.count, "dismiss \(count) of \(layers.count) layers")
      layers.removeLast(min(max(count, 0), layers.count))
    case .tabs:
      // Fuzzed graphs have no tabs (DSL 1.1).
      require(false, "a tab bar change in a graph without tabs")
    }
  }

  /// Checks that the mirror agrees with the runtime's state.
  func check(against state: FlowState, _ context: @autoclosure () -> String) {
    let stateLayers = state.layers.map { $0.screens.map(\.id) }
    FuzzCheck.require(
      stateLayers == layers,
      "\(context()): the navigator shows \(layers) but the state's layers are \(stateLayers)")
    let stateScreens = state.layers.flatMap { $0.stacks.flatMap(\.screens) }
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

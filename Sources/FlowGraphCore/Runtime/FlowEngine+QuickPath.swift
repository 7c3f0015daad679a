/// What the quick path is about to do, in plain values (no reference
/// counting to pass it around).
struct QuickPlan {
  /// A push, a pop or `stay`.
  var operation: ActionTable.Operation
  /// The pushed screen (``ActionTable/Operation/push``).
  var target: ScreenID
  /// The action's index on the current screen; -1 for the system back.
  var action: Int
  /// The current screen.
  var screen: ScreenID
  /// The current flow (the one taking the transition).
  var flow: FlowInstanceID
  /// Whether the event is the dismiss gesture (no transition is taken).
  var isGesture = false
}

extension FlowEngine {
  /// Plans the common steps, which are taken in place without building
  /// effects: a push of a screen without params, a pop that leaves its flow
  /// on screen, or `stay`, by an action without params (by name or by id,
  /// with no arguments) or the default back. Returns `nil` for anything
  /// else, including every event that would fail: the general path then
  /// takes it and reports why. Reads `state` only.
  ///
  /// ``quickPush(_:_:)`` and ``quickPop(_:)`` then change the state exactly
  /// as ``apply(_:to:effects:)`` would.
  @inline(__always)
  func quickPlan(_ event: borrowing FlowEvent, in state: inout FlowState) -> QuickPlan? {
    let layer = state.layers.count - 1
    guard layer >= 0 else { return nil }
    let selected = state.layers[layer].selected
    let count = state.layers[layer].stacks[selected].screens.count
    guard count > 0 else { return nil }
    let screen = state.layers[layer].stacks[selected].screens[count - 1].screen
    let flow = state.layers[layer].stacks[selected].screens[count - 1].flow
    guard screen.index >= 0, screen.index < table.back.count, state.flowIndex(flow) != nil
    else { return nil }
    var plan = QuickPlan(
      operation: .general, target: ScreenID(-1), action: -1, screen: screen, flow: flow)
    switch event {
    case .resolved(let id, let payload):
      guard payload.isEmpty, id.screen == screen, id.index >= 0 else { return nil }
      let flat = Int(table.starts[screen.index]) + id.index
      guard flat < Int(table.starts[screen.index + 1]) else { return nil }
      plan.action = id.index
      plan.operation = table.entries[flat].operation
      plan.target = ScreenID(Int(table.entries[flat].target))
    case .action(let name, let arguments):
      guard arguments.isEmpty, let index = table.action(named: name, onScreen: screen.index)
      else { return nil }
      let flat = Int(table.starts[screen.index]) + index
      plan.action = index
      plan.operation = table.entries[flat].operation
      plan.target = ScreenID(Int(table.entries[flat].target))
    case .back:
      guard count >= 2 else { return nil }
      plan.operation = table.back[screen.index]
    case .dismiss:
      // As `resolve` checks it: a modal layer whose first screen is dismissible.
      guard layer >= 1 else { return nil }
      let first = state.layers[layer].stacks[selected].screens[0].screen.index
      guard first >= 0, first < table.dismissible.count, table.dismissible[first] else {
        return nil
      }
      plan.operation = .dismiss
      plan.isGesture = true
    }
    switch plan.operation {
    case .general:
      return nil
    case .stay, .push, .present:
      return plan
    case .dismiss:
      // Only a dismiss that ends no flow; the action's only when this flow
      // opened the layer.
      guard layer >= 1, plan.isGesture || state.layers[layer].owner == flow,
        closingEndsNoFlow(from: layer, in: state)
      else { return nil }
      return plan
    case .pop:
      // Only a pop that leaves the flow on screen (no flow ends).
      guard count >= 2, state.layers[layer].stacks[selected].screens[count - 2].flow == flow
      else { return nil }
      return plan
    }
  }

  /// Pushes the planned screen (without params); returns its instance.
  @inline(__always)
  func quickPush(_ plan: QuickPlan, _ state: inout FlowState) -> ScreenInstance {
    let instance = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: plan.target, flow: plan.flow)
    state.nextScreenInstance += 1
    let layer = state.layers.count - 1
    let selected = state.layers[layer].selected
    state.layers[layer].stacks[selected].screens.append(instance)
    return instance
  }

  /// Presents the planned screen (without params) in a new layer; returns
  /// its instance.
  @inline(__always)
  func quickPresent(_ plan: QuickPlan, _ state: inout FlowState) -> ScreenInstance {
    let instance = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: plan.target, flow: plan.flow)
    state.nextScreenInstance += 1
    state.layers.append(Layer(owner: plan.flow, screens: [instance]))
    return instance
  }

  /// Closes the top layer (planned); returns it.
  @inline(__always)
  func quickDismiss(_ state: inout FlowState) -> Layer {
    state.layers.removeLast()
  }

  /// Pops the top screen (planned); returns it.
  @inline(__always)
  func quickPop(_ state: inout FlowState) -> ScreenInstance {
    let layer = state.layers.count - 1
    let selected = state.layers[layer].selected
    return state.layers[layer].stacks[selected].screens.removeLast()
  }

  /// Takes a planned step and appends its effects, as the general path
  /// orders them.
  func apply(_ plan: QuickPlan, to state: inout FlowState, effects: inout [Effect]) {
    if !plan.isGesture {
      let kind: Transition.Kind =
        plan.action >= 0
        ? graph.screens[plan.screen.index].actions[plan.action].transition.kind : .pop
      effects.append(.transition(kind, flow: plan.flow))
    }
    switch plan.operation {
    case .general, .stay:
      break
    case .push:
      let pushed = quickPush(plan, &state)
      effects.append(.navigation(.push(pushed)))
      effects.append(.screenEntered(pushed))
    case .pop:
      let popped = quickPop(&state)
      effects.append(.navigation(.pop(count: 1)))
      effects.append(.screenExited(popped))
    case .present:
      let presented = quickPresent(plan, &state)
      effects.append(.navigation(.present(presented)))
      effects.append(.screenEntered(presented))
    case .dismiss:
      let closed = quickDismiss(&state)
      effects.append(.navigation(.dismiss(count: 1)))
      for stack in closed.stacks.reversed() {
        for screen in stack.screens.reversed() { effects.append(.screenExited(screen)) }
      }
    }
  }
}

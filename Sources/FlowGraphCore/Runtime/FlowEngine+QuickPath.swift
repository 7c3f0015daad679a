/// A step the quick path took: what it did to the top stack.
struct QuickStep {
  /// What happened.
  enum Change {
    /// `screen` was pushed.
    case pushed
    /// `screen` was popped.
    case popped
    /// Nothing changed (`stay`).
    case stayed
  }

  /// What happened.
  var change: Change
  /// The screen pushed or popped (for `stay`, the current screen).
  var screen: ScreenInstance
  /// The action taken; `nil` for the system back.
  var action: ActionID?
}

extension FlowEngine {
  /// Takes the common steps in place without building effects: a push of a
  /// screen without params, a pop that leaves its flow on screen, or `stay`,
  /// by an action without params (by name or by id, with no arguments) or
  /// the default back. Returns `nil`, with `state` untouched, for anything
  /// else, including every event that would fail: the general path then
  /// takes it and reports why.
  ///
  /// The state changes exactly as ``apply(_:to:effects:)`` would change it.
  func quickApply(_ event: FlowEvent, to state: inout FlowState) -> QuickStep? {
    let layer = state.layers.count - 1
    guard layer >= 0 else { return nil }
    let selected = state.layers[layer].selected
    let count = state.layers[layer].stacks[selected].screens.count
    guard count > 0 else { return nil }
    let top = state.layers[layer].stacks[selected].screens[count - 1]
    let screen = top.screen.index
    guard screen >= 0, screen < graph.screens.count, state.flowIndex(top.flow) != nil else {
      return nil
    }
    let operation: ActionTable.Operation
    let action: ActionID?
    var target = -1
    switch event {
    case .resolved(let id, let payload):
      guard payload.isEmpty, id.screen.index == screen, id.index >= 0 else { return nil }
      let flat = Int(table.starts[screen]) + id.index
      guard flat < Int(table.starts[screen + 1]) else { return nil }
      action = id
      operation = table.entries[flat].operation
      target = Int(table.entries[flat].target)
    case .action(let name, let arguments):
      guard arguments.isEmpty, let index = table.action(named: name, onScreen: screen) else {
        return nil
      }
      let flat = Int(table.starts[screen]) + index
      action = ActionID(screen: top.screen, index: index)
      operation = table.entries[flat].operation
      target = Int(table.entries[flat].target)
    case .back:
      guard count >= 2 else { return nil }
      action = nil
      operation = table.back[screen]
    case .dismiss:
      return nil
    }
    switch operation {
    case .general:
      return nil
    case .stay:
      return QuickStep(change: .stayed, screen: top, action: action)
    case .pop:
      // Only a pop that leaves the flow on screen (no flow ends).
      guard count >= 2,
        state.layers[layer].stacks[selected].screens[count - 2].flow == top.flow
      else { return nil }
      state.layers[layer].stacks[selected].screens.removeLast()
      return QuickStep(change: .popped, screen: top, action: action)
    case .push:
      let instance = ScreenInstance(
        id: ScreenInstanceID(state.nextScreenInstance), screen: ScreenID(target), flow: top.flow)
      state.nextScreenInstance += 1
      state.layers[layer].stacks[selected].screens.append(instance)
      return QuickStep(change: .pushed, screen: instance, action: action)
    }
  }

  /// Appends the effects of a quick step, as the general path orders them.
  /// (The flow taking the transition is the screen's: pushed, popped and
  /// current screens all belong to the current flow.)
  func appendEffects(of step: QuickStep, to effects: inout [Effect]) {
    let kind: Transition.Kind
    if let action = step.action {
      kind = graph.screens[action.screen.index].actions[action.index].transition.kind
    } else {
      kind = .pop
    }
    effects.append(.transition(kind, flow: step.screen.flow))
    switch step.change {
    case .stayed:
      break
    case .pushed:
      effects.append(.navigation(.push(step.screen)))
      effects.append(.screenEntered(step.screen))
    case .popped:
      effects.append(.navigation(.pop(count: 1)))
      effects.append(.screenExited(step.screen))
    }
  }
}

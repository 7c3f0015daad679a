extension FlowEngine {
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

  /// Presents the planned screen (without params) in a new layer, reusing a
  /// spare layer's storage when there is one; returns its instance.
  @inline(__always)
  func quickPresent(
    _ plan: QuickPlan, _ state: inout FlowState, spare: inout [Layer]
  ) -> ScreenInstance {
    let instance = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: plan.target, flow: plan.flow)
    state.nextScreenInstance += 1
    state.layers.append(Self.layer(owner: plan.flow, showing: instance, spare: &spare))
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

  /// Starts the planned child flow and shows its start screen (pushed, or
  /// in a new layer the child owns); returns both instances.
  @inline(__always)
  func quickStart(
    _ plan: QuickPlan, _ state: inout FlowState, spare: inout [Layer]
  ) -> (flow: FlowInstance, screen: ScreenInstance) {
    let isPush = plan.operation == .startPush
    let flow = FlowInstance(
      id: FlowInstanceID(state.nextFlowInstance), flow: plan.child,
      input: table.inputs[plan.entry], parent: plan.flow, mode: isPush ? .push : .present,
      origin: TransitionPath(root: .action(ActionID(screen: plan.screen, index: plan.action))))
    state.nextFlowInstance += 1
    state.flows.append(flow)
    let screen = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: plan.target, flow: flow.id,
      params: table.params[plan.entry])
    state.nextScreenInstance += 1
    let layer = state.layers.count - 1
    if isPush {
      let selected = state.layers[layer].selected
      state.layers[layer].stacks[selected].screens.append(screen)
    } else {
      state.layers.append(Self.layer(owner: flow.id, showing: screen, spare: &spare))
    }
    return (flow, screen)
  }

  /// The input of a child flow started with `arguments`, and the params of
  /// its start screen, when they are constants: the arguments are literals,
  /// and the start screen's come from literals and the input. Bound as a
  /// step binds them; `nil` when they are not constants or do not bind.
  func constantStart(
    of child: FlowID, _ arguments: [Argument]
  ) -> (input: [Value], params: [Value])? {
    func isLiteral(_ argument: Argument) -> Bool {
      if case .literal = argument.source { true } else { false }
    }
    func isConstant(_ argument: Argument) -> Bool {
      switch argument.source {
      case .literal, .flowInput: true
      case .payload, .screenParameter, .actionParameter: false
      }
    }
    guard child.index >= 0, child.index < graph.flows.count else { return nil }
    let start = graph.flows[child.index].start
    guard case .screen(let first) = start.kind, first.index >= 0,
      first.index < graph.screens.count, arguments.allSatisfy(isLiteral),
      start.arguments.allSatisfy(isConstant),
      let input = try? values(
        graph.flows[child.index].input, arguments,
        EvaluationContext(flow: FlowInstanceID(-1), payload: []), FlowState(),
        for: .flowInput(child))
    else { return nil }
    let instance = FlowInstance(id: FlowInstanceID(0), flow: child, input: input)
    let state = FlowState(flows: [instance], layers: [], nextFlowInstance: 1, nextScreenInstance: 0)
    guard
      let params = try? values(
        graph.screens[first.index].params, start.arguments,
        EvaluationContext(flow: instance.id, payload: []), state, for: .screen(first))
    else { return nil }
    return (input, params)
  }

  /// Ends the newest flow (planned, once it shows nothing); returns it.
  @inline(__always)
  func quickEnd(_ state: inout FlowState) -> FlowInstance {
    state.flows.removeLast()
  }

  /// A layer owned by `owner` whose stack is `[screen]`, made from a spare
  /// layer when there is one (no allocation).
  @inline(__always)
  static func layer(owner: FlowInstanceID, showing screen: ScreenInstance, spare: inout [Layer])
    -> Layer
  {
    guard var layer = spare.popLast() else { return Layer(owner: owner, screens: [screen]) }
    layer.owner = owner
    layer.stacks[0].screens.append(screen)
    return layer
  }

  /// Keeps a closed layer's storage for a later present (a few at most).
  @inline(__always)
  static func recycle(_ layer: consuming Layer, into spare: inout [Layer]) {
    guard spare.count < 4, layer.stacks.count == 1 else { return }
    var layer = layer
    layer.selected = 0
    layer.stacks[0].screens.removeAll(keepingCapacity: true)
    spare.append(layer)
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
    var spare: [Layer] = []
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
      let presented = quickPresent(plan, &state, spare: &spare)
      effects.append(.navigation(.present(presented)))
      effects.append(.screenEntered(presented))
    case .dismiss:
      appendClosing(quickDismiss(&state), to: &effects)
    case .startPush, .startPresent:
      let (flow, screen) = quickStart(plan, &state, spare: &spare)
      effects.append(.flowStarted(flow))
      effects.append(
        .navigation(plan.operation == .startPush ? .push(screen) : .present(screen)))
      effects.append(.screenEntered(screen))
    case .popEndingFlow:
      let popped = quickPop(&state)
      effects.append(.navigation(.pop(count: 1)))
      effects.append(.screenExited(popped))
      appendEnd(quickEnd(&state), to: &effects)
    case .dismissEndingFlow:
      appendClosing(quickDismiss(&state), to: &effects)
      appendEnd(quickEnd(&state), to: &effects)
    }
  }

  private func appendClosing(_ closed: Layer, to effects: inout [Effect]) {
    effects.append(.navigation(.dismiss(count: 1)))
    for stack in closed.stacks.reversed() {
      for screen in stack.screens.reversed() { effects.append(.screenExited(screen)) }
    }
  }

  /// A child's end with `dismissed`, then its parent's `stay` handler.
  private func appendEnd(_ ended: FlowInstance, to effects: inout [Effect]) {
    effects.append(.flowFinished(ended, result: .dismissed, payload: []))
    if let parent = ended.parent { effects.append(.transition(.stay, flow: parent)) }
  }
}

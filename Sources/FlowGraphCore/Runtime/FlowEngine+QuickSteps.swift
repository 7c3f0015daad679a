/// A quick step once committed: its plan and what it took away or added,
/// for ``FlowEngine/deliver(_:into:)`` to emit in order.
struct QuickChange {
  /// The plan taken.
  var plan: QuickPlan
  /// The pushed, presented or popped screen, or the started child's start
  /// screen.
  var screen: ScreenInstance?
  /// The closed layer (a dismiss or the gesture); hand it back to
  /// ``FlowEngine/recycle(_:into:)`` once delivered.
  var closed: Layer?
  /// The started or ended child flow.
  var flow: FlowInstance?
}

extension FlowEngine {
  /// Takes a quick step in place: changes `state` exactly as the general
  /// path would (the committer of every quick step, for the runner and for
  /// the engine's `apply`). Emits nothing: ``deliver(_:into:)`` does, once
  /// the state is committed.
  @inline(__always)
  func commit(_ plan: QuickPlan, to state: inout FlowState, spare: inout [Layer]) -> QuickChange {
    var change = QuickChange(plan: plan)
    switch plan.operation {
    case .general, .stay:
      break
    case .push:
      change.screen = quickPush(plan, &state)
    case .pop:
      change.screen = quickPop(&state)
    case .present:
      change.screen = quickPresent(plan, &state, spare: &spare)
    case .dismiss:
      change.closed = quickDismiss(&state)
    case .startPush, .startPresent:
      let (flow, screen) = quickStart(plan, &state, spare: &spare)
      change.flow = flow
      change.screen = screen
    case .popEndingFlow:
      change.screen = quickPop(&state)
      change.flow = quickEnd(&state)
    case .dismissEndingFlow:
      change.closed = quickDismiss(&state)
      change.flow = quickEnd(&state)
    }
    return change
  }

  /// Emits a committed quick step's effects into `sink`, in the order the
  /// general path produces them: the one place that order is written for
  /// the quick path, whether the runner delivers them to the navigator and
  /// the hooks or a recorder keeps them.
  @inline(__always)
  func deliver<Sink: StepSink>(_ change: borrowing QuickChange, into sink: inout Sink) {
    let plan = change.plan
    if sink.recordsTransitions, !plan.isGesture {
      let kind: Transition.Kind =
        plan.action >= 0
        ? graph.screens[plan.screen.index].actions[plan.action].transition.kind : .pop
      sink.transition(kind, flow: plan.flow)
    }
    switch plan.operation {
    case .general, .stay:
      break
    case .push:
      sink.navigation(.push(change.screen!))
      sink.screenEntered(change.screen!)
    case .pop:
      sink.navigation(.pop(count: 1))
      sink.screenExited(change.screen!)
    case .present:
      sink.navigation(.present(change.screen!))
      sink.screenEntered(change.screen!)
    case .dismiss:
      closing(change.closed!, into: &sink)
    case .startPush, .startPresent:
      sink.flowStarted(change.flow!)
      let screen = change.screen!
      sink.navigation(plan.operation == .startPush ? .push(screen) : .present(screen))
      sink.screenEntered(screen)
    case .popEndingFlow:
      sink.navigation(.pop(count: 1))
      sink.screenExited(change.screen!)
      ending(change.flow!, into: &sink)
    case .dismissEndingFlow:
      closing(change.closed!, into: &sink)
      ending(change.flow!, into: &sink)
    }
  }

  /// A closed layer: the dismiss, then its screens' exits, top first.
  @inline(__always)
  private func closing<Sink: StepSink>(_ closed: borrowing Layer, into sink: inout Sink) {
    sink.navigation(.dismiss(count: 1))
    for stack in closed.stacks.reversed() {
      for screen in stack.screens.reversed() { sink.screenExited(screen) }
    }
  }

  /// A child's end with `dismissed`, then its parent's `stay` handler.
  @inline(__always)
  private func ending<Sink: StepSink>(_ ended: FlowInstance, into sink: inout Sink) {
    sink.flowFinished(ended, result: .dismissed, payload: [])
    if sink.recordsTransitions, let parent = ended.parent {
      sink.transition(.stay, flow: parent)
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
      case .payload, .screenParameter: false
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
}

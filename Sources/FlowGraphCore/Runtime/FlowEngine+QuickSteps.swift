extension FlowEngine {
  /// Takes a quick step: the one committer of the quick path, for the
  /// runner (its ``RunnerSink``) and for the engine's `apply` (an
  /// ``EffectRecorder``). Each operation changes the sink's state exactly as
  /// the general path would (``StepSink/change(_:)``: the change is complete
  /// before anything is emitted), then emits the step's effects in the order
  /// the general path produces them: the one place that order is written for
  /// the quick path.
  ///
  /// Inlined into its caller, it only dispatches: each operation is a
  /// function of its own that takes what it reads in registers (measured:
  /// one frame that took the whole plan through memory and dispatched on it
  /// a second time cost more, see docs/performance.md, "The one seam").
  @inline(__always)
  func take<Sink: StepSink>(_ plan: QuickPlan, into sink: inout Sink) {
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
      Self.push(plan.target, flow: plan.flow, into: &sink)
    case .pop:
      Self.pop(into: &sink)
    case .present:
      Self.present(plan.target, flow: plan.flow, into: &sink)
    case .dismiss:
      Self.dismiss(into: &sink)
    case .startPush, .startPresent:
      Self.start(
        plan.operation, entry: plan.entry, action: plan.action, screen: plan.screen,
        flow: plan.flow, table: table, into: &sink)
    case .popEndingFlow:
      Self.popEndingFlow(into: &sink)
    case .dismissEndingFlow:
      Self.dismissEndingFlow(into: &sink)
    }
  }

  /// Pushes `target` (without params) for `flow`.
  @inline(never)
  static func push<Sink: StepSink>(
    _ target: ScreenID, flow: FlowInstanceID, into sink: inout Sink
  ) {
    let pushed = sink.change { state, _ in quickPush(target, flow: flow, &state) }
    sink.navigation(.push(pushed))
    sink.screenEntered(pushed)
  }

  /// Pops the top screen (planned).
  @inline(never)
  static func pop<Sink: StepSink>(into sink: inout Sink) {
    let popped = sink.change { state, _ in quickPop(&state) }
    sink.navigation(.pop(count: 1))
    sink.screenExited(popped)
  }

  /// Presents `target` (without params) for `flow` in a new layer.
  @inline(never)
  static func present<Sink: StepSink>(
    _ target: ScreenID, flow: FlowInstanceID, into sink: inout Sink
  ) {
    let presented = sink.change { state, spare in
      quickPresent(target, flow: flow, &state, spare: &spare)
    }
    sink.navigation(.present(presented))
    sink.screenEntered(presented)
  }

  /// Closes the top layer (planned: it ends no flow).
  @inline(never)
  static func dismiss<Sink: StepSink>(into sink: inout Sink) {
    let closed = sink.change { state, _ in quickDismiss(&state) }
    closing(closed, into: &sink)
    sink.recycle(closed)
  }

  /// Starts the child flow of action `entry` of the table (`action` of
  /// `screen`, for `flow`) and shows its start screen. Takes the plan's
  /// values one by one, and reads the child and its screen from the table
  /// again: a plan passed whole is stored to memory before the dispatch,
  /// for every step.
  @inline(never)
  static func start<Sink: StepSink>(
    _ operation: ActionTable.Operation, entry: Int, action: Int, screen: ScreenID,
    flow: FlowInstanceID, table: ActionTable, into sink: inout Sink
  ) {
    let plan = QuickPlan(
      operation: operation, target: ScreenID(Int(table.entries[entry].target)), action: action,
      entry: entry, screen: screen, flow: flow, child: FlowID(Int(table.entries[entry].child)))
    let (flow, screen) = sink.change { state, spare in
      quickStart(plan, table: table, &state, spare: &spare)
    }
    sink.flowStarted(flow)
    sink.navigation(plan.operation == .startPush ? .push(screen) : .present(screen))
    sink.screenEntered(screen)
  }

  /// Pops the top screen and ends its flow (planned).
  @inline(never)
  static func popEndingFlow<Sink: StepSink>(into sink: inout Sink) {
    let (popped, ended) = sink.change { state, _ in (quickPop(&state), quickEnd(&state)) }
    sink.navigation(.pop(count: 1))
    sink.screenExited(popped)
    ending(ended, into: &sink)
  }

  /// Closes the top layer and ends its flow (planned).
  @inline(never)
  static func dismissEndingFlow<Sink: StepSink>(into sink: inout Sink) {
    let (closed, ended) = sink.change { state, _ in (quickDismiss(&state), quickEnd(&state)) }
    closing(closed, into: &sink)
    ending(ended, into: &sink)
    sink.recycle(closed)
  }

  /// A closed layer: the dismiss, then its screens' exits, top first.
  @inline(__always)
  private static func closing<Sink: StepSink>(_ closed: borrowing Layer, into sink: inout Sink) {
    sink.navigation(.dismiss(count: 1))
    // By index: iterating reversed copies retained the arrays.
    var stack = closed.stacks.count
    while stack > 0 {
      stack -= 1
      var screen = closed.stacks[stack].screens.count
      while screen > 0 {
        screen -= 1
        sink.screenExited(closed.stacks[stack].screens[screen])
      }
    }
  }

  /// A child's end with `dismissed`, then its parent's `stay` handler.
  @inline(__always)
  private static func ending<Sink: StepSink>(_ ended: FlowInstance, into sink: inout Sink) {
    sink.flowFinished(ended, result: .dismissed, payload: [])
    if sink.recordsTransitions, let parent = ended.parent {
      sink.transition(.stay, flow: parent)
    }
  }

  /// Pushes `target` (without params) for `flow`; returns its instance.
  @inline(__always)
  static func quickPush(
    _ target: ScreenID, flow: FlowInstanceID, _ state: inout FlowState
  ) -> ScreenInstance {
    let instance = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: target, flow: flow)
    state.nextScreenInstance += 1
    let layer = state.layers.count - 1
    let selected = state.layers[layer].selected
    state.layers[layer].stacks[selected].screens.append(instance)
    return instance
  }

  /// Presents `target` (without params) for `flow` in a new layer, reusing
  /// a spare layer's storage when there is one; returns its instance.
  @inline(__always)
  static func quickPresent(
    _ target: ScreenID, flow: FlowInstanceID, _ state: inout FlowState, spare: inout [Layer]
  ) -> ScreenInstance {
    let instance = ScreenInstance(
      id: ScreenInstanceID(state.nextScreenInstance), screen: target, flow: flow)
    state.nextScreenInstance += 1
    state.layers.append(layer(owner: flow, showing: instance, spare: &spare))
    return instance
  }

  /// Closes the top layer (planned); returns it.
  @inline(__always)
  static func quickDismiss(_ state: inout FlowState) -> Layer {
    state.layers.removeLast()
  }

  /// Pops the top screen (planned); returns it.
  @inline(__always)
  static func quickPop(_ state: inout FlowState) -> ScreenInstance {
    let layer = state.layers.count - 1
    let selected = state.layers[layer].selected
    return state.layers[layer].stacks[selected].screens.removeLast()
  }

  /// Starts the planned child flow and shows its start screen (pushed, or
  /// in a new layer the child owns); returns both instances.
  @inline(__always)
  static func quickStart(
    _ plan: QuickPlan, table: ActionTable, _ state: inout FlowState, spare: inout [Layer]
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
    of child: FlowID, _ arguments: some IndexedList<Argument>
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
  static func quickEnd(_ state: inout FlowState) -> FlowInstance {
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
    // One at a time: a closed layer holds a screen or two, and
    // `removeAll(keepingCapacity:)` costs a generic range replacement.
    while !layer.stacks[0].screens.isEmpty { layer.stacks[0].screens.removeLast() }
    spare.append(layer)
  }
}

extension FlowEngine {
  /// Takes one transition (SPEC §2.4). Every check comes before the first
  /// change, so a failure of a local transition leaves `state` untouched.
  func evaluate(
    _ kind: Transition.Kind, _ arguments: some IndexedList<Argument>,
    popTo: Transition.PopTarget? = nil,
    path: TransitionPath?, _ context: EvaluationContext, _ state: inout FlowState,
    _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) -> Progress {
    if let popTo {
      return try popThen(popTo, kind, arguments, path: path, context, &state, &effects, &queue)
    }
    switch kind {
    case .stay:
      effects.append(.transition(kind, flow: context.flow))

    case .select(let name):
      try select(name, kind, context, &state, &effects)

    case .push(let screen):
      guard !state.layers.isEmpty else { throw .impossible("nothing is shown to push onto") }
      guard !isTabsScreen(screen) else {
        throw .impossible("a tabs screen is the only screen of its layer: it cannot be pushed")
      }
      let instance = try makeScreen(screen, arguments, context, &state)
      effects.append(.transition(kind, flow: context.flow))
      state.layers[state.layers.count - 1].screens.append(instance)
      effects.append(.navigation(.push(instance)))
      effects.append(.screenEntered(instance))

    case .present(let screen) where isTabsScreen(screen):
      let instance = try makeScreen(screen, arguments, context, &state)
      effects.append(.transition(kind, flow: context.flow))
      try showTabs(
        instance, owner: context.flow, replacing: nil, link: context.link, &state, &effects, &queue
      )

    case .present(let screen):
      let instance = try makeScreen(screen, arguments, context, &state)
      effects.append(.transition(kind, flow: context.flow))
      state.layers.append(Layer(owner: context.flow, screens: [instance]))
      effects.append(.navigation(.present(instance)))
      effects.append(.screenEntered(instance))

    case .replace(let screen):
      guard !isTabsScreen(screen) else {
        throw .impossible(
          "a tabs screen is the only screen of its layer: it cannot replace a screen")
      }
      guard let top = state.top, top.flow == context.flow else {
        throw .impossible("the top screen belongs to another flow")
      }
      let instance = try makeScreen(screen, arguments, context, &state)
      effects.append(.transition(kind, flow: context.flow))
      let layer = state.layers.count - 1
      state.layers[layer].screens[state.layers[layer].screens.count - 1] = instance
      effects.append(.navigation(.replace(instance)))
      effects.append(.screenExited(top))
      effects.append(.screenEntered(instance))

    case .root(let screen):
      try root(screen, kind, arguments, context, &state, &effects, &queue)

    case .popTo(let target):
      let layer = state.layers.count - 1
      guard layer >= 0 else { throw .impossible("nothing is shown") }
      let screens = state.layers[layer].screens
      var index = screens.count - 2
      var found: Int?
      while index >= 0, screens[index].flow == context.flow {
        if screens[index].screen == target {
          found = index
          break
        }
        index -= 1
      }
      guard let found, screens.last?.flow == context.flow else {
        throw .impossible(
          "there is no '\(screenName(target))' below the top in this flow's part of the layer")
      }
      effects.append(.transition(kind, flow: context.flow))
      popScreens(above: found, layer: layer, &state, &effects)

    case .pop:
      let layer = state.layers.count - 1
      guard layer >= 0 else { throw .impossible("nothing is shown") }
      let count = state.layers[layer].screens.count
      guard count >= 2 else {
        throw .impossible(
          "pop is not possible: '\(screenName(state.layers[layer].screens[count - 1].screen))' "
            + "is the first screen of its layer")
      }
      effects.append(.transition(kind, flow: context.flow))
      let popped = state.layers[layer].screens.removeLast()
      effects.append(.navigation(.pop(count: 1)))
      effects.append(.screenExited(popped))
      if !state.hasScreens(popped.flow) {
        try endFlows([popped.flow], finishing: nil, &state, &effects, &queue)
      }

    case .popToRoot:
      let layer = state.layers.count - 1
      guard layer >= 0 else { throw .impossible("nothing is shown") }
      let screens = state.layers[layer].screens
      var first = screens.count
      while first > 0, screens[first - 1].flow == context.flow { first -= 1 }
      guard first < screens.count - 1 else {
        throw .impossible(
          "popToRoot is not possible: '\(screenName(screens[screens.count - 1].screen))' "
            + "is already this flow's first screen in its layer")
      }
      effects.append(.transition(kind, flow: context.flow))
      popScreens(above: first, layer: layer, &state, &effects)

    case .dismiss:
      let top = state.layers.count - 1
      guard top >= 1 else {
        throw .impossible("dismiss is not possible: no modal layer is open")
      }
      guard state.layers[top].owner == context.flow else {
        throw .impossible(
          "dismiss is not possible: the top layer belongs to flow '\(flowName(state.layers[top].owner, in: state))'"
        )
      }
      effects.append(.transition(kind, flow: context.flow))
      let touched = closeLayers(from: top, &state, &effects)
      try endFlows(touched, finishing: nil, &state, &effects, &queue)

    case .finish(let result):
      guard let index = state.flowIndex(context.flow) else {
        throw .refused(.invalidGraph("\(context.flow) is not live"))
      }
      let flowID = state.flows[index].flow
      let payload = try values(
        graph.flows[flowID.index].payload(of: result), arguments, context, state,
        for: .result(flowID, result))
      effects.append(.transition(kind, flow: context.flow))
      try finish(context.flow, result, payload, &state, &effects, &queue)

    case .start(let child, let mode, _):
      guard child.index >= 0, child.index < graph.flows.count else {
        throw .refused(.invalidGraph("there is no \(child)"))
      }
      let definition = graph.flows[child.index]
      let input = try values(definition.input, arguments, context, state, for: .flowInput(child))
      effects.append(.transition(kind, flow: context.flow))
      let instance = FlowInstance(
        id: FlowInstanceID(state.nextFlowInstance), flow: child, input: input,
        parent: context.flow, mode: mode, origin: path)
      state.nextFlowInstance += 1
      state.flows.append(instance)
      effects.append(.flowStarted(instance))
      queue.insert(
        .flowStart(definition.start, flow: instance.id, payload: [], link: context.link), at: 0)

    case .run(let task, let outcomes):
      guard task.index >= 0, task.index < graph.tasks.count else {
        throw .refused(.invalidGraph("there is no \(task)"))
      }
      let input = try values(
        graph.tasks[task.index].input, arguments, context, state, for: .taskInput(task))
      effects.append(.transition(kind, flow: context.flow))
      return .suspend(
        task, input: input, .transition(outcomes: outcomes, path: path, context: context))

    case .invalid:
      throw .refused(.invalidGraph("a transition did not compile; fix the file's errors first"))
    }
    return .done
  }

  /// Begins a flow instance from a start: shows its start screen (pushed, or
  /// in a new layer for the root flow and `mode: present`), runs its start
  /// task, or finishes it at once.
  func begin(
    _ flow: FlowInstanceID, at start: FlowStart, payload: [Value], link: LinkScope?,
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) -> Progress {
    guard let index = state.flowIndex(flow) else {
      throw .refused(.invalidGraph("\(flow) is not live"))
    }
    let instance = state.flows[index]
    var context = EvaluationContext(flow: flow, payload: payload)
    context.link = link
    switch start.kind {
    case .screen(let screen):
      let shown = try makeScreen(screen, start.arguments, context, &state)
      if try showTabStart(shown, of: instance, &state, &effects) { return .done }
      if isTabsScreen(screen) {
        guard instance.parent == nil || instance.mode == .present || state.layers.isEmpty else {
          throw .impossible(
            "a flow whose start shows a tabs screen cannot be started with mode push")
        }
        try showTabs(shown, owner: flow, replacing: nil, link: link, &state, &effects, &queue)
        return .done
      }
      if instance.parent == nil || instance.mode == .present || state.layers.isEmpty {
        state.layers.append(Layer(owner: flow, screens: [shown]))
        effects.append(.navigation(.present(shown)))
      } else {
        let keeping = state.layers[state.layers.count - 1].screens.count
        state.layers[state.layers.count - 1].screens.append(shown)
        let change = pushAfterPopTo(shown, flow: flow, keeping: keeping, &effects)
        effects.append(.navigation(change))
      }
      effects.append(.screenEntered(shown))
    case .run(let task, let outcomes):
      guard task.index >= 0, task.index < graph.tasks.count else {
        throw .refused(.invalidGraph("there is no \(task)"))
      }
      let input = try values(
        graph.tasks[task.index].input, start.arguments, context, state, for: .taskInput(task))
      return .suspend(task, input: input, .flowStart(outcomes: outcomes, flow: flow, link: link))
    case .finish(let result):
      let definition = graph.flows[instance.flow.index]
      let values = try values(
        definition.payload(of: result), start.arguments, context, state,
        for: .result(instance.flow, result))
      try finish(flow, result, values, &state, &effects, &queue)
    case .invalid:
      throw .refused(
        .invalidGraph(
          "the start of flow '\(graph.flows[instance.flow.index].name)' did not compile"))
    }
    return .done
  }

  /// `root: S`: closes every layer above the one that holds the flow's first
  /// screen, then replaces the flow's screens in that layer with `[S]`.
  private func root(
    _ screen: ScreenID, _ kind: Transition.Kind, _ arguments: some IndexedList<Argument>,
    _ context: EvaluationContext,
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    guard
      let layer = state.layers.firstIndex(where: { layer in
        layer.tabsScreen?.flow == context.flow || layer.screens.contains { $0.flow == context.flow }
      })
    else {
      throw .impossible("root is not possible: the flow shows no screen")
    }
    let instance = try makeScreen(screen, arguments, context, &state)
    effects.append(.transition(kind, flow: context.flow))
    var touched: [FlowInstanceID] = []
    if layer < state.layers.count - 1 {
      touched = closeLayers(from: layer + 1, &state, &effects)
    }
    // The tabs screen's flow resets its tab bar, or a flow shows a tabs
    // screen; a flow inside a tab acts within the selected tab's stack.
    if state.layers[layer].tabsScreen?.flow == context.flow || isTabsScreen(screen) {
      try rootInTabs(instance, layer: layer, context, touched, &state, &effects, &queue)
      return
    }
    let screens = state.layers[layer].screens
    let first = screens.firstIndex { $0.flow == context.flow } ?? screens.count
    state.layers[layer].screens.replaceSubrange(first..., with: [instance])
    effects.append(.navigation(.setRoot(instance, keeping: first)))
    for removed in screens[first...].reversed() {
      effects.append(.screenExited(removed))
      if removed.flow != context.flow, !touched.contains(removed.flow) {
        touched.append(removed.flow)
      }
    }
    effects.append(.screenEntered(instance))
    try endFlows(touched, finishing: nil, &state, &effects, &queue)
  }

  /// `root` where a tab bar is involved (SPEC §6.1): the tabs screen's flow
  /// resets its tabs layer (to a plain stack, or to the tabs screen shown
  /// afresh), or a flow whose screens are a layer's whole stack shows a tabs
  /// screen there. The tab flows of a replaced tab bar end with `dismissed`,
  /// and no handler runs for them.
  private func rootInTabs(
    _ instance: ScreenInstance, layer: Int, _ context: EvaluationContext,
    _ closed: [FlowInstanceID], _ state: inout FlowState, _ effects: inout [Effect],
    _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    var touched = closed
    let old = state.layers[layer]
    if old.tabsScreen == nil {
      guard old.screens.first?.flow == context.flow else {
        throw .impossible(
          "root is not possible: a tabs screen must be the first screen of its layer")
      }
    } else if old.tabsScreen?.flow != context.flow {
      throw .impossible("root is not possible: a tab flow cannot show a tabs screen")
    }
    for stack in old.stacks.reversed() {
      for removed in stack.screens.reversed() {
        effects.append(.screenExited(removed))
        if removed.flow != context.flow, !touched.contains(removed.flow) {
          touched.append(removed.flow)
        }
      }
    }
    if let tabsScreen = old.tabsScreen { effects.append(.screenExited(tabsScreen)) }
    if isTabsScreen(instance.screen) {
      state.layers[layer] = Layer(owner: old.owner, screens: [])
      // The flow doing the `root` shows the tabs screen next: it is not ended
      // for having no screen in between (its screens in closed layers above
      // made it a candidate).
      touched.removeAll { $0 == context.flow }
      try endFlows(touched, finishing: nil, &state, &effects, &queue)
      try showTabs(
        instance, owner: old.owner, replacing: layer, link: context.link, &state, &effects, &queue)
      return
    }
    state.layers[layer] = Layer(owner: old.owner, screens: [instance])
    effects.append(
      .navigation(
        old.tabsScreen == nil ? .setRoot(instance, keeping: 0) : .tabs(.replaced(by: instance))))
    effects.append(.screenEntered(instance))
    try endFlows(touched, finishing: nil, &state, &effects, &queue)
  }

  /// Pops the top layer's screens above `index`.
  private func popScreens(
    above index: Int, layer: Int, _ state: inout FlowState, _ effects: inout [Effect]
  ) {
    let count = state.layers[layer].screens.count - 1 - index
    effects.append(.navigation(.pop(count: count)))
    for _ in 0..<count {
      effects.append(.screenExited(state.layers[layer].screens.removeLast()))
    }
  }

  /// A new screen instance with its params bound from the context.
  func makeScreen(
    _ screen: ScreenID, _ arguments: some IndexedList<Argument>, _ context: EvaluationContext,
    _ state: inout FlowState
  ) throws(EvaluationFailure) -> ScreenInstance {
    guard screen.index >= 0, screen.index < graph.screens.count else {
      throw .refused(.invalidGraph("there is no \(screen)"))
    }
    let params = try values(
      graph.screens[screen.index].params, arguments, context, state, for: .screen(screen))
    let id = ScreenInstanceID(state.nextScreenInstance)
    state.nextScreenInstance += 1
    return ScreenInstance(id: id, screen: screen, flow: context.flow, params: params)
  }

  func screenName(_ screen: ScreenID) -> String {
    screen.index >= 0 && screen.index < graph.screens.count
      ? graph.screens[screen.index].name : screen.description
  }

  func flowName(_ flow: FlowInstanceID, in state: FlowState) -> String {
    guard let instance = state.flow(flow) else { return flow.description }
    return graph.flows[instance.flow.index].name
  }
}

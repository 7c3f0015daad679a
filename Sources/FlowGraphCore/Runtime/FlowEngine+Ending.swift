extension FlowEngine {
  /// Closes the layer at `index` and every layer above it (SPEC §2.6). Returns
  /// the flows that lost screens, so the caller can end those left with none.
  func closeLayers(
    from index: Int, _ state: inout FlowState, _ effects: inout [Effect]
  ) -> [FlowInstanceID] {
    var touched: [FlowInstanceID] = []
    effects.append(.navigation(.dismiss(count: state.layers.count - index)))
    for layer in state.layers[index...].reversed() {
      for stack in layer.stacks.reversed() {
        for screen in stack.screens.reversed() {
          effects.append(.screenExited(screen))
          if !touched.contains(screen.flow) { touched.append(screen.flow) }
        }
      }
      if let tabsScreen = layer.tabsScreen {
        effects.append(.screenExited(tabsScreen))
        if !touched.contains(tabsScreen.flow) { touched.append(tabsScreen.flow) }
      }
      if !touched.contains(layer.owner) { touched.append(layer.owner) }
    }
    state.layers.removeSubrange(index...)
    return touched
  }

  /// `finish: R` (or a start that finishes): everything the flow shows goes
  /// away — the layers it owns (and those above them), then its screens in
  /// the layer it was pushed into — then it ends with `result`; flows left
  /// with no screen end with `dismissed`, innermost first.
  func finish(
    _ flow: FlowInstanceID, _ result: FlowResultRef, _ payload: [Value],
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    var touched: [FlowInstanceID] = []
    if let owned = state.layers.firstIndex(where: { $0.owner == flow }) {
      touched = closeLayers(from: owned, &state, &effects)
    }
    if let layer = state.layers.indices.last {
      let screens = state.layers[layer].screens
      var first = screens.count
      while first > 0, screens[first - 1].flow == flow { first -= 1 }
      if first < screens.count {
        effects.append(.navigation(.pop(count: screens.count - first)))
        for screen in screens[first...].reversed() { effects.append(.screenExited(screen)) }
        state.layers[layer].screens.removeSubrange(first...)
      }
    }
    guard !state.hasScreens(flow) else {
      throw .refused(
        .invalidGraph(
          "flow '\(flowName(flow, in: state))' still shows screens under another flow's screens"))
    }
    touched.removeAll { $0 == flow }
    try endFlows(touched, finishing: (flow, result, payload), &state, &effects, &queue)
  }

  /// Ends the flows among `candidates` that show no screen any more (with
  /// `dismissed`), and `finishing` (with its result), innermost first. Each
  /// ended flow's parent runs its handler when the parent survives.
  func endFlows(
    _ candidates: [FlowInstanceID], finishing: (FlowInstanceID, FlowResultRef, [Value])?,
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    var ending: [(index: Int, result: FlowResultRef, payload: [Value])] = []
    for id in candidates where id != finishing?.0 {
      if let index = state.flowIndex(id), !state.hasScreens(id) {
        ending.append((index, .dismissed, []))
      }
    }
    if let (id, result, payload) = finishing, let index = state.flowIndex(id) {
      ending.append((index, result, payload))
    }
    guard !ending.isEmpty else { return }
    // Innermost first: children come after their parents in `flows`.
    ending.sort { $0.index > $1.index }
    let endingIDs = ending.map { state.flows[$0.index].id }
    let ended = ending.map {
      (instance: state.flows[$0.index], result: $0.result, payload: $0.payload)
    }
    for index in ending.map(\.index) { state.flows.remove(at: index) }
    for (instance, result, payload) in ended {
      effects.append(.flowFinished(instance, result: result, payload: payload))
      guard let parent = instance.parent else {
        state.finish = FlowState.Finish(flow: instance.flow, result: result, payload: payload)
        // The entry flow finished: a pending deep link is dropped (SPEC §6.2).
        state.pendingLink = nil
        continue
      }
      guard !endingIDs.contains(parent), state.flowIndex(parent) != nil else { continue }
      // A tab flow (SPEC §6.1): its handler runs, then it starts again, only
      // while its tabs screen is still shown.
      if let tabsScreen = instance.tabsScreen {
        guard state.tabsLayer(tabsScreen) != nil, let origin = instance.origin,
          case .tab(_, let tab) = origin.root,
          let start = graph.transition(at: origin), case .start(_, _, let handlers) = start.kind
        else { continue }
        let path = origin.appending(.handler(result))
        let context = handlerContext(parent, payload, path)
        queue.append(.transition(handlers[result], path: path, context: context))
        queue.append(.restartTab(tabsScreen, tab: tab))
        continue
      }
      guard let origin = instance.origin, let start = graph.transition(at: origin),
        case .start(_, _, let handlers) = start.kind
      else {
        throw .refused(
          .invalidGraph(
            "the start of flow '\(graph.flows[instance.flow.index].name)' is not in the graph"))
      }
      if case .declared(let index) = result, index < 0 || index >= handlers.results.count {
        throw .refused(
          .invalidGraph(
            "flow '\(graph.flows[instance.flow.index].name)' has no handler for its result"))
      }
      let path = origin.appending(.handler(result))
      queue.append(
        .transition(
          handlers[result], path: path, context: handlerContext(parent, payload, path)))
    }
  }

  /// The context of the result handler at `path`: the result's payload, no
  /// action, and the screen its arguments were bound on
  /// (``FlowGraph/scopeScreen(of:)``).
  private func handlerContext(
    _ flow: FlowInstanceID, _ payload: [Value], _ path: TransitionPath
  ) -> EvaluationContext {
    var context = EvaluationContext(flow: flow, payload: payload)
    context.screen = graph.scopeScreen(of: path).map(ScreenScope.screen) ?? .none
    return context
  }

  /// The dismiss gesture: closes the top modal layer; the flows left with no
  /// screen end with `dismissed`.
  func dismissGesture(
    _ state: inout FlowState, _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) {
    let touched = closeLayers(from: state.layers.count - 1, &state, &effects)
    try endFlows(touched, finishing: nil, &state, &effects, &queue)
  }
}

extension FlowEngine {
  /// `open(url)` (SPEC §6.2), one atomic step: match the URL and find its
  /// route (else not possible, the state unchanged); reset (every live flow
  /// ends with `dismissed`, innermost first, no parent's handler runs); start
  /// the entry flow afresh; follow the route with the link values as
  /// arguments. Where the route cannot be followed to its end, the link
  /// becomes pending.
  func open(_ url: String, _ state: inout FlowState, _ effects: inout [Effect])
    throws(RuntimeError) -> Suspension?
  {
    let event = "open:" + url
    if let finish = state.finish {
      throw .finished(
        flow: graph.flows[finish.flow.index].name,
        result: graph.flows[finish.flow.index].name(of: finish.result))
    }
    guard state.hasStarted else { throw .notStarted }
    let current = state.top.map { screenName($0.screen) }
    let link = try self.link(url, event: event, screen: current)
    guard let entry = graph.entry, entry.index >= 0, entry.index < graph.flows.count else {
      throw .notPossible(event: event, screen: current, reason: "the graph has no entry flow")
    }
    // The entry flow starts again with the root flow's input when it is the
    // entry (the run's input), else with none.
    var input: [Value] = []
    if let root = state.flows.first, root.flow == entry {
      input = root.input
    } else {
      input = try checkFields(graph[entry].input, [:], owner: .flowInput(entry))
    }
    var next = state
    // Effect counts in a route's progress are positions in this buffer,
    // which a suspension carries on.
    var produced: [Effect] = []
    reset(&next, &produced)
    let instance = FlowInstance(
      id: FlowInstanceID(next.nextFlowInstance), flow: entry, input: input)
    next.nextFlowInstance += 1
    next.flows.append(instance)
    produced.append(.flowStarted(instance))
    let queue: [Work] = [
      // The entry flow's start is the route's first edge: the link values
      // are in scope there too.
      .flowStart(
        graph[entry].start, flow: instance.id, payload: [],
        link: LinkScope(values: link.values, overridesLiterals: link.route.edges.count == 1)),
      .followLink(LinkProgress(link: link, index: 1, mark: produced.count, undo: nil)),
    ]
    return try settle(
      queue, next, produced, Label(event: event, screen: state.top?.screen), &state, &effects)
  }

  /// An event while a link is pending, on a copy of the state: its
  /// transitions, then the resumption of the link when the step showed a
  /// screen of its route.
  func applyWhilePending(
    _ trigger: Trigger, _ state: inout FlowState, _ effects: inout [Effect]
  ) throws(RuntimeError) -> Suspension? {
    var next = state
    var produced: [Effect] = []
    var queue: [Work] = []
    if trigger.isDismissGesture || trigger.tab != nil {
      do throws(EvaluationFailure) {
        if let tab = trigger.tab {
          try tabEvent(tab, &next, &produced, &queue)
        } else {
          try dismissGesture(&next, &produced, &queue)
        }
      } catch {
        throw self.error(error, trigger.label)
      }
    } else {
      queue.append(
        .transition(
          trigger.transition,
          path: trigger.path, context: trigger.context))
    }
    queue.append(.resumeLink(before: state.top?.id))
    return try settle(queue, next, produced, trigger.label, &state, &effects)
  }

  /// Drains `queue` from `next`: commits into `state` and `effects` when
  /// done, or returns the suspension (leaving both as they were).
  private func settle(
    _ queue: [Work], _ next: FlowState, _ produced: [Effect], _ label: Label,
    _ state: inout FlowState, _ effects: inout [Effect]
  ) throws(RuntimeError) -> Suspension? {
    var queue = queue
    var next = next
    var produced = produced
    switch try drain(&queue, &next, &produced, label) {
    case .done:
      state = next
      effects += produced
      return nil
    case .suspend(let task, let input, let continuation):
      return Suspension(
        task: task, input: input, event: text(label), screen: label.screen, state: next,
        effects: produced, continuation: continuation, queue: queue)
    }
  }

  /// After a transition failed in `drain`: when it was a route's step (a
  /// `followLink` with a checkpoint waits in the queue), the state goes
  /// back to before that step and the link is pending; `false` otherwise.
  func routeStepFailed(_ queue: inout [Work], _ state: inout FlowState, _ effects: inout [Effect])
    -> Bool
  {
    for work in queue.reversed() {
      guard case .followLink(let progress) = work, let checkpoint = progress.checkpoint else {
        continue
      }
      state = checkpoint.state
      effects.removeSubrange(min(checkpoint.effects, effects.count)...)
      queue.removeAll()
      _ = stall(progress, &state, &effects)
      return true
    }
    return false
  }

  /// The link of a URL: its screen, values and route, or why it opens
  /// nothing (the event is not possible).
  func link(_ url: String, event: String, screen: String?) throws(RuntimeError) -> PendingLink {
    switch resolveLink(url) {
    case .success(let link): return link
    case .failure(let error):
      throw .notPossible(event: event, screen: screen, reason: error.message)
    }
  }

  /// The link of a URL, or why it opens nothing: no pattern matches, a value
  /// does not read as its type, or no route reaches the screen with the
  /// link's values.
  func resolveLink(_ url: String) -> Result<PendingLink, DeepLinkError> {
    let match: DeepLinkMatch
    switch DeepLinkMatcher(graph: graph).match(url) {
    case .success(let found): match = found
    case .failure(let error): return .failure(error)
    }
    let forward = ForwardGraph(graph: graph)
    guard let route = forward.route(to: match.screen, carried: { match.values[$0] != nil })
    else {
      // Why, as `unroutable-deeplink`'s note says it, with what this URL carries.
      let stops = forward.whereRoutesStop(to: match.screen, carried: Set(match.values.keys))
      return .failure(
        DeepLinkError(
          url: url,
          "no route from the entry flow's start reaches screen '\(screenName(match.screen))' with the link's values: \(stops)"
        ))
    }
    return .success(PendingLink(url: url, route: route, values: match.values))
  }

  /// `cancelPendingLink`: drops the pending link; not possible when none is.
  func cancelPendingLink(_ state: inout FlowState) throws(RuntimeError) -> Suspension? {
    guard state.pendingLink != nil else {
      throw .notPossible(
        event: "cancelPendingLink", screen: state.top.map { screenName($0.screen) },
        reason: "no deep link is pending")
    }
    state.pendingLink = nil
    return nil
  }

  /// The reset of `open`: every layer closes (the navigator gets one
  /// `dismiss` of them all), every live flow ends with `dismissed`, innermost
  /// first, and no parent's handler runs.
  func reset(_ state: inout FlowState, _ effects: inout [Effect]) {
    if !state.layers.isEmpty { _ = closeLayers(from: 0, &state, &effects) }
    for instance in state.flows.reversed() {
      effects.append(.flowFinished(instance, result: .dismissed, payload: []))
    }
    state.flows.removeAll()
    state.pendingLink = nil
  }

  /// Takes the next edge of a route, once the queue's other work is done:
  /// checks that the edge before showed the route's screen through the
  /// route's outcomes; then the link is reached, waits at a stop, or the
  /// next action is queued. A route that cannot be followed leaves the link
  /// pending (a resume is undone first).
  func follow(
    _ progress: LinkProgress, _ state: inout FlowState, _ effects: inout [Effect],
    _ queue: inout [Work]
  ) -> Progress {
    guard queue.isEmpty else {
      queue.append(.followLink(progress))
      return .done
    }
    let route = progress.link.route
    let previous = route.edges[progress.index - 1]
    if let mark = progress.mark {
      var returned: [RouteOutcome] = []
      for case .taskReturned(let task, let outcome, _) in effects[min(mark, effects.count)...] {
        returned.append(RouteOutcome(task: task, outcome: outcome))
      }
      // Each task of the edge that ran in the step returned the route's
      // outcome. (A tab edge's tasks ran when its tabs screen was shown:
      // the screen it shows is the check.)
      for expected in previous.outcomes {
        guard let index = returned.firstIndex(where: { $0.task == expected.task }) else {
          continue
        }
        guard returned[index] == expected else { return stall(progress, &state, &effects) }
        returned.removeSubrange(...index)
      }
    }
    guard state.finish == nil, shows(previous.target, state) else {
      return stall(progress, &state, &effects)
    }
    if progress.index == route.edges.count {
      state.pendingLink = nil
      return .done
    }
    if route.stops.contains(progress.index) {
      state.pendingLink = progress.link
      return .done
    }
    let edge = route.edges[progress.index]
    if case .tab(let screen, let tab) = edge.trigger {
      return selectTab(screen, tab, progress, &state, &effects, &queue)
    }
    guard case .action(let id) = edge.trigger,
      let payload = graph.linkPayload(of: id, values: progress.link.values, otherwise: { _ in nil })
    else { return stall(progress, &state, &effects) }
    var trigger: Trigger
    do {
      trigger = try resolve(.resolved(id, payload: payload), in: state)
    } catch {
      return stall(progress, &state, &effects)
    }
    // The link values are in scope on every edge of the route, after the
    // trigger's payload; on the last they win over `with` literals too.
    trigger.context.link = LinkScope(
      values: progress.link.values, overridesLiterals: progress.index == route.edges.count - 1)
    var next = progress
    next.index += 1
    next.mark = effects.count
    next.checkpoint = (state, effects.count)
    queue.append(
      .transition(
        trigger.transition,
        path: trigger.path, context: trigger.context))
    queue.append(.followLink(next))
    return .done
  }

  /// Whether the current screen is `screen`, or `screen` is the tabs screen
  /// of the top layer (a route edge to a tabs screen shows its selected tab).
  private func shows(_ screen: ScreenID, _ state: FlowState) -> Bool {
    guard let layer = state.layers.last else { return false }
    if let tabsScreen = layer.tabsScreen, tabsScreen.screen == screen { return true }
    return state.top?.screen == screen
  }

  /// A route's tab edge: selects tab `tab` of the top layer's tab bar (the
  /// tabs screen `screen`), as the event `tab:NAME` would.
  private func selectTab(
    _ screen: ScreenID, _ tab: Int, _ progress: LinkProgress, _ state: inout FlowState,
    _ effects: inout [Effect], _ queue: inout [Work]
  ) -> Progress {
    guard let tabsScreen = state.layers.last?.tabsScreen, tabsScreen.screen == screen,
      tab < state.layers[state.layers.count - 1].stacks.count
    else { return stall(progress, &state, &effects) }
    var next = progress
    next.index += 1
    next.mark = effects.count
    next.checkpoint = (state, effects.count)
    let before = (state, effects.count)
    do throws(EvaluationFailure) {
      try tabEvent(tab, &state, &effects, &queue)
    } catch {
      state = before.0
      effects.removeSubrange(min(before.1, effects.count)...)
      queue.removeAll()
      return stall(progress, &state, &effects)
    }
    queue.append(.followLink(next))
    return .done
  }

  /// The route cannot be followed: the link is pending (after a resume, with
  /// the user's own step as it was).
  private func stall(_ progress: LinkProgress, _ state: inout FlowState, _ effects: inout [Effect])
    -> Progress
  {
    if let undo = progress.undo {
      state = undo.state
      effects.removeSubrange(min(undo.effects, effects.count)...)
    }
    state.pendingLink = progress.link
    return .done
  }

  /// After a step's own work, while a link is pending: when the current
  /// screen changed to a screen of the route (the one furthest along when
  /// it appears more than once), the rest of the route is followed; a
  /// failure there is undone and the link stays pending.
  func resumeLink(
    before: ScreenInstanceID?, _ state: inout FlowState, _ effects: inout [Effect],
    _ queue: inout [Work]
  ) -> Progress {
    guard queue.isEmpty else {
      queue.append(.resumeLink(before: before))
      return .done
    }
    guard let link = state.pendingLink, let top = state.top, top.id != before else { return .done }
    // The current screen, or the top layer's tabs screen, on the route: the
    // one further along when both are.
    let tabsScreen = state.layers.last?.tabsScreen?.screen
    guard
      let reached = link.route.edges.lastIndex(where: {
        $0.target == top.screen || $0.target == tabsScreen
      })
    else {
      return .done
    }
    if reached == link.route.edges.count - 1 {
      // The user reached the link's screen on their own.
      state.pendingLink = nil
      return .done
    }
    queue.append(
      .followLink(
        LinkProgress(
          link: link, index: reached + 1, mark: nil, undo: (state, effects.count))))
    return .done
  }
}

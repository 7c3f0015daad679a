extension FlowRunner {
  /// Takes `event` on the engine's quick path when nobody needs the step's
  /// effects as values: no `onStep` and no `debug` logging. Commits the
  /// step, tells the navigator and the lifecycle hooks, and returns `true`;
  /// returns `false`, with nothing changed, when the general path must take
  /// the event.
  func sendQuickly(_ event: borrowing FlowEvent) -> Bool {
    guard onStep == nil, !logsSteps, let plan = engine.quickPlan(event, in: &state) else {
      return false
    }
    steps += 1
    switch plan.operation {
    case .general, .stay:
      break
    case .push:
      let pushed = engine.quickPush(plan, &state)
      delivering = true
      navigator?.apply(.push(pushed))
      enterHooks[plan.target.index].call(pushed)
      delivering = false
    case .pop:
      let popped = engine.quickPop(&state)
      delivering = true
      navigator?.apply(.pop(count: 1))
      exitHooks[plan.screen.index].call(popped)
      delivering = false
    case .present:
      let presented = engine.quickPresent(plan, &state, spare: &spareLayers)
      delivering = true
      navigator?.apply(.present(presented))
      enterHooks[plan.target.index].call(presented)
      delivering = false
    case .dismiss:
      let closed = engine.quickDismiss(&state)
      delivering = true
      navigator?.apply(.dismiss(count: 1))
      exitAll(closed)
      delivering = false
      FlowEngine.recycle(closed, into: &spareLayers)
    case .startPush, .startPresent:
      let (flow, screen) = engine.quickStart(plan, &state, spare: &spareLayers)
      delivering = true
      startHooks[plan.child.index]?.call(flow)
      navigator?.apply(plan.operation == .startPush ? .push(screen) : .present(screen))
      enterHooks[plan.target.index].call(screen)
      delivering = false
    case .popEndingFlow:
      let popped = engine.quickPop(&state)
      let ended = engine.quickEnd(&state)
      delivering = true
      navigator?.apply(.pop(count: 1))
      exitHooks[plan.screen.index].call(popped)
      finished(ended)
      delivering = false
    case .dismissEndingFlow:
      let closed = engine.quickDismiss(&state)
      let ended = engine.quickEnd(&state)
      delivering = true
      navigator?.apply(.dismiss(count: 1))
      exitAll(closed)
      finished(ended)
      delivering = false
      FlowEngine.recycle(closed, into: &spareLayers)
    }
    return true
  }

  /// Calls the exit hooks of a closed layer's screens, top first.
  private func exitAll(_ closed: borrowing Layer) {
    for stack in closed.stacks.reversed() {
      for screen in stack.screens.reversed() { exitHooks[screen.screen.index].call(screen) }
    }
  }

  /// Calls the finish hook of a child that ended with `dismissed`.
  private func finished(_ ended: FlowInstance) {
    if let hook = finishHooks[ended.flow.index] {
      hook.call(ended, graph.flows[ended.flow.index].name(of: .dismissed), [])
    }
  }
}

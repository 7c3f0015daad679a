extension FlowRunner {
  /// Takes `event` on the engine's quick path when nobody needs the step's
  /// effects as values: no `onStep` and no `debug` logging. Commits the
  /// step, tells the navigator and the lifecycle hooks, and returns `true`;
  /// returns `false`, with nothing changed, when the general path must take
  /// the event.
  @inline(__always)
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
      tell(.push(pushed))
      entered(pushed)
      endDelivery()
    case .pop:
      let popped = engine.quickPop(&state)
      delivering = true
      tell(.pop(count: 1))
      exited(popped)
      endDelivery()
    case .present:
      let presented = engine.quickPresent(plan, &state, spare: &spareLayers)
      delivering = true
      tell(.present(presented))
      entered(presented)
      endDelivery()
    case .dismiss:
      let closed = engine.quickDismiss(&state)
      delivering = true
      tell(.dismiss(count: 1))
      exitAll(closed)
      endDelivery()
      FlowEngine.recycle(closed, into: &spareLayers)
    case .startPush, .startPresent:
      let (flow, screen) = engine.quickStart(plan, &state, spare: &spareLayers)
      delivering = true
      startHooks[plan.child.index]?.call(flow)
      tell(plan.operation == .startPush ? .push(screen) : .present(screen))
      entered(screen)
      endDelivery()
    case .popEndingFlow:
      let popped = engine.quickPop(&state)
      let ended = engine.quickEnd(&state)
      delivering = true
      tell(.pop(count: 1))
      exited(popped)
      finished(ended)
      endDelivery()
    case .dismissEndingFlow:
      let closed = engine.quickDismiss(&state)
      let ended = engine.quickEnd(&state)
      delivering = true
      tell(.dismiss(count: 1))
      exitAll(closed)
      finished(ended)
      endDelivery()
      FlowEngine.recycle(closed, into: &spareLayers)
    }
    return true
  }

  /// Calls the exit hooks of a closed layer's screens, top first.
  private func exitAll(_ closed: borrowing Layer) {
    for stack in closed.stacks.reversed() {
      for screen in stack.screens.reversed() { exited(screen) }
    }
  }

  /// Calls the finish hook of a child that ended with `dismissed`.
  private func finished(_ ended: FlowInstance) {
    if let hook = finishHooks[ended.flow.index] {
      hook.call(ended, graph.flows[ended.flow.index].name(of: .dismissed), [])
    }
  }
}

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
    }
    return true
  }
}

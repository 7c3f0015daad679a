extension FlowRunner {
  /// Takes `event` on the engine's quick path when nobody needs the step's
  /// effects as values: no `onStep` and no `debug` logging. Commits the
  /// step, tells the navigator and the lifecycle hooks, and returns `true`;
  /// returns `false`, with nothing changed, when the general path must take
  /// the event.
  func sendQuickly(_ event: FlowEvent) -> Bool {
    guard onStep == nil, !logsSteps,
      let step = engine.quickApply(event, to: &state)
    else { return false }
    steps += 1
    switch step.change {
    case .stayed:
      break
    case .pushed:
      deliverQuickly(.push(step.screen), entered: step.screen)
    case .popped:
      deliverQuickly(.pop(count: 1), exited: step.screen)
    }
    return true
  }

  /// Tells the navigator of a push and calls the screen's enter hooks.
  private func deliverQuickly(_ change: NavigationChange, entered screen: ScreenInstance) {
    delivering = true
    defer { delivering = false }
    navigator?.apply(change)
    enterHooks[screen.screen.index]?(screen)
  }

  /// Tells the navigator of a pop and calls the screen's exit hooks.
  private func deliverQuickly(_ change: NavigationChange, exited screen: ScreenInstance) {
    delivering = true
    defer { delivering = false }
    navigator?.apply(change)
    exitHooks[screen.screen.index]?(screen)
  }
}

/// Which screen's params are in scope in a `start`'s result handlers: the one
/// rule the YAML compiler, the graph formats and the runtime share.
///
/// A result handler runs with its flow's top screen as the current screen
/// (SPEC §2.6), and its arguments take that screen's params (§2.5). That is
/// the screen where the `start` is written, unless the `start` popped first
/// (§6.3): after `popTo: X` the handler runs on X; after `popTo: X` with
/// `inclusive: true` it runs on the screen that was below X, which differs
/// from run to run, so no screen's params are in scope there.
///
/// (A tab re-select, §6.1, also ends a child while its flow's top screen is
/// another: the tab's first screen. The runtime then reads each param by name
/// on the screen the handler runs on.)
extension Transition.PopTarget {
  /// The screen in scope in the handlers of a `start` that has this
  /// `popTo`.
  package var handlerScreen: ScreenID? { inclusive ? nil : screen }
}

extension Transition {
  /// The screen in scope in this transition's result handlers, when
  /// `screen` is the one in scope where it is written (see
  /// ``Transition/PopTarget/handlerScreen``).
  package func handlerScreen(after screen: ScreenID?) -> ScreenID? {
    guard let popTo else { return screen }
    return popTo.handlerScreen
  }
}

extension FlowGraph {
  /// The screen whose params a transition at `path` takes (its arguments'
  /// screen params are indices into them): the screen of the path's root
  /// (an action's or a custom `back`'s screen, or the tabs screen of a tab),
  /// then, down each result handler, the screen that handler runs on
  /// (``Transition/handlerScreen(after:)``). `nil` when none is in scope or
  /// the path does not fit the graph.
  package func scopeScreen(of path: TransitionPath) -> ScreenID? {
    var screen: ScreenID?
    switch path.root {
    case .action(let id): screen = id.screen
    case .back(let id): screen = id
    case .tab(let id, _): screen = id
    }
    var prefix = TransitionPath(root: path.root)
    for step in path.steps {
      if case .handler = step {
        guard let start = transition(at: prefix) else { return nil }
        screen = start.handlerScreen(after: screen)
      }
      prefix = prefix.appending(step)
    }
    return screen
  }
}

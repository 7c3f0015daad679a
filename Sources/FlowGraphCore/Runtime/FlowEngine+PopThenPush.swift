extension FlowEngine {
  /// `push: S` or `start: F` (mode push) with `popTo: X` (SPEC §6.3): pops
  /// back to the nearest X at or below the top within this flow's part of
  /// the current layer (X too when inclusive), then pushes, as one step that
  /// the `Navigator` sees as one change. Every check comes before the first
  /// change.
  func popThen(
    _ target: Transition.PopTarget, _ kind: Transition.Kind,
    _ arguments: some IndexedList<Argument>,
    path: TransitionPath?, _ context: EvaluationContext, _ state: inout FlowState,
    _ effects: inout [Effect], _ queue: inout [Work]
  ) throws(EvaluationFailure) -> Progress {
    let layer = state.layers.count - 1
    guard layer >= 0 else { throw .impossible("nothing is shown") }
    let screens = state.layers[layer].screens
    guard let top = screens.last, top.flow == context.flow else {
      throw .impossible("the top screen belongs to another flow")
    }
    // The nearest X at or below the top, within this flow's part of the layer.
    var index = screens.count - 1
    var found: Int?
    while index >= 0, screens[index].flow == context.flow {
      if screens[index].screen == target.screen {
        found = index
        break
      }
      index -= 1
    }
    guard let found else {
      throw .impossible(
        "popTo '\(screenName(target.screen))' is not possible: there is no "
          + "'\(screenName(target.screen))' at or below the top in this flow's part of the layer")
    }
    let keeping = target.inclusive ? found : found + 1
    switch kind {
    case .push(let screen):
      let instance = try makeScreen(screen, arguments, context, &state)
      effects.append(.transition(kind, flow: context.flow))
      state.layers[layer].screens.replaceSubrange(keeping..., with: [instance])
      effects.append(
        .navigation(
          keeping == screens.count ? .push(instance) : .setRoot(instance, keeping: keeping)))
      for removed in screens[keeping...].reversed() { effects.append(.screenExited(removed)) }
      effects.append(.screenEntered(instance))
      return .done
    case .start(_, .push, _):
      guard keeping > 0, screens[keeping - 1].flow == context.flow else {
        throw .impossible(
          "popTo '\(screenName(target.screen))' with inclusive would remove every screen of "
            + "flow '\(flowName(context.flow, in: state))' in its layer before starting the child")
      }
      // The child's input is bound from the current screen, before anything
      // is popped; its start screen's push becomes one change with this pop
      // (``pushAfterPopTo(_:flow:keeping:_:)``).
      var started: [Effect] = []
      let progress = try evaluate(kind, arguments, path: path, context, &state, &started, &queue)
      let removed = screens[keeping...]
      state.layers[layer].screens.removeSubrange(keeping...)
      guard let first = started.first else { return progress }
      effects.append(first)
      if removed.count > 0 { effects.append(.navigation(.pop(count: removed.count))) }
      for screen in removed.reversed() { effects.append(.screenExited(screen)) }
      effects.append(contentsOf: started.dropFirst())
      return progress
    default:
      throw .refused(
        .invalidGraph("'popTo' belongs to 'push' and to 'start' with mode push"))
    }
  }

  /// The navigation change that shows a push-mode child's start screen: a
  /// plain push, or, right after a `start` with `popTo` popped screens
  /// (its `pop` change is the last one and the child started after it),
  /// that pop and this push as one change: the stack becomes its first
  /// `keeping` screens and `shown`. The pop's change is removed from
  /// `effects`.
  func pushAfterPopTo(
    _ shown: ScreenInstance, flow: FlowInstanceID, keeping: Int, _ effects: inout [Effect]
  ) -> NavigationChange {
    var index = effects.count - 1
    var sawStart = false
    while index >= 0 {
      switch effects[index] {
      case .flowStarted(let instance) where instance.id == flow: sawStart = true
      case .taskReturned, .screenExited: break
      case .navigation(.pop) where sawStart:
        if index > 0, case .transition(.start, _) = effects[index - 1] {
          effects.remove(at: index)
          return .setRoot(shown, keeping: keeping)
        }
        return .push(shown)
      default: return .push(shown)
      }
      index -= 1
    }
    return .push(shown)
  }
}

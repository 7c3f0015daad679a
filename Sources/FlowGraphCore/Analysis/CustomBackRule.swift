/// `invalid-pop` for a custom `back` that can never run: the system back
/// runs only on a screen with a screen below it in its layer (SPEC §2.6), so
/// a `back:` transition on a screen that is the first of its layer in every
/// reachable context is dead code — and it may hide that a `finish` or a
/// screen it names is never used. The same question `pop` asks (docs/rules/invalid-pop.md).
///
/// Exact: the engine's reached states say, for each context a screen is
/// shown in, whether it is the first of its layer; a push-mode child's first
/// screen has its parent's screen below, so its back is possible. A screen
/// that is never shown is `unreachable-screen`'s; flows whose answer is
/// unknown are skipped, and so is a custom back that did not compile.
struct CustomBackRule {
  let run: AnalysisRun

  /// The findings, and the custom backs they are about (which never run:
  /// what only they show is unreachable, ``NeverRunTransitions``).
  func diagnostics() -> (findings: [Diagnostic], transitions: Set<Int32>) {
    var findings: [Diagnostic] = []
    var dead: Set<Int32> = []
    let program = run.program
    for (flowIndex, flow) in run.graph.flows.enumerated() where !run.flowIsUncertain[flowIndex] {
      // Only a custom back can be found dead: a flow without one is skipped.
      guard
        (0..<program.screenCount(of: flowIndex)).contains(where: { local in
          if case .custom = program.back[program.screen(local, of: flowIndex)] {
            true
          } else {
            false
          }
        })
      else { continue }
      var shown = [Bool](repeating: false, count: flow.screens.count)
      var backPossible = [Bool](repeating: false, count: flow.screens.count)
      for instance in run.instancesOfFlow[flowIndex] {
        for state in instance.reachedStates {
          let local = LocalState.screen(Int(state))
          shown[local] = true
          if instance.backIsPossible(LocalState.kind(Int(state))) { backPossible[local] = true }
        }
      }
      for (local, screenID) in flow.screens.enumerated() where shown[local] && !backPossible[local]
      {
        let screen = run.graph.screens[screenID.index]
        // A back that did not compile (`back: fals`) was reported by the
        // compiler: it is that one mistake, not also a dead back.
        guard case .custom(let transition) = screen.back, transition.kind != .invalid else {
          continue
        }
        var notes = [
          Diagnostic.Note(
            "whenever '\(screen.name)' is shown it is the first screen of its layer, and the system back only runs on a screen with a screen below it in its layer"
          )
        ]
        // A dead `back: { finish: R }` can hide that R is never produced.
        if case .finish(.declared(let result)) = transition.kind,
          !Self.flow(flow, finishes: result, apartFrom: screenID, in: run.graph)
        {
          notes.append(
            Diagnostic.Note(
              "it is the only 'finish: \(flow.results[result].name)' of flow '\(flow.name)', so that result is never produced"
            ))
        }
        if case .custom(let id) = program.back[screenID.index] { dead.insert(id) }
        // Name only what is possible where the screen is (`invalid-dismiss`
        // and `invalid-pop` say so for an action there).
        let onATabsFirstScreen = PopRules.isAlwaysATabsFirstScreen(
          PopRules.places(ofScreen: local, inFlow: flowIndex, run))
        let leave =
          onATabsFirstScreen
          ? "a way to leave the screen is an action, such as 'finish' or a 'select' of another tab: on a tab's first screen neither 'dismiss' nor 'pop' is possible"
          : "a way to leave the screen is an action, such as 'dismiss' or 'finish'"
        findings.append(
          Diagnostic(
            .invalidPop, "the custom 'back' of screen '\(screen.name)' can never run",
            at: run.graph.range(transition.span ?? screen.span),
            notes: notes + [.help("remove 'back' from '\(screen.name)'; \(leave)")]))
      }
    }
    return (findings, dead)
  }

  /// Whether some transition of `flow` other than the custom back of
  /// `screen` finishes with `result` (its start, actions, handlers, outcomes).
  private static func flow(
    _ flow: Flow, finishes result: Int, apartFrom screen: ScreenID, in graph: FlowGraph
  ) -> Bool {
    func finishes(_ transition: Transition) -> Bool {
      switch transition.kind {
      case .finish(.declared(let index)): index == result
      case .start(_, _, let handlers):
        handlers.results.contains(where: finishes) || finishes(handlers.dismissed)
      case .run(_, let outcomes): outcomes.contains(where: finishes)
      default: false
      }
    }
    func finishes(_ start: FlowStart) -> Bool {
      switch start.kind {
      case .finish(.declared(let index)): index == result
      case .run(_, let outcomes): outcomes.contains(where: finishes)
      default: false
      }
    }
    if finishes(flow.start) { return true }
    for id in flow.screens where graph.screens.indices.contains(id.index) {
      let other = graph.screens[id.index]
      if other.actions.contains(where: { finishes($0.transition) }) { return true }
      if id != screen, case .custom(let back) = other.back, finishes(back) { return true }
    }
    return false
  }
}

/// `unreachable-screen`: a screen that no run of its own flow, from the
/// flow's start, shows (under any mode the flow is judged in), with why when
/// that can be said; a screen that only unreachable screens show is a note
/// on the finding of the one that leads to it (``UnreachableScreenReasons``).
///
/// Exact: the engine's reached states are exactly the top frames of reachable
/// configurations. A flow in which a transition that did not compile may run
/// is skipped: that transition might have shown the screen.
struct UnreachableScreenRule {
  let run: AnalysisRun
  /// The transitions that `invalid-pop` reports as never running (every
  /// other rule treats them as `stay`: SPEC §3), by id.
  var neverRun: Set<Int32> = []

  /// The findings, and the screens (global indices) they are about.
  func diagnostics() -> (findings: [Diagnostic], screens: Set<Int>) {
    var findings: [Diagnostic] = []
    var unreachable: Set<Int> = []
    var reasons: UnreachableScreenReasons?
    for (flowIndex, flow) in run.graph.flows.enumerated() where !run.flowIsUncertain[flowIndex] {
      var shown = [Bool](repeating: false, count: flow.screens.count)
      for instance in run.instancesOfFlow[flowIndex] {
        for state in instance.reachedStates { shown[LocalState.screen(Int(state))] = true }
      }
      let flowUnreachable = flow.screens.indices.filter { !shown[$0] }.map {
        flow.screens[$0].index
      }
      guard !flowUnreachable.isEmpty else { continue }
      unreachable.formUnion(flowUnreachable)
      // Built once, only when some screen is unreachable.
      if reasons == nil {
        reasons = UnreachableScreenReasons(
          run: run, mentions: ScreenMentions(run.graph),
          neverRun: NeverRunTransitions(neverRun, program: run.program))
      }
      for root in reasons!.roots(of: flowUnreachable) {
        let screen = run.graph.screens[root.screen]
        var notes: [Diagnostic.Note] = []
        if let reason = root.reason { notes += reason.notes }
        for follower in root.followers {
          let name = run.graph.screens[follower.screen].name
          let by = follower.shownBy.map { "'\(run.graph.screens[$0].name)'" }
          let shownBy =
            by.count == 1
            ? "only \(by[0]) shows it"
            : "only \(by.joined(separator: ", ")) show it, and none of them is reachable"
          notes.append(
            Diagnostic.Note(
              "screen '\(name)' is unreachable too: \(shownBy)",
              at: run.graph.range(run.graph.screens[follower.screen].span)))
        }
        var finding = Diagnostic(
          .unreachableScreen,
          "screen '\(screen.name)' is unreachable from the start of flow '\(flow.name)'",
          at: run.graph.range(screen.span), notes: notes)
        finding.follows = root.reason?.follows
        findings.append(finding)
      }
    }
    return (findings, unreachable)
  }
}

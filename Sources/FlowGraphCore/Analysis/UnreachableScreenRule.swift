/// `unreachable-screen`: a screen that no run of its own flow, from the
/// flow's start, shows (under any mode the flow is judged in).
///
/// Exact: the engine's reached states are exactly the top frames of reachable
/// configurations. A flow in which a transition that did not compile may run
/// is skipped: that transition might have shown the screen.
struct UnreachableScreenRule {
  let run: AnalysisRun

  /// The findings, and the screens (global indices) they are about.
  func diagnostics() -> (findings: [Diagnostic], screens: Set<Int>) {
    var findings: [Diagnostic] = []
    var unreachable: Set<Int> = []
    for (flowIndex, flow) in run.graph.flows.enumerated() where !run.flowIsUncertain[flowIndex] {
      var shown = [Bool](repeating: false, count: flow.screens.count)
      for instance in run.instancesOfFlow[flowIndex] {
        for state in instance.reachedStates { shown[LocalState.screen(Int(state))] = true }
      }
      for (local, screenID) in flow.screens.enumerated() where !shown[local] {
        let screen = run.graph.screens[screenID.index]
        unreachable.insert(screenID.index)
        findings.append(
          Diagnostic(
            .unreachableScreen,
            "screen '\(screen.name)' is unreachable from the start of flow '\(flow.name)'",
            at: screen.range))
      }
    }
    return (findings, unreachable)
  }
}

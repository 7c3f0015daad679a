/// `invalid-select` (SPEC §6.1): a `select: TAB` that is not possible in any
/// run where its screen is on top, because the screen is never in a tabs
/// layer (its flow runs in no tabs screen, or it is only ever shown in a
/// layer that `present` opened above the tab bar). A `select` in a tabs
/// screen's own handlers acts on that screen's tabs, and is always possible.
///
/// Exact (like `invalid-pop`): a `select` that runs is reported when the
/// analysis finds that every run that tries it has its current screen in a
/// layer presented above the tab bar or in a flow that runs in no tabs
/// screen (``AnalysisRun/selectIsPossible``). One that never runs is
/// reported when ``FlowGraph/screensInTabsLayers()`` (an over-approximation
/// of where screens can be) says its screen is never in a tabs layer. A flow
/// whose answer is unknown (a transition that did not compile, such as a
/// dangling `push`, may run in it) is skipped, as by `unreachable-screen`:
/// that transition might have shown the screen in the tab bar (SPEC §3,
/// "One mistake gives one finding"); so is a flow that such a transition
/// might have started (``UnknownReach/mightBeStarted``): it might have
/// started it in a tab.
struct SelectRule {
  let run: AnalysisRun
  /// Per flow: whether a transition that did not compile might have started it.
  let mightBeStarted: [Bool]
  var graph: FlowGraph { run.graph }

  func diagnostics() -> [Diagnostic] {
    // The analysis program compiles every transition of the graph (actions,
    // backs, tab handlers, and the outcomes and handlers nested in them) and
    // logs each `select`: with none, there is nothing to walk (the walk costs
    // about 500 instructions an action).
    guard !run.program.selects.isEmpty || run.program.skippedTransitions else { return [] }
    var selects: [(transition: Transition, screen: ScreenID, flow: Int)] = []
    for flow in graph.flows.indices {
      graph.forEachTransition(in: FlowID(flow)) { transition, screen in
        if case .select = transition.kind { selects.append((transition, screen, flow)) }
      }
    }
    guard !selects.isEmpty else { return [] }
    let inTabsLayer = graph.screensInTabsLayers()
    let running = graph.tabsScreensByFlow()
    // The analysis's answer for the selects that run, by position.
    var exact: [SourceSpan: Bool] = [:]
    for (id, possible) in run.selectIsPossible {
      let flow = run.program.flow(of: run.program.transitions[Int(id)])
      if !run.flowIsUncertain[flow], let span = run.program.transition(id)?.span {
        exact[span] = possible
      }
    }
    var findings: [Diagnostic] = []
    for (transition, screen, flow) in selects
    where graph.screens[screen.index].tabBar == nil && !run.flowIsUncertain[flow]
      && !mightBeStarted[flow]
    {
      let never = transition.span.flatMap { exact[$0] }.map(!) ?? !inTabsLayer[screen.index]
      guard never else { continue }
      // A tab that some tabs screen of the flow lacks is `undefined-reference`'s.
      guard case .select(let tab) = transition.kind,
        !running[flow].contains(where: { graph.screens[$0.index].tabBar?.index(of: tab) == nil })
      else { continue }
      let name = graph.screens[screen.index].name
      let reason =
        running[flow].isEmpty
        ? "flow '\(graph.flows[flow].name)' runs in no tabs screen"
        : "screen '\(name)' is only ever shown in a layer presented above the tab bar"
      findings.append(
        Diagnostic(
          .invalidSelect,
          "'select: \(tab)' is never possible on screen '\(name)': \(reason)",
          at: graph.range(transition.span)))
    }
    return findings
  }
}

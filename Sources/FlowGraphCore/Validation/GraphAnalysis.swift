/// The exact graph rules of SPEC §3: `unreachable-screen`, `no-exit`,
/// `unbounded-stack`, `undismissable-modal`, `invalid-pop`,
/// `invalid-dismiss` and `unroutable-deeplink` (SPEC §6.2), judged on the runtime semantics of §2.4–2.6 over every
/// possible run. The model, the algorithm and its complexity are in
/// docs/analysis.md.
struct GraphAnalysis {
  let program: AnalysisProgram

  func diagnostics() -> [Diagnostic] {
    guard !program.graph.flows.isEmpty else { return [] }
    let run = AnalysisRun(program: program)
    let exits = run.instances.map { instance in
      instance.uncertain ? nil : FrameExits(instance, instances: run.instances)
    }
    let unreachable = UnreachableScreenRule(run: run).diagnostics()
    var findings = unreachable.findings
    findings += UnroutableDeeplinkRule(graph: program.graph, unreachable: unreachable.screens)
      .diagnostics()
    findings += PopRules(run: run).diagnostics()
    findings += CustomBackRule(run: run).diagnostics()
    findings += NoExitRule(run: run, exits: exits, enclosing: EnclosingLayer(run)).diagnostics()
    findings += UndismissableModalRule(run: run, exits: exits).diagnostics()
    findings += UnboundedStackRule(run: run).diagnostics()
    return findings
  }
}

/// The exact graph rules of SPEC §3: `unreachable-screen`, `no-exit`,
/// `unbounded-stack`, `undismissable-modal`, `invalid-pop` and
/// `invalid-dismiss`, judged on the runtime semantics of §2.4–2.6 over every
/// possible run. The model, the algorithm and its complexity are in
/// docs/analysis.md.
struct GraphAnalysis {
  let program: AnalysisProgram

  func diagnostics() -> [Diagnostic] {
    guard !program.graph.flows.isEmpty else { return [] }
    let run = AnalysisRun(program: program)
    let pops = PopRules(run: run).diagnostics()
    let contexts = CallContexts(run, neverPossible: pops.transitions)
    // Per instance, one per context (none when its answer is unknown).
    let exits = run.instances.map { instance in
      instance.uncertain || contexts.overflow[instance.id]
        ? []
        : contexts.contexts[instance.id].map {
          FrameExits(instance, context: $0, contexts: contexts)
        }
    }
    var findings = UnreachableScreenRule(run: run).diagnostics().findings
    findings += pops.findings
    findings += NoExitRule(run: run, exits: exits, contexts: contexts).diagnostics()
    findings += UndismissableModalRule(run: run, exits: exits).diagnostics()
    findings += UnboundedStackRule(run: run).diagnostics()
    return findings
  }
}

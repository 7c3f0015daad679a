/// The exact graph rules of SPEC §3: `unreachable-screen`, `no-exit`,
/// `unbounded-stack`, `undismissable-modal`, `invalid-pop`,
/// `invalid-dismiss` and `invalid-select` (SPEC §6.1), judged on the
/// runtime semantics of §2.4–2.6 over every possible run (`unroutable-deeplink`,
/// SPEC §6.2, reads its `unreachable` screens: ``Validator`` runs it once
/// these tables are freed). The model, the algorithm and its complexity are in
/// docs/analysis.md.
struct GraphAnalysis {
  let program: AnalysisProgram
  /// The flows that a dangling `start` or tab was probably meant to name.
  var meantByDanglingStarts: [FlowID] = []

  /// The findings of the rules that read the run, and the screens
  /// ``UnroutableDeeplinkRule`` leaves out: those reported
  /// `unreachable-screen`, and those of a flow whose reach from the entry a
  /// transition that did not compile leaves unknown (it may run in the flow
  /// or in a flow that starts it, or a dangling `start` meant the flow or
  /// one that starts it; ``UnknownReach``).
  func diagnostics() -> (findings: [Diagnostic], unjudged: Set<Int>) {
    guard !program.graph.flows.isEmpty else { return ([], []) }
    var run = AnalysisRun(program: program)
    let unknown = UnknownReach(
      graph: program.graph, flowIsUncertain: run.flowIsUncertain, meant: meantByDanglingStarts)
    let pops = PopRules(run: run).diagnostics()
    run.dropAttempts()
    let contexts = CallContexts(run, neverPossible: pops.transitions)
    // Per instance, one per context (none when its answer is unknown); the
    // exits depend only on which ends a context accepts, so contexts that
    // differ only in their gesture share them.
    let exits = run.instances.map { instance -> [FrameExits] in
      guard !instance.uncertain && !contexts.overflow[instance.id] else { return [] }
      // An instance has at most ``CallContexts/limit`` contexts: a list, not
      // a dictionary.
      var byAccepted: [(accepted: UInt64, exits: FrameExits)] = []
      return contexts.contexts[instance.id].map { context in
        if let known = byAccepted.first(where: { $0.accepted == context.accepted }) {
          return known.exits
        }
        let computed = FrameExits(instance, context: context, contexts: contexts)
        byAccepted.append((context.accepted, computed))
        return computed
      }
    }
    let backs = CustomBackRule(run: run).diagnostics()
    let unreachable = UnreachableScreenRule(
      run: run, neverRun: pops.transitions.union(backs.transitions)
    ).diagnostics()
    var findings = unreachable.findings
    findings += pops.findings
    findings += SelectRule(run: run, mightBeStarted: unknown.mightBeStarted).diagnostics()
    findings += backs.findings
    findings += NoExitRule(run: run, exits: exits, contexts: contexts).diagnostics()
    findings += UndismissableModalRule(run: run, exits: exits, contexts: contexts).diagnostics()
    findings += UnboundedStackRule(run: run).diagnostics()
    var unjudged = unreachable.screens
    for (flow, isUnknown) in unknown.reachIsUnknown.enumerated() where isUnknown {
      unjudged.formUnion(program.graph.flows[flow].screens.lazy.map(\.index))
    }
    return (findings, unjudged)
  }
}

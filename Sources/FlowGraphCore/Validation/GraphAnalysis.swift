/// The exact graph rules of SPEC §3: `unreachable-screen`, `no-exit`,
/// `unbounded-stack`, `undismissable-modal`, `invalid-pop` and
/// `invalid-dismiss`, judged on the runtime semantics of §2.4–2.6 over every
/// possible run. The model, the algorithm and its complexity are in
/// docs/analysis.md.
struct GraphAnalysis {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] {
    guard !graph.flows.isEmpty else { return [] }
    let run = AnalysisRun(program: AnalysisProgram(graph: graph))
    let (unreachable, _) = UnreachableScreenRule(run: run).diagnostics()
    return unreachable + PopRules(run: run).diagnostics()
  }
}

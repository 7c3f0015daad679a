/// The exact graph rules (SPEC §3): built in the analysis issue.
struct GraphAnalysis {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] { [] }
}

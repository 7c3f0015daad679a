/// Runs the graph rules of SPEC §3 on a compiled graph: the usage warnings
/// (`unused-flow`, `unused-result`, `unused-task`) and the exact graph
/// analysis (`unreachable-screen`, `no-exit`, `unbounded-stack`,
/// `undismissable-modal`, `invalid-pop`, `invalid-dismiss`).
///
/// Structural and type rules are the compiler's (they need the source); this
/// runs on any ``FlowGraph``, including one loaded from JSON or built in Swift.
public struct Validator: Sendable {
  /// The flows that a `start` or a tab naming no flow was probably meant to
  /// name (the compiler's "did you mean"): neither they nor what they start
  /// are judged from the entry, nor are they `unused-flow` (``UnknownReach``).
  package var flowsMeantByDanglingStarts: [FlowID] = []

  /// Creates a validator.
  public init() {}

  /// The findings for `graph`, in source order, with the graph's `suppress`
  /// lists applied.
  public func validate(_ graph: FlowGraph) -> [Diagnostic] {
    findingsIgnoringSuppressions(graph).removingSuppressed(by: graph.suppressions)
      .linkingConsequences(in: graph).sorted(by: Diagnostic.sourceOrder)
  }

  /// The findings for `graph` before its `suppress` lists apply (path
  /// generation reads what the exact rules prove even where it is suppressed).
  package func findingsIgnoringSuppressions(_ graph: FlowGraph) -> [Diagnostic] {
    var (findings, unjudged) = analysisFindings(graph)
    findings += TabsRules(graph: graph).diagnostics()
    findings += ReselectHandlerRule(graph: graph).diagnostics()
    // Its forward graph is built once the analysis's tables are freed
    // (docs/performance.md, "Where memory goes at 100,000 screens").
    findings += UnroutableDeeplinkRule(graph: graph, unjudged: unjudged).diagnostics()
    return findings
  }

  /// The usage rules' and the exact analysis's findings, and the screens
  /// whose deep links are not judged (reported `unreachable-screen`, or in a
  /// flow whose reach a transition that did not compile leaves unknown,
  /// ``UnknownReach``). The analysis's program and run live only in here.
  private func analysisFindings(_ graph: FlowGraph) -> ([Diagnostic], unjudged: Set<Int>) {
    // One walk over the model compiles the analysis's program and collects
    // what the usage rules need.
    let program = AnalysisProgram(graph: graph)
    let usage = UsageRules(
      graph: graph, collected: program.usage, meantByDanglingStarts: flowsMeantByDanglingStarts
    ).diagnostics()
    let analysis = GraphAnalysis(
      program: program, meantByDanglingStarts: flowsMeantByDanglingStarts
    )
    .diagnostics()
    return (usage + analysis.findings, analysis.unjudged)
  }
}

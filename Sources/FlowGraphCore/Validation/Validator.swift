/// Runs the graph rules of SPEC §3 on a compiled graph: the usage warnings
/// (`unused-flow`, `unused-result`, `unused-task`) and the exact graph
/// analysis (`unreachable-screen`, `no-exit`, `unbounded-stack`,
/// `undismissable-modal`, `invalid-pop`, `invalid-dismiss`).
///
/// Structural and type rules are the compiler's (they need the source); this
/// runs on any ``FlowGraph``, including one loaded from JSON or built in Swift.
public struct Validator: Sendable {
  /// Creates a validator.
  public init() {}

  /// The findings for `graph`, in source order, with the graph's `suppress`
  /// lists applied.
  public func validate(_ graph: FlowGraph) -> [Diagnostic] {
    var findings = UsageRules(graph: graph).diagnostics()
    findings += GraphAnalysis(graph: graph).diagnostics()
    return findings.removingSuppressed(by: graph.suppressions).sorted(by: Diagnostic.sourceOrder)
  }
}

/// `unused-flow`, `unused-result` and `unused-task`.
struct UsageRules {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] { [] }
}

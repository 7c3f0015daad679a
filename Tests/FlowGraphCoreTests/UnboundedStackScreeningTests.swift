import Testing

@testable import FlowGraphCore

/// ``UnboundedStackRule/noCycleGrows(in:)`` lets the rule skip its growth
/// graph: it must never say "no growth" where the graph finds some, and it
/// must prove clean graphs that have cycles (or it saves nothing).
@Suite struct UnboundedStackScreeningTests {
  @Test func theProofNeverHidesAGrowingCycleAndProvesCleanGraphsWithCycles() {
    var growing = 0
    var provenWithCycles = 0
    for seed in UInt64(1)...1200 {
      var generator = RandomGraphs(seed: seed, shape: RandomGraphs.shape(forSeed: seed))
      let graph = generator.make()
      guard !graph.flows.isEmpty else { continue }
      let run = AnalysisRun(program: AnalysisProgram(graph: graph))
      let rule = UnboundedStackRule(run: run)
      let findings = rule.growingCycles()
      let proven = UnboundedStackRule.noCycleGrows(in: run)
      #expect(!(proven && !findings.isEmpty), "seed \(seed)")
      if !findings.isEmpty { growing += 1 }
      if proven && Self.hasCycle(GrowthGraph(run).graph) { provenWithCycles += 1 }
      #expect(rule.diagnostics().map(\.message) == findings.map(\.message), "seed \(seed)")
    }
    #expect(growing > 20)
    #expect(provenWithCycles > 20)
  }

  @Test func aPushOntoItselfGrowsAndAReplaceLoopDoesNot() {
    func run(_ transition: Transition) -> AnalysisRun {
      let graph = FlowGraph(
        flows: [
          Flow(
            name: "a", start: FlowStart(.screen(ScreenID(0))),
            screens: [ScreenID(0), ScreenID(1)])
        ],
        screens: [
          Screen(
            name: "x", flow: FlowID(0),
            actions: [Action(name: "go", transition: Transition(.replace(ScreenID(1))))]),
          Screen(
            name: "y", flow: FlowID(0), actions: [Action(name: "again", transition: transition)]),
        ],
        entry: FlowID(0))
      return AnalysisRun(program: AnalysisProgram(graph: graph))
    }
    #expect(!UnboundedStackRule.noCycleGrows(in: run(Transition(.push(ScreenID(1))))))
    #expect(UnboundedStackRule.noCycleGrows(in: run(Transition(.replace(ScreenID(0))))))
  }

  /// Whether a graph has a cycle (a component of two nodes or more, or a loop).
  private static func hasCycle(_ graph: Digraph) -> Bool {
    let components = StronglyConnectedComponents(graph)
    guard components.count == graph.nodeCount else { return true }
    return (0..<graph.nodeCount).contains { node in
      graph.edges(of: node).contains { Int(graph.targets[$0]) == node }
    }
  }
}

import FlowGraphCore
import Testing

/// Property tests: on seeded random small graphs, the analysis's findings are
/// compared with an exhaustive (bounded) exploration of ``ReferenceModel``, a
/// direct interpretation of SPEC §2.4–2.6.
///
/// Soundness (no false positive) is checked on every graph: no explored run
/// shows a screen called unreachable or makes a pop or dismiss called
/// invalid possible; every `no-exit` and `undismissable-modal` has a trapped
/// run as witness; no `unbounded-stack` where the state space is finite.
/// Completeness is checked where the exploration was exhaustive.
@Suite("Analysis properties")
struct AnalysisPropertyTests {
  static let seeds: [UInt64] = Array(1...240)

  /// Everything the checks need about one graph.
  private struct Case {
    let graph: FlowGraph
    let findings: [Diagnostic]
    /// The explorations of each flow in each context it is judged in.
    let explorations: [[(context: ReferenceModel.Context, exploration: ReferenceExploration)]]
    let whole: ReferenceExploration
    let screenOfLine: [Int: Int]
    let flowOfLine: [Int: Int]

    init(seed: UInt64) {
      // Odd seeds: the default shape; even seeds: graphs that trap more often.
      var generator = RandomGraphs(
        seed: seed, shape: seed % 2 == 0 ? .trapProne : RandomGraphs.Shape())
      graph = generator.make()
      findings = Validator().validate(graph)
      var screenOfLine: [Int: Int] = [:]
      var flowOfLine: [Int: Int] = [:]
      var modes = [Set<Transition.StartMode>](repeating: [], count: graph.flows.count)
      func visit(_ transition: Transition, flow: Int) {
        if let line = transition.range?.start.line { flowOfLine[line] = flow }
        switch transition.kind {
        case .start(let child, let mode, let handlers):
          modes[child.index].insert(mode)
          for result in handlers.results { visit(result, flow: flow) }
          visit(handlers.dismissed, flow: flow)
        case .run(_, let outcomes):
          for outcome in outcomes { visit(outcome, flow: flow) }
        default: break
        }
      }
      for (index, screen) in graph.screens.enumerated() {
        screenOfLine[screen.range!.start.line] = index
        for action in screen.actions { visit(action.transition, flow: screen.flow.index) }
        if case .custom(let transition) = screen.back { visit(transition, flow: screen.flow.index) }
      }
      self.screenOfLine = screenOfLine
      self.flowOfLine = flowOfLine
      let graph = graph
      explorations = graph.flows.indices.map { flow in
        var contexts: [ReferenceModel.Context] = []
        if flow == 0 || modes[flow].isEmpty { contexts.append(.base) }
        if modes[flow].contains(.push) { contexts.append(.push) }
        if modes[flow].contains(.present) { contexts.append(.present) }
        return contexts.map { ($0, ReferenceExploration(graph: graph, flow: flow, context: $0)) }
      }
      whole = ReferenceExploration(graph: graph, flow: 0, context: .base)
    }

    func lines(of rule: RuleID) -> [Int] {
      findings.filter { $0.rule == rule }.compactMap(\.line)
    }

    var all: [ReferenceExploration] { [whole] + explorations.flatMap { $0.map(\.exploration) } }
  }

  @Test("the analysis agrees with exhaustive runs of the reference model", arguments: seeds)
  func agreesWithReferenceModel(seed: UInt64) {
    let test = Case(seed: seed)
    unreachableScreens(test, seed: seed)
    invalidPops(test, seed: seed)
    noExit(test, seed: seed)
    undismissableModals(test, seed: seed)
    unboundedStacks(test, seed: seed)
  }

  @Test("the random graphs exercise every rule, exhaustively explored")
  func coverage() {
    var rules: [RuleID: Int] = [:]
    var exhaustive = 0
    for seed in Self.seeds.prefix(100) {
      let test = Case(seed: seed)
      for finding in test.findings { rules[finding.rule, default: 0] += 1 }
      if !test.all.contains(where: \.truncated) { exhaustive += 1 }
    }
    for rule in [
      RuleID.unreachableScreen, .invalidPop, .invalidDismiss, .noExit, .undismissableModal,
      .unboundedStack,
    ] {
      #expect(rules[rule, default: 0] >= 3, "\(rule): \(rules[rule, default: 0])")
    }
    #expect(exhaustive >= 30, "exhaustively explored: \(exhaustive) of 100")
  }

  /// No run shows a screen called unreachable; exhaustive runs show all others.
  private func unreachableScreens(_ test: Case, seed: UInt64) {
    // A screen that only unreachable screens show is a note on the finding
    // of the one that leads to it.
    let lines = test.findings.filter { $0.rule == .unreachableScreen }.flatMap { finding in
      [finding.line]
        + finding.notes.filter { $0.message.contains("unreachable too") }.map(\.range?.start.line)
    }.compactMap { $0 }
    let reported = Set(lines.compactMap { test.screenOfLine[$0] })
    let shown = test.all.reduce(into: Set<Int>()) { $0.formUnion($1.shownScreens) }
    #expect(
      reported.isDisjoint(with: shown),
      "seed \(seed): shown but reported \(reported.intersection(shown))")
    for flow in test.graph.flows.indices
    where !test.explorations[flow].contains(where: \.exploration.truncated) {
      let own = test.explorations[flow].reduce(into: Set<Int>()) {
        $0.formUnion($1.exploration.shownScreens)
      }
      let screens = Set(test.graph.flows[flow].screens.map(\.index))
      #expect(
        reported.intersection(screens) == screens.subtracting(own), "seed \(seed), flow \(flow)")
    }
  }

  /// No run makes a pop or dismiss called invalid possible; exhaustive runs agree.
  private func invalidPops(_ test: Case, seed: UInt64) {
    let reported = Set(test.lines(of: .invalidPop) + test.lines(of: .invalidDismiss))
    for exploration in test.all {
      let possible = Set(exploration.attempts.filter(\.value).keys)
      #expect(reported.isDisjoint(with: possible), "seed \(seed): possible but reported")
    }
    for flow in test.graph.flows.indices
    where !test.explorations[flow].contains(where: \.exploration.truncated) {
      var tried: [Int: Bool] = [:]
      for (_, exploration) in test.explorations[flow] {
        for (line, possible) in exploration.attempts where test.flowOfLine[line] == flow {
          tried[line] = (tried[line] ?? false) || possible
        }
      }
      let never = Set(tried.filter { !$0.value }.keys)
      let ownReported = reported.filter { test.flowOfLine[$0] == flow }
      #expect(ownReported == never, "seed \(seed), flow \(flow)")
    }
  }

  /// Every no-exit has a trapped run; exhaustive runs of presented children agree.
  private func noExit(_ test: Case, seed: UInt64) {
    var reportedFlows: Set<Int> = []
    for line in test.lines(of: .noExit) {
      let screen = test.screenOfLine[line]!
      let flow = test.graph.screens[screen].flow.index
      reportedFlows.insert(flow)
      let children = test.explorations[flow].filter { $0.context != .base }
      let witnessed = children.contains { context, exploration in
        let finishes = exploration.canFinish()
        let complete = exploration.closureIsExplored()
        let home = context == .push ? 0 : 1
        return exploration.configs.indices.contains { index in
          let config = exploration.configs[index]
          guard !finishes[index], complete[index], config.layers.count == home + 1,
            let top = config.layers.last?.frames.last
          else { return false }
          return top.flow == 1 && top.screen == screen
        }
      }
      let conclusive = !children.contains(where: \.exploration.truncated)
      #expect(
        witnessed || !conclusive,
        "seed \(seed): no trapped run shows screen \(screen) of flow \(flow)")
    }
    // Completeness, where it does not depend on the context of a push start
    // or on a grandchild that never ends.
    for flow in test.graph.flows.indices where !reportedFlows.contains(flow) {
      for (context, exploration) in test.explorations[flow]
      where context == .present && !exploration.truncated {
        let finishes = exploration.canFinish()
        let nested = exploration.configs.contains { $0.flows.count > 2 }
        guard !nested else { continue }
        let trapped = exploration.configs.indices.contains { index in
          !finishes[index] && exploration.configs[index].layers.count == 2
        }
        #expect(!trapped, "seed \(seed): flow \(flow) is trapped when presented, not reported")
      }
    }
  }

  /// Every undismissable-modal has a run whose layer never closes.
  private func undismissableModals(_ test: Case, seed: UInt64) {
    for line in test.lines(of: .undismissableModal) {
      let explorations = test.all
      let witnessed = explorations.contains { exploration in
        stuckLayer(opened: line, in: exploration)
      }
      let conclusive = !explorations.contains(where: \.truncated)
      #expect(
        witnessed || !conclusive, "seed \(seed): no run leaves the layer of line \(line) stuck")
    }
  }

  /// No unbounded-stack where every run stays bounded.
  private func unboundedStacks(_ test: Case, seed: UInt64) {
    let finite = !test.all.contains(where: \.truncated)
    if finite {
      #expect(
        test.lines(of: .unboundedStack).isEmpty, "seed \(seed): finite, yet a cycle is reported")
    }
  }

  /// Whether some configuration has a layer opened by `line` that no
  /// continuation closes (nor the judged flow's end).
  private func stuckLayer(opened line: Int, in exploration: ReferenceExploration) -> Bool {
    let configs = exploration.configs
    let depths = Set(
      configs.flatMap { config in
        config.layers.indices.filter { config.layers[$0].openedBy == line }
      })
    for depth in depths {
      let open = configs.map { $0.layers.count > depth && $0.layers[depth].openedBy == line }
      // Configurations that can leave the "layer open" region.
      var leaves = open.map { !$0 }
      var predecessors = [[Int]](repeating: [], count: configs.count)
      var pending: [Int] = []
      for (source, targets) in exploration.steps.enumerated() {
        for target in targets {
          if target < 0 { leaves[source] = true } else { predecessors[target].append(source) }
        }
      }
      pending = leaves.indices.filter { leaves[$0] }
      while let config = pending.popLast() {
        for predecessor in predecessors[config] where !leaves[predecessor] {
          leaves[predecessor] = true
          pending.append(predecessor)
        }
      }
      let complete = exploration.closureIsExplored()
      if configs.indices.contains(where: { open[$0] && !leaves[$0] && complete[$0] }) {
        return true
      }
    }
    return false
  }
}

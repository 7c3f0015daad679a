import FlowGraphCore
import Foundation
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
  static let seeds: [UInt64] =
    Array(1...240) + Array(241..<(241 + richSeeds))
    + Array(RandomGraphs.firstTabbedSeed..<(RandomGraphs.firstTabbedSeed + tabbedSeeds))
  /// How many rich graphs (``RandomGraphs/Shape/rich``) are compared;
  /// `FLOWGRAPH_RICH_SEEDS=N swift test --filter AnalysisPropertyTests` runs more.
  static let richSeeds =
    ProcessInfo.processInfo.environment["FLOWGRAPH_RICH_SEEDS"].flatMap { UInt64($0) } ?? 1500
  /// How many tabbed graphs (``RandomGraphs/Shape/tabbed``) are compared;
  /// `FLOWGRAPH_TABBED_SEEDS=N` runs more.
  static let tabbedSeeds =
    ProcessInfo.processInfo.environment["FLOWGRAPH_TABBED_SEEDS"].flatMap { UInt64($0) } ?? 400

  /// Everything the checks need about one graph.
  private struct Case {
    let graph: FlowGraph
    let findings: [Diagnostic]
    /// The explorations of each flow in each context it is judged in.
    let explorations: [[(context: ReferenceModel.Context, exploration: ReferenceExploration)]]
    let whole: ReferenceExploration
    /// The runs every child is judged in (SPEC §3, "which flows are judged"):
    /// those of the entry flow and of every flow nothing starts, then, for a
    /// flow and mode no such run starts, those of the flow started on its
    /// own (repeated until every started flow and mode is covered).
    let roots: [ReferenceExploration]
    let screenOfLine: [Int: Int]
    let flowOfLine: [Int: Int]

    init(seed: UInt64) {
      // Odd seeds: the default shape; even seeds: graphs that trap more often.
      var generator = RandomGraphs(
        seed: seed, shape: RandomGraphs.shape(forSeed: seed))
      let graph = generator.make()
      self.graph = graph
      findings = Validator().validate(graph)
      var screenOfLine: [Int: Int] = [:]
      var flowOfLine: [Int: Int] = [:]
      var modes = [Set<Transition.StartMode>](repeating: [], count: graph.flows.count)
      var isTab = [Bool](repeating: false, count: graph.flows.count)
      func visit(_ transition: Transition, flow: Int) {
        if let line = graph.range(transition.span)?.start.line { flowOfLine[line] = flow }
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
        screenOfLine[graph.range(screen.span)!.start.line] = index
        for action in screen.actions { visit(action.transition, flow: screen.flow.index) }
        if case .custom(let transition) = screen.back { visit(transition, flow: screen.flow.index) }
        for tab in screen.tabBar?.tabs ?? [] {
          isTab[tab.flow.index] = true
          for handler in tab.handlers.results + [tab.handlers.dismissed] {
            visit(handler, flow: screen.flow.index)
          }
        }
      }
      self.screenOfLine = screenOfLine
      self.flowOfLine = flowOfLine
      explorations = graph.flows.indices.map { flow in
        var contexts: [ReferenceModel.Context] = []
        if flow == 0 || (modes[flow].isEmpty && !isTab[flow]) { contexts.append(.base) }
        if modes[flow].contains(.push) { contexts.append(.push) }
        if modes[flow].contains(.present) { contexts.append(.present) }
        if isTab[flow] { contexts.append(.tab) }
        return contexts.map { ($0, ReferenceExploration(graph: graph, flow: flow, context: $0)) }
      }
      whole = ReferenceExploration(graph: graph, flow: 0, context: .base)
      // (A pop or dismiss reported as never possible is `stay` for the trap
      // rules; whether it is never possible is checked on `whole`.)
      let invalid = Set(
        findings.filter {
          $0.rule == .invalidPop || $0.rule == .invalidDismiss || $0.rule == .invalidSelect
        }.compactMap(\.line))
      roots = Self.roots(graph, modes: modes, tabs: isTab, stayLines: invalid, whole: whole)
    }

    /// A flow and the mode it is started with (or as a tab).
    private struct Started: Hashable {
      var flow: Int
      var mode: Transition.StartMode
      var tab = false
    }

    private static func roots(
      _ graph: FlowGraph, modes: [Set<Transition.StartMode>], tabs: [Bool], stayLines: Set<Int>,
      whole: ReferenceExploration
    ) -> [ReferenceExploration] {
      var roots: [ReferenceExploration] = []
      for flow in graph.flows.indices where flow == 0 || (modes[flow].isEmpty && !tabs[flow]) {
        // (The entry flow's runs are `whole`'s when nothing runs as `stay`.)
        guard flow != 0 || !stayLines.isEmpty else {
          roots.append(whole)
          continue
        }
        roots.append(
          ReferenceExploration(graph: graph, flow: flow, context: .base, stayLines: stayLines))
      }
      var covered: Set<Started> = []
      var head = 0
      while true {
        for exploration in roots[head...] {
          for config in exploration.configs {
            for running in config.flows.dropFirst() where running.flow >= 0 {
              covered.insert(
                Started(flow: running.flow, mode: running.mode, tab: running.tab != nil))
            }
            // (Parked tabs were started too.)
            for layer in config.layers {
              for parked in layer.tabs?.parked ?? [] {
                for running in parked?.flows ?? [] {
                  covered.insert(
                    Started(flow: running.flow, mode: running.mode, tab: running.tab != nil))
                }
              }
            }
          }
        }
        head = roots.count
        // The first flow and mode no run starts: judged on its own (the
        // analysis takes them one at a time, in this order, too).
        var missing: Started? = nil
        search: for flow in graph.flows.indices {
          for mode in [Transition.StartMode.push, .present]
          where modes[flow].contains(mode) && !covered.contains(Started(flow: flow, mode: mode)) {
            missing = Started(flow: flow, mode: mode)
            break search
          }
          if tabs[flow] && !covered.contains(Started(flow: flow, mode: .push, tab: true)) {
            missing = Started(flow: flow, mode: .push, tab: true)
            break search
          }
        }
        guard let key = missing else { return roots }
        covered.insert(key)
        roots.append(
          ReferenceExploration(
            graph: graph, flow: key.flow,
            context: key.tab ? .tab : key.mode == .push ? .push : .present,
            stayLines: stayLines))
      }
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
    invalidSelects(test, seed: seed)
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

  @Test("the tabbed random graphs exercise the tab findings, exhaustively explored")
  func tabbedCoverage() {
    var rules: [RuleID: Int] = [:]
    var exhaustive = 0
    var reselected = 0
    let first = RandomGraphs.firstTabbedSeed
    for seed in first..<(first + 100) {
      let test = Case(seed: seed)
      for finding in test.findings { rules[finding.rule, default: 0] += 1 }
      if !test.all.contains(where: \.truncated) { exhaustive += 1 }
      // A run that ends a child in a tab's stack by selecting the tab again.
      if test.whole.configs.contains(where: { config in
        config.layers.contains { $0.tabs != nil && $0.frames.count > 2 }
      }) {
        reselected += 1
      }
    }
    for rule in [
      RuleID.unreachableScreen, .invalidPop, .invalidDismiss, .invalidSelect, .noExit,
      .undismissableModal,
    ] {
      #expect(rules[rule, default: 0] >= 3, "\(rule): \(rules[rule, default: 0])")
    }
    #expect(rules[.invalidTabs, default: 0] == 0, "the generator makes valid tabs screens")
    #expect(exhaustive >= 30, "exhaustively explored: \(exhaustive) of 100")
    #expect(reselected >= 10, "tab stacks deeper than one screen: \(reselected) of 100")
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
    // A note that a transition never runs is at an `invalid-pop`, and a
    // finding follows only one.
    let pops = Set(test.findings.filter { $0.rule == .invalidPop }.compactMap(\.range))
    for finding in test.findings where finding.rule == .unreachableScreen {
      let never = finding.notes.filter {
        $0.message.contains("which is never possible") || $0.message.contains("which can never run")
      }
      for note in never {
        #expect(note.range.map(pops.contains) == true, "seed \(seed): \(note.message)")
      }
      #expect(finding.follows.map(pops.contains) ?? true, "seed \(seed): follows no invalid-pop")
    }
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

  /// No run makes a `select` called invalid possible; where the runs are
  /// exhaustive, every `select` tried and never possible is reported.
  private func invalidSelects(_ test: Case, seed: UInt64) {
    let reported = Set(test.lines(of: .invalidSelect))
    var tried: [Int: Bool] = [:]
    for exploration in test.all {
      for (line, possible) in exploration.selectAttempts {
        tried[line] = (tried[line] ?? false) || possible
      }
    }
    var selects: Set<Int> = []
    for screen in test.graph.screens {
      func visit(_ transition: Transition) {
        switch transition.kind {
        case .select:
          if let line = test.graph.range(transition.span)?.start.line { selects.insert(line) }
        case .start(_, _, let handlers): (handlers.results + [handlers.dismissed]).forEach(visit)
        case .run(_, let outcomes): outcomes.forEach(visit)
        default: break
        }
      }
      for action in screen.actions { visit(action.transition) }
      if case .custom(let transition) = screen.back { visit(transition) }
      for tab in screen.tabBar?.tabs ?? [] {
        (tab.handlers.results + [tab.handlers.dismissed]).forEach(visit)
      }
    }
    let possible = Set(tried.filter(\.value).keys).intersection(selects)
    #expect(
      reported.isDisjoint(with: possible),
      "seed \(seed): select possible but reported \(reported.intersection(possible))\n\(GraphDump.text(test.graph))"
    )
    if !test.all.contains(where: \.truncated) {
      let never = Set(tried.filter { !$0.value }.keys).intersection(selects)
      #expect(
        never.isSubset(of: reported),
        "seed \(seed): select never possible, not reported \(never.subtracting(reported))\n\(GraphDump.text(test.graph))"
      )
    }
  }

  /// Every no-exit has a trapped run; exhaustive runs agree where no child
  /// is started from the trap (where one is, SPEC §3 "traps caused by traps"
  /// decides, which a plain exploration cannot).
  private func noExit(_ test: Case, seed: UInt64) {
    let reportedScreens = Set(test.lines(of: .noExit).compactMap { test.screenOfLine[$0] })
    let reportedFlows = Set(reportedScreens.map { test.graph.screens[$0].flow.index })
    let conclusive = !test.roots.contains(where: \.truncated)
    // (An inclusive pop-then-start whose target lies below is taken as
    // possible, docs/analysis.md §3.1: silence the completeness check
    // cannot see; only the tabbed graphs have been seen to reach it.)
    let inclusiveStart = test.graph.screens.contains { screen in
      screen.actions.contains { action in
        guard case .start = action.transition.kind else { return false }
        return action.transition.popTo?.inclusive == true
      }
    }
    var witnessed: Set<Int> = []
    for exploration in test.roots {
      for trap in exploration.childTraps() {
        witnessed.insert(trap.screen)
        let flow = test.graph.screens[trap.screen].flow.index
        if conclusive && !trap.startsChild && !inclusiveStart {
          #expect(
            reportedFlows.contains(flow),
            "seed \(seed): flow \(flow) is trapped on screen \(trap.screen), not reported\n\(GraphDump.text(test.graph))"
          )
        }
      }
    }
    for screen in reportedScreens where conclusive {
      #expect(
        witnessed.contains(screen),
        "seed \(seed): no trapped run shows screen \(screen)\n\(GraphDump.text(test.graph))")
    }
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

  /// Every undismissable-modal has a run whose layer never closes; where
  /// the runs are exhaustive, every stuck layer from which no other flow is
  /// started is reported (when one is, SPEC §3 "traps caused by traps"
  /// decides).
  private func undismissableModals(_ test: Case, seed: UInt64) {
    let reported = Set(test.lines(of: .undismissableModal))
    if !test.roots.contains(where: \.truncated) {
      for exploration in test.roots {
        for trap in exploration.layerTraps() where !trap.startsChild {
          #expect(
            reported.contains(trap.line),
            "seed \(seed): the layer of line \(trap.line) can get stuck, not reported\n\(GraphDump.text(test.graph))"
          )
        }
      }
    }
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

  /// No unbounded-stack where every run stays bounded; the cycle each one
  /// names grows, and a note points at a step that adds.
  private func unboundedStacks(_ test: Case, seed: UInt64) {
    let finite = !test.all.contains(where: \.truncated)
    if finite {
      #expect(
        test.lines(of: .unboundedStack).isEmpty, "seed \(seed): finite, yet a cycle is reported")
    }
    for finding in test.findings where finding.rule == .unboundedStack {
      let adds = ["screen", "screens", "layer", "layers", "running ones"]
      #expect(
        adds.contains { finding.message.hasSuffix($0) }, "seed \(seed): \(finding.message)")
      #expect(
        finding.notes.contains { $0.message.hasSuffix(" each round") && $0.range != nil },
        "seed \(seed): no note names a step that adds")
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

import Testing

@testable import FlowGraphCore

/// Path generation (SPEC §8): the minimiser on hand-made state graphs, the
/// lower bound, sample values, and the generator against the runtime and the
/// analysis on seeded random graphs.
@Suite("Path generation")
struct PathGeneratorTests {
  typealias Edge = RunCover.Edge

  @Test("a cycle is walked in one run, nearest item first, then the way out")
  func cycleInOneRun() {
    // 0 → 1; 1 ⇄ 2 (items 1, 2); 1 → 3 (item 3, the end).
    let edges = [
      Edge(from: 0, to: 1, items: [0]), Edge(from: 1, to: 2, items: [1]),
      Edge(from: 2, to: 1, items: [2]), Edge(from: 1, to: 3, items: [3]),
    ]
    let runs = RunCover(nodeCount: 4, edges: edges).runs(from: 0, itemCount: 4)
    #expect(runs == [[0, 1, 2, 3]])
  }

  @Test("branches that cannot meet again need one run each, shortest first")
  func branches() {
    // 0 → 1 (item 0); 1 → 2 → 3 (items 1, 2); 1 → 4 (item 3).
    let edges = [
      Edge(from: 0, to: 1, items: [0]), Edge(from: 1, to: 2, items: [1]),
      Edge(from: 2, to: 3, items: [2]), Edge(from: 1, to: 4, items: [3]),
    ]
    let runs = RunCover(nodeCount: 5, edges: edges).runs(from: 0, itemCount: 4)
    #expect(runs == [[0, 3], [0, 1, 2]])
  }

  @Test("the richest chain comes first; a step beyond the budget ends a run")
  func richestChainFirst() {
    // 0 → 1 (a); from 1: to 2 with one item, or to nowhere (beyond the
    // budget) with two; from 2 one more item.
    let edges = [
      Edge(from: 0, to: 1, items: []), Edge(from: 1, to: 2, items: [0]),
      Edge(from: 2, to: 3, items: [1, 2]), Edge(from: 1, to: nil, items: [3, 4]),
    ]
    let runs = RunCover(nodeCount: 4, edges: edges).runs(from: 0, itemCount: 5)
    #expect(runs == [[0, 3], [0, 1, 2]])
  }

  @Test("a run whose items the others all take is dropped")
  func redundantRunsAreDropped() {
    let edges = [Edge(from: 0, to: 1, items: [0]), Edge(from: 0, to: 2, items: [0, 1])]
    #expect(RunCover.pruned([[0], [1]], edges: edges) == [[1]])
    #expect(RunCover(nodeCount: 3, edges: edges).runs(from: 0, itemCount: 2) == [[1]])
  }

  @Test("nothing to take: no run")
  func nothingToTake() {
    let edges = [Edge(from: 0, to: 1, items: [])]
    #expect(RunCover(nodeCount: 2, edges: edges).runs(from: 0, itemCount: 0).isEmpty)
  }

  @Test("the lower bound counts items only a last step, or only a start, can take")
  func lowerBound() {
    // Items 0 and 1 end runs on separate steps; item 2 ends one too, but
    // on the same step as item 1; item 3 is also taken elsewhere.
    let steps: [(items: [Int], begins: Bool, ends: Bool)] = [
      ([0], false, true), ([1, 2], false, true), ([3], false, true), ([3], false, false),
    ]
    #expect(RunLowerBound.runs(ofOneFlow: steps) == 2)
    // Three starts with an item each.
    let starts: [(items: [Int], begins: Bool, ends: Bool)] = [
      ([0], true, false), ([1], true, false), ([2], true, false), ([], false, true),
    ]
    #expect(RunLowerBound.runs(ofOneFlow: starts) == 3)
    #expect(RunLowerBound.runs(ofOneFlow: []) == 1)
  }

  @Test("runs start from the entry and from every flow nothing starts; their bounds add up")
  func startedFlows() {
    var builder = GraphBuilder()
    builder.flow(
      "app", start: .screen("home"),
      [GraphBuilder.screen("home", [GraphBuilder.action("refresh", .stay)])])
    builder.flow(
      "archive", start: .screen("page"),
      [GraphBuilder.screen("page", [GraphBuilder.action("open", .stay)])])
    let graph = builder.build()
    let generator = PathGenerator(graph: graph)
    #expect(generator.startedFlows() == [FlowID(0), FlowID(1)])
    let plan = generator.generate()
    #expect(plan.runs.map(\.flow) == [FlowID(0), FlowID(1)])
    #expect(plan.runs.map(\.events) == [["refresh"], ["open"]])
    #expect(plan.lowerBound == 2)
    let archive = generator.generate(flow: FlowID(1))
    #expect(archive.runs.map(\.events) == [["open"]])
    #expect(archive.possibleCount == 1)
  }

  @Test("sample values: deterministic, typed, enums by their first case")
  func sampleValues() {
    var builder = GraphBuilder()
    builder.type("Theme", cases: ["light", "dark"])
    builder.flow("app", start: .screen("home"), [GraphBuilder.screen("home")])
    let graph = builder.build()
    let theme = ValueType.named(TypeID(0))
    let fields: [(ValueType, Value)] = [
      (.string, .string("field")), (.int, .int(1)), (.double, .double(1.5)),
      (.bool, .bool(true)), (.url, .url("https://example.com/field")),
      (.date, .date("2026-01-01")), (theme, .string("light")),
      (.list(.int), .list([.int(1)])), (.optional(.string), .string("field")),
    ]
    for (type, value) in fields {
      let sample = graph.sampleValue(for: Parameter(name: "field", type: type))
      #expect(sample == value)
      #expect(graph.coerce(sample, to: type) != nil, "\(type)")
    }
  }

  static let seeds: [UInt64] = Array(1...60)

  @Test(
    "random graphs: every run replays, and nothing the analysis proves impossible is taken",
    arguments: seeds)
  func randomGraphs(seed: UInt64) throws {
    var generator = RandomGraphs(
      seed: seed, shape: seed % 2 == 0 ? .trapProne : RandomGraphs.Shape())
    let graph = generator.make()
    let budget = PathBudget(maximumStates: 1500, maximumScreens: 12)
    let plan = PathGenerator(graph: graph, budget: budget).generate()
    let engine = FlowEngine(graph: graph)
    var taken = Set<CoverageItem>()
    for run in plan.runs {
      let end = try #require(try Self.replay(run, engine: engine), "seed \(seed): \(run.events)")
      #expect(StateKey(end) == StateKey(run.end), "seed \(seed)")
      taken.formUnion(run.items)
    }
    #expect(taken == Set(plan.covered), "seed \(seed)")
    // The exact rules and the exploration never disagree.
    let proven = Validator().findingsIgnoringSuppressions(graph).filter {
      [.invalidPop, .invalidDismiss, .unreachableScreen].contains($0.rule)
    }
    let provenRanges = Set(proven.compactMap(\.range))
    for item in plan.covered {
      if let range = graph.range(of: item) {
        #expect(
          !provenRanges.contains(range)
            || {
              if case .gesture = item { return true }
              if case .back = item, graph.transition(of: item) == nil { return true }
              return false
            }(),
          "seed \(seed): \(graph.describe(item)) is taken but proven impossible")
      }
    }
    #expect(Set(plan.impossible.map(\.item)).isDisjoint(with: taken))
    if plan.exhaustive { #expect(plan.uncovered.isEmpty) }
  }

  /// A seeded random graph with a deep link on every screen (`/f0/s1`).
  static func randomGraphWithLinks(seed: UInt64) -> FlowGraph {
    var generator = RandomGraphs(
      seed: seed, shape: seed % 2 == 0 ? .trapProne : RandomGraphs.Shape())
    let random = generator.make()
    var screens = Array(random.screens)
    var sources = random.sources
    for index in screens.indices {
      screens[index].deeplink = "/\(random[screens[index].flow].name)/\(screens[index].name)"
      screens[index].deeplinkSpan = sources.span(
        for: SourceRange(
          file: RandomGraphs.file, at: SourcePosition(line: 10_000 + index, column: 1)))
    }
    return FlowGraph(
      flows: random.flows, screens: screens, tasks: random.tasks, entry: random.entry,
      sources: sources)
  }

  @Test(
    "random graphs with a deep link on every screen: every run replays, every routable link is taken",
    arguments: seeds)
  func randomGraphsWithDeepLinks(seed: UInt64) throws {
    let graph = Self.randomGraphWithLinks(seed: seed)
    let budget = PathBudget(maximumStates: 1500, maximumScreens: 12)
    let plan = PathGenerator(graph: graph, budget: budget).generate()
    let engine = FlowEngine(graph: graph)
    var taken = Set<CoverageItem>()
    for run in plan.runs {
      let end = try #require(try Self.replay(run, engine: engine), "seed \(seed): \(run.events)")
      #expect(StateKey(end) == StateKey(run.end), "seed \(seed)")
      taken.formUnion(run.items)
    }
    #expect(taken == Set(plan.covered), "seed \(seed)")
    // Every routable link is taken, or the runtime cannot follow its route
    // (a step on it is not possible: the link stays pending wherever it is opened).
    let impossible = Dictionary(
      plan.impossible.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
    for link in LinkOpener(graph: graph).links where !taken.contains(.deepLink(link.screen)) {
      let item = try #require(impossible[.deepLink(link.screen)], "seed \(seed): \(link.url)")
      // (The exact analysis may prove its screen unreachable first.)
      #expect(item.rule == nil || item.rule == .unreachableScreen, "seed \(seed)")
      for run in plan.runs where run.flow == graph.entry && run.end.finish == nil {
        let opened = try? engine.step(run.end, .open(link.url))
        if case .completed(let step)? = opened {
          #expect(step.state.pendingLink != nil, "seed \(seed): \(link.url)")
        }
      }
    }
    // A link no route reaches is never possible, by the rule, and never taken.
    for item in plan.impossible where item.item.isDeepLink && item.rule != nil {
      #expect(item.rule == .unroutableDeeplink || item.rule == .unreachableScreen, "seed \(seed)")
    }
  }

  @Test("random graphs: the runs stay close to the lower bound")
  func closeToTheLowerBound() {
    let (runs, bound, far) = Self.closeness { seed in
      var generator = RandomGraphs(
        seed: seed, shape: seed % 2 == 0 ? .trapProne : RandomGraphs.Shape())
      return generator.make()
    }
    // Measured: 93 runs for a bound of 78 (1.19); two graphs in 120 beyond twice their bound.
    // Seed 36: the start task's outcomes can also be taken through a child (the bound is loose).
    // Seed 42: 3 runs for a bound of 1. The bound is loose there (the fewest runs are 2: the
    // base flow f1's `start f0 present` leads into a trap, so its `finish` needs a run of its
    // own, which the bound does not see), and the cover is one run above the fewest: the entry
    // flow f0 is planned first and takes its one action in a run of its own, which f1's run into
    // the trap (f0 presented) could have taken on the way. Both are known limits of a per-flow
    // bound and a flow-by-flow cover, not a regression; the total ratio above still holds.
    #expect(Double(runs) <= 1.2 * Double(bound), "\(runs) runs, lower bound \(bound)")
    #expect(far.count <= 2, "beyond twice the bound: \(far)")
  }

  @Test("random graphs with deep links: the runs stay close to the lower bound")
  func linksCloseToTheLowerBound() {
    let (runs, bound, far) = Self.closeness(Self.randomGraphWithLinks(seed:))
    // Measured: 133 runs for a bound of 121 (1.10), none beyond twice its bound (the same
    // graphs without links: 93 runs for 78). A link needs a run of its own only where the
    // entry flow has no run that ends on a screen or passes a state the link leads back to
    // (often: its runs take nothing else), and the bound counts that run.
    #expect(Double(runs) <= 1.2 * Double(bound), "\(runs) runs, lower bound \(bound)")
    #expect(far.count <= 2, "beyond twice the bound: \(far)")
  }

  /// The runs and bounds summed over the 120 seeded graphs whose exploration
  /// is exhaustive, and the seeds whose runs exceed twice their bound.
  static func closeness(_ graph: (UInt64) -> FlowGraph) -> (runs: Int, bound: Int, far: [UInt64]) {
    var runs = 0
    var bound = 0
    var far: [UInt64] = []
    for seed in UInt64(1)...120 {
      let plan = PathGenerator(
        graph: graph(seed), budget: PathBudget(maximumStates: 1500, maximumScreens: 12)
      ).generate()
      guard plan.exhaustive else { continue }
      runs += plan.runs.count
      bound += plan.lowerBound
      if plan.runs.count > 2 * plan.lowerBound { far.append(seed) }
    }
    return (runs, bound, far)
  }

  @Test("the same graph gives the same runs")
  func deterministic() {
    var first = RandomGraphs(seed: 7)
    var second = RandomGraphs(seed: 7)
    let a = PathGenerator(graph: first.make()).generate()
    let b = PathGenerator(graph: second.make()).generate()
    #expect(a.runs == b.runs)
    #expect(a.covered == b.covered)
  }

  /// Replays a run through the engine as `flowgraph run` would: the start,
  /// then each event, each task answered in order; the end state, or `nil`
  /// when a step is refused.
  static func replay(_ run: GeneratedRun, engine: FlowEngine) throws -> FlowState? {
    var answers = run.outcomes[...]
    func settle(_ result: StepResult) -> FlowState? {
      var result = result
      while case .suspended(let suspension) = result {
        guard let choice = answers.popFirst(), choice.task == suspension.task,
          let next = try? engine.resume(
            suspension, outcome: choice.outcome, payload: choice.payload)
        else { return nil }
        result = next
      }
      guard case .completed(let step) = result else { return nil }
      return step.state
    }
    var input: [String: Value] = [:]
    for (field, value) in zip(engine.graph[run.flow].input, run.input) { input[field.name] = value }
    guard let started = try? engine.start(run.flow, input: input), var state = settle(started)
    else { return nil }
    for step in run.steps.dropFirst() {
      guard let event = step.event, let result = try? engine.step(state, event),
        let next = settle(result)
      else { return nil }
      state = next
    }
    return answers.isEmpty ? state : nil
  }
}

/// Generates a small set of runs that together take every possible transition
/// at least once (SPEC §8): each action wherever it is possible, each task
/// outcome, each result handler, back and the dismiss gesture wherever
/// possible, each deep link.
///
/// It explores the runtime's own states (``FlowEngine``, through its public
/// API) breadth first from each started flow, so every generated run is one
/// the runtime accepts, then picks runs greedily (``RunCover``). Items that no
/// run takes are proven impossible by the validator's exact rules, or by the
/// exploration itself when it saw every state; otherwise they are reported as
/// not covered within the budget. Tab selections are events like back and
/// the gesture; deep links are opened in the entry flow's runs afterwards
/// (``LinkOpener``, `openLinks`). Deterministic: the same graph gives the
/// same runs.
public struct PathGenerator: Sendable {
  /// The graph; it must be free of error findings (after `suppress`).
  public let graph: FlowGraph
  /// How far the exploration goes.
  public var budget: PathBudget

  /// Creates a generator.
  public init(graph: FlowGraph, budget: PathBudget = PathBudget()) {
    self.graph = graph
    self.budget = budget
  }

  /// The flows runs start from: `flow`, or the entry flow (the only flow of a
  /// one-flow file) and then every other flow that no `start` names.
  public func startedFlows(_ flow: FlowID? = nil) -> [FlowID] {
    if let flow { return [flow] }
    let starts = CoverageCatalogue(graph: graph).starts
    let named = starts.values.reduce(into: Set<FlowID>()) { $0.formUnion($1) }
    let entry = graph.entry ?? (graph.flows.count == 1 ? FlowID(0) : nil)
    var roots = entry.map { [$0] } ?? []
    for index in graph.flows.indices where FlowID(index) != entry && !named.contains(FlowID(index))
    {
      roots.append(FlowID(index))
    }
    return roots
  }

  /// The runs of `flow` (or of every started flow), and what they cover.
  public func generate(flow: FlowID? = nil) -> PathPlan {
    let catalogue = CoverageCatalogue(graph: graph)
    let roots = startedFlows(flow)
    // The flows in scope: the started ones and every flow they can start.
    var scope = Set(roots)
    var pending = roots
    while let next = pending.popLast() {
      for child in catalogue.starts[next, default: []] where scope.insert(child).inserted {
        pending.append(child)
      }
    }
    var table = ItemTable(catalogue)
    // The runs of every started flow, chosen in turn (the entry's first), each
    // flow's runs going only after what the earlier ones left untaken.
    var candidates: [GeneratedRun] = []
    var taken: [Bool] = []
    var exhaustive = true
    var found = Set<Int>()
    var stepsByRoot: [[RunLowerBound.Step]] = []
    var entrySpace: (space: StateSpace, cover: RunCover)?
    for root in roots {
      let input = sampleInput(of: root)
      let space = StateSpace(
        graph: graph, flow: root, input: input, budget: budget, items: &table)
      exhaustive = exhaustive && !space.truncated
      var steps: [RunLowerBound.Step] = []
      for edge in space.edges {
        found.formUnion(edge.items)
        steps.append(
          (edge.items, edge.from == 0, edge.to.map { space.states[$0].finish != nil } ?? false))
      }
      stepsByRoot.append(steps)
      let cover = RunCover(
        nodeCount: space.states.count,
        edges: space.edges.map { RunCover.Edge(from: $0.from, to: $0.to, items: $0.items) })
      if root == graph.entry { entrySpace = (space, cover) }
      taken += [Bool](repeating: false, count: table.items.count - taken.count)
      for path in cover.runs(from: 0, taking: &taken) {
        candidates.append(makeRun(root, input: input, path: path, space: space, table: table))
      }
    }
    let kept = RunCover.kept(
      items: candidates.map { Set($0.items) }, lengths: candidates.map(\.steps.count))
    var runs = kept.map { candidates[$0] }
    // Opening a link starts the entry flow: links belong to its runs.
    let linksInScope = flow == nil || flow == graph.entry
    var unfollowable = Set<ScreenID>()
    if linksInScope, let entry = graph.entry, roots.contains(entry) {
      let links = openLinks(in: &runs, entry: entry, explored: entrySpace, table: table)
      for item in links.taken {
        if let index = table.existingIndex(of: item) { found.insert(index) }
      }
      // An open can be any step but the start, and need not end a run: for
      // the bound, each link is a step of the entry flow's of its own.
      if let root = roots.firstIndex(of: entry) {
        for case .deepLink(let screen) in links.taken {
          if let index = table.existingIndex(of: .deepLink(screen)) {
            stepsByRoot[root].append(([index], false, false))
          }
        }
      }
      unfollowable = links.unfollowable
    }
    let inScope: (CoverageItem) -> Bool = { item in
      if case .deepLink = item { return linksInScope }
      return scope.contains(graph.flow(of: item))
    }
    var covered: [CoverageItem] = []
    var uncovered: [CoverageItem] = []
    var impossible: [ImpossibleItem] = []
    let proofs = ImpossibilityProofs(graph: graph)
    for (index, item) in table.items.enumerated() where inScope(item) {
      if found.contains(index) {
        covered.append(item)
      } else if index < table.staticCount {
        if let proof = proofs.proof(for: item) {
          impossible.append(ImpossibleItem(item: item, rule: proof.rule, reason: proof.reason))
        } else if case .deepLink(let screen) = item, unfollowable.contains(screen) {
          impossible.append(
            ImpossibleItem(
              item: item, rule: nil,
              reason:
                "opening it never takes it: the runtime cannot follow its route (a step is not possible or shows another screen), so the link stays pending"
            ))
        } else if exhaustive, !item.isDeepLink {
          impossible.append(
            ImpossibleItem(
              item: item, rule: nil,
              reason: "no run can take it (every state a run can reach was explored)"))
        } else {
          uncovered.append(item)
        }
      }
    }
    return PathPlan(
      runs: runs, covered: covered, uncovered: uncovered, impossible: impossible,
      lowerBound: RunLowerBound.runs(stepsByRoot), exhaustive: exhaustive)
  }

  /// A flow's sample input, by field name.
  func sampleInput(of flow: FlowID) -> [String: Value] {
    var input: [String: Value] = [:]
    for field in graph[flow].input { input[field.name] = graph.sampleValue(for: field) }
    return input
  }

  private func makeRun(
    _ flow: FlowID, input: [String: Value], path: [Int], space: StateSpace, table: ItemTable
  ) -> GeneratedRun {
    var items: [CoverageItem] = []
    var seen = Set<Int>()
    for index in path {
      for item in space.edges[index].items where seen.insert(item).inserted {
        items.append(table.items[item])
      }
    }
    let last = space.edges[path.last!]
    // A run that ends beyond the budget ends in a state that was not kept:
    // replay its last step to know it.
    let end = last.to.map { space.states[$0] } ?? replayEnd(flow, input: input, path: path, space)
    return GeneratedRun(
      flow: flow, input: graph[flow].input.map { input[$0.name] ?? .null },
      steps: path.map { space.edges[$0].step }, items: items, end: end)
  }

  private func replayEnd(
    _ flow: FlowID, input: [String: Value], path: [Int], _ space: StateSpace
  ) -> FlowState {
    let last = space.edges[path.last!]
    let engine = FlowEngine(graph: graph)
    let state = space.states[last.from]
    var result: StepResult?
    if let event = last.step.event {
      result = try? engine.step(state, event)
    } else {
      result = try? engine.start(flow, input: input)
    }
    for choice in last.step.outcomes {
      guard case .suspended(let suspension)? = result else { break }
      result = try? engine.resume(suspension, outcome: choice.outcome, payload: choice.payload)
    }
    if case .completed(let step)? = result { return step.state }
    return state
  }
}

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
/// not covered within the budget. Deep links are opened at the end of the
/// entry flow's runs (``LinkOpener``). Deterministic: the same graph gives the
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
    if linksInScope, let entry = graph.entry, roots.contains(entry) {
      for item in openLinks(in: &runs, entry: entry) {
        if let index = table.existingIndex(of: item) { found.insert(index) }
      }
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
  private func sampleInput(of flow: FlowID) -> [String: Value] {
    var input: [String: Value] = [:]
    for field in graph[flow].input { input[field.name] = graph.sampleValue(for: field) }
    return input
  }

  /// Opens every routable deep link in a run of the entry flow: after the
  /// last event of the run that is then the shortest of those that end on a
  /// screen (the first of equals); when every run ends the flow, inside the
  /// first run that passes a state the link leads back to (the run goes on
  /// from there unchanged); else after the start of one new run. Returns the
  /// items the opens took; the runs stay shortest first.
  private func openLinks(in runs: inout [GeneratedRun], entry: FlowID) -> [CoverageItem] {
    let opener = LinkOpener(graph: graph)
    guard !opener.links.isEmpty else { return [] }
    var explorer = StepExplorer(graph: graph, engine: FlowEngine(graph: graph), budget: budget)
    var taken: [CoverageItem] = []
    for link in opener.links {
      let hosts = runs.indices.filter {
        runs[$0].flow == entry && runs[$0].end.finish == nil && runs[$0].end.top != nil
      }
      var host = hosts.min { (runs[$0].steps.count, $0) < (runs[$1].steps.count, $1) }
      var position: Int?
      if host == nil {
        for index in runs.indices where runs[index].flow == entry {
          if let found = returningPosition(link, in: runs[index], opener, &explorer) {
            (host, position) = (index, found)
            break
          }
        }
      }
      if host == nil, let fresh = startRun(entry, explorer: &explorer) {
        runs.append(fresh)
        taken += fresh.items
        host = runs.count - 1
      }
      guard let host else { continue }
      let from = position.flatMap { states(of: runs[host])?[$0] } ?? runs[host].end
      guard let opening = opener.open(link, from: from, explorer: &explorer) else { continue }
      let items = [CoverageItem.deepLink(link.screen)] + opening.leaf.items
      if let position {
        runs[host].steps.insert(opening.step, at: position + 1)
      } else {
        runs[host].steps.append(opening.step)
        runs[host].end = opening.leaf.state
      }
      for item in items where !runs[host].items.contains(item) { runs[host].items.append(item) }
      taken += items
    }
    runs = runs.enumerated().sorted {
      ($0.element.steps.count, $0.offset) < ($1.element.steps.count, $1.offset)
    }
    .map(\.element)
    return taken
  }

  /// The first step of `run` after which opening `link` leads to a state
  /// that can go on as the run does (the same state up to values, no link
  /// pending), if any.
  private func returningPosition(
    _ link: LinkOpener.Link, in run: GeneratedRun, _ opener: LinkOpener,
    _ explorer: inout StepExplorer
  ) -> Int? {
    guard let states = states(of: run) else { return nil }
    for (index, state) in states.enumerated().dropLast()
    where state.finish == nil && state.pendingLink == nil {
      if let opening = opener.open(link, from: state, explorer: &explorer),
        opening.leaf.state.pendingLink == nil, StateKey(opening.leaf.state) == StateKey(state)
      {
        return index
      }
    }
    return nil
  }

  /// The state after each step of a run, replayed; `nil` when a step does
  /// not replay.
  private func states(of run: GeneratedRun) -> [FlowState]? {
    let engine = FlowEngine(graph: graph)
    var input: [String: Value] = [:]
    for (field, value) in zip(graph[run.flow].input, run.input) { input[field.name] = value }
    var states: [FlowState] = []
    for step in run.steps {
      var result: StepResult?
      if let event = step.event {
        guard let state = states.last else { return nil }
        result = try? engine.step(state, event)
      } else {
        result = try? engine.start(run.flow, input: input)
      }
      for choice in step.outcomes {
        guard case .suspended(let suspension)? = result else { return nil }
        result = try? engine.resume(suspension, outcome: choice.outcome, payload: choice.payload)
      }
      guard case .completed(let done)? = result else { return nil }
      states.append(done.state)
    }
    return states
  }

  /// A run of only the start of `flow` that ends on a screen (the first
  /// combination of its start task's outcomes that does).
  private func startRun(_ flow: FlowID, explorer: inout StepExplorer) -> GeneratedRun? {
    let input = sampleInput(of: flow)
    guard let start = try? FlowEngine(graph: graph).start(flow, input: input) else { return nil }
    for leaf in explorer.leaves(of: start) where leaf.state.finish == nil && leaf.state.top != nil {
      return GeneratedRun(
        flow: flow, input: graph[flow].input.map { input[$0.name] ?? .null },
        steps: [PathStep(event: nil, text: "", outcomes: leaf.choices)], items: leaf.items,
        end: leaf.state)
    }
    return nil
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

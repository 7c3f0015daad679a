extension PathGenerator {
  /// What opening the deep links added: the items the opens (and the steps
  /// around them) took, and the links that no way of answering the tasks on
  /// the way lets an `open` take (opening resets every flow, so that does not
  /// depend on where it is opened).
  struct LinkPlacement {
    var taken: [CoverageItem] = []
    var unfollowable: Set<ScreenID> = []
  }

  /// Steps put into a run after one of its steps.
  private struct Splice {
    var run: Int
    /// The index of the step the new steps follow.
    var position: Int
    var steps: [PathStep]
    var items: [CoverageItem]
  }

  /// Opens every routable deep link in a run of the entry flow (SPEC §8):
  /// after the last event of the run that is then the shortest of those
  /// that end on a screen (the first of equals); when every run ends the
  /// flow, inside the run where the fewest steps lead from the link back to a
  /// state the run passes (a pending link is cancelled first), the run going
  /// on from there unchanged; else in one more run, after its start. The runs
  /// stay shortest first.
  func openLinks(
    in runs: inout [GeneratedRun], entry: FlowID,
    explored: (space: StateSpace, cover: RunCover)?, table: ItemTable
  ) -> LinkPlacement {
    let opener = LinkOpener(graph: graph)
    guard !opener.links.isEmpty else { return LinkPlacement() }
    var explorer = StepExplorer(graph: graph, engine: FlowEngine(graph: graph), budget: budget)
    var placement = LinkPlacement()
    func unfollowable(_ link: LinkOpener.Link) {
      if !explorer.truncated { placement.unfollowable.insert(link.screen) }
    }
    for link in opener.links {
      let hosts = runs.indices.filter {
        runs[$0].flow == entry && runs[$0].end.finish == nil && runs[$0].end.top != nil
      }
      if let host = hosts.min(by: { (runs[$0].steps.count, $0) < (runs[$1].steps.count, $1) }) {
        guard let opening = opener.open(link, from: runs[host].end, explorer: &explorer) else {
          unfollowable(link)
          continue
        }
        let items = [CoverageItem.deepLink(link.screen)] + opening.leaf.items
        runs[host].steps.append(opening.step)
        runs[host].end = opening.leaf.state
        add(items, to: &runs[host])
        placement.taken += items
        continue
      }
      if let explored,
        let splice = bestSplice(
          link, runs: runs, entry: entry, explored: explored, table: table, opener: opener,
          explorer: &explorer)
      {
        runs[splice.run].steps.insert(contentsOf: splice.steps, at: splice.position + 1)
        add(splice.items, to: &runs[splice.run])
        placement.taken += splice.items
        continue
      }
      guard var fresh = startRun(entry, explorer: &explorer) else { continue }
      guard let opening = opener.open(link, from: fresh.end, explorer: &explorer) else {
        unfollowable(link)
        continue
      }
      let items = [CoverageItem.deepLink(link.screen)] + opening.leaf.items
      fresh.steps.append(opening.step)
      fresh.end = opening.leaf.state
      add(items, to: &fresh)
      placement.taken += fresh.items
      runs.append(fresh)
    }
    runs = runs.enumerated().sorted {
      ($0.element.steps.count, $0.offset) < ($1.element.steps.count, $1.offset)
    }
    .map(\.element)
    return placement
  }

  private func add(_ items: [CoverageItem], to run: inout GeneratedRun) {
    for item in items where !run.items.contains(item) { run.items.append(item) }
  }

  /// The splice with the fewest steps that opens `link` inside a run of the
  /// entry flow and leads back to a state the run passes before its last
  /// step: the open, `cancelPendingLink` when the link waits at a stop, then
  /// the shortest way through the explored states.
  private func bestSplice(
    _ link: LinkOpener.Link, runs: [GeneratedRun], entry: FlowID,
    explored: (space: StateSpace, cover: RunCover),
    table: ItemTable, opener: LinkOpener, explorer: inout StepExplorer
  ) -> Splice? {
    let engine = FlowEngine(graph: graph)
    let space = explored.space
    var best: Splice?
    for (index, run) in runs.enumerated() where run.flow == entry {
      guard let states = states(of: run) else { continue }
      var targets: [Int: Int] = [:]
      for (position, state) in states.enumerated().dropLast()
      where state.finish == nil && state.pendingLink == nil {
        if let node = space.node(of: state), targets[node] == nil { targets[node] = position }
      }
      guard let from = targets.values.min().map({ states[$0] }),
        let opening = opener.open(link, from: from, explorer: &explorer)
      else { continue }
      var steps = [opening.step]
      var after = opening.leaf.state
      if after.pendingLink != nil {
        guard case .completed(let cancelled)? = try? engine.step(after, .cancelPendingLink)
        else { continue }
        after = cancelled.state
        steps.append(
          PathStep(
            event: .cancelPendingLink, text: FlowEvent.cancelPendingLink.description,
            outcomes: []))
      }
      guard let node = space.node(of: after),
        let path = targets[node] != nil
          ? []
          : explored.cover.nearest(from: node, where: { $0.to.map { targets[$0] != nil } ?? false })
      else { continue }
      let back = path.last.flatMap { space.edges[$0].to } ?? node
      guard let position = targets[back] else { continue }
      var items = [CoverageItem.deepLink(link.screen)] + opening.leaf.items
      for edge in path { items += space.edges[edge].items.map { table.items[$0] } }
      steps += path.map { space.edges[$0].step }
      if best == nil || steps.count < best!.steps.count {
        best = Splice(run: index, position: position, steps: steps, items: items)
      }
    }
    return best
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
}

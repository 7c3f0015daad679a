/// `unbounded-stack`: a cycle that some run can repeat forever, each round
/// leaving more screens, layers or flows than before, whether or not an
/// escape exists elsewhere (docs/analysis.md, "growth").
///
/// The growing cycles are those of a strongly connected component of the
/// ``GrowthGraph`` that contains a child start, or, within one activation, of
/// a component of its `root`-free part that contains a push or a present.
/// Each is reported once, at the transition that closes it: the first back
/// edge of a depth-first walk over screens from the entry flow's start,
/// taking transitions in file order (SPEC §3; ``ScreenWalk``), among those
/// that are projections of the component's edges and close a cycle of it
/// that grows (a `replace` of a screen by itself closes only itself).
struct UnboundedStackRule {
  let run: AnalysisRun

  func diagnostics() -> [Diagnostic] {
    guard !Self.noCycleGrows(in: run) else { return [] }
    return growingCycles()
  }

  /// The findings, from the ``GrowthGraph`` and its components (what
  /// ``diagnostics()`` runs unless ``noCycleGrows(in:)`` proves there are none).
  func growingCycles() -> [Diagnostic] {
    let growth = GrowthGraph(run)
    let graph = growth.graph
    guard graph.nodeCount > 0 else { return [] }
    let outer = StronglyConnectedComponents(graph)
    // Components that contain a child start grow on every cycle through it.
    var outerGrows = [Bool](repeating: false, count: outer.count)
    var innerEdges: [(Int32, Int32)] = []
    var innerPositions: [Int] = []
    for node in 0..<graph.nodeCount {
      for position in graph.edges(of: node) {
        let target = Int(graph.targets[position])
        guard outer.component[node] == outer.component[target] else { continue }
        if growth.steps[position] == .child { outerGrows[Int(outer.component[node])] = true }
      }
    }
    // Components without a child start grow only through a push or present
    // on a root-free cycle: look inside those that have an internal one.
    var candidate = [Bool](repeating: false, count: outer.count)
    for node in 0..<graph.nodeCount where !outerGrows[Int(outer.component[node])] {
      for position in graph.edges(of: node)
      where growth.steps[position] == .push || growth.steps[position] == .present {
        let component = outer.component[node]
        if component == outer.component[Int(graph.targets[position])] {
          candidate[Int(component)] = true
        }
      }
    }
    for node in 0..<graph.nodeCount where candidate[Int(outer.component[node])] {
      for position in graph.edges(of: node) {
        let target = Int(graph.targets[position])
        guard outer.component[node] == outer.component[target], growth.steps[position] != .reset
        else { continue }
        innerEdges.append((Int32(node), Int32(target)))
        innerPositions.append(position)
      }
    }
    guard outerGrows.contains(true) || !innerEdges.isEmpty else { return [] }
    let inner = StronglyConnectedComponents(
      Digraph(nodeCount: graph.nodeCount, edges: innerEdges))
    var innerGrows = [Bool](repeating: false, count: inner.count)
    var isInnerEdge = [Bool](repeating: false, count: graph.targets.count)
    for (edge, position) in zip(innerEdges, innerPositions) {
      isInnerEdge[position] = true
      let component = inner.component[Int(edge.0)]
      if component == inner.component[Int(edge.1)],
        growth.steps[position] == .push || growth.steps[position] == .present
      {
        innerGrows[Int(component)] = true
      }
    }
    // Which growing component each edge closes, if any: (outer or inner, id).
    func growingComponent(_ source: Int, _ position: Int) -> Int? {
      let target = Int(graph.targets[position])
      let oc = Int(outer.component[source])
      if outerGrows[oc] { return oc == Int(outer.component[target]) ? oc : nil }
      let ic = Int(inner.component[source])
      guard isInnerEdge[position], innerGrows[ic], ic == Int(inner.component[target]) else {
        return nil
      }
      return outer.count + ic
    }
    guard outerGrows.contains(true) || innerGrows.contains(true) else { return [] }
    // Positions come from a walk over screens (SPEC §3): the node-level
    // edges are indexed by their screen-level projection.
    let screens = ScreenWalk(growth, run: run)
    var projected: [ScreenWalk.Edge: [(source: Int, position: Int)]] = [:]
    for node in 0..<graph.nodeCount {
      for position in graph.edges(of: node) where growingComponent(node, position) != nil {
        projected[screens.edge(node, position), default: []].append((node, position))
      }
    }
    // A back edge reports its component when it closes a cycle of it that
    // grows; the components of its other projections that it closes too are
    // the same cycle in another activation, reported once.
    var findings: [Diagnostic] = []
    var reported: Set<Int> = []
    for edge in screens.backEdges() {
      var closing: [Int]?
      for candidate in projected[edge] ?? [] {
        guard let component = growingComponent(candidate.source, candidate.position),
          !reported.contains(component),
          let cycle = growingCycle(
            closing: candidate.position, from: candidate.source, in: growth,
            allowed: { growingComponent(Self.sourceOf($0, graph), $0) == component })
        else { continue }
        reported.insert(component)
        if closing == nil { closing = cycle }
      }
      guard let closing else { continue }
      findings.append(diagnostic(closing, growth: growth))
    }
    return findings
  }

  static func sourceOf(_ position: Int, _ graph: Digraph) -> Int {
    var low = 0
    var high = graph.nodeCount
    while low < high {
      let mid = (low + high) / 2
      if Int(graph.offsets[mid + 1]) <= position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The finding for a cycle that grows (``growingCycle(closing:from:in:allowed:)``).
  private func diagnostic(_ cycle: [Int], growth: GrowthGraph) -> Diagnostic {
    let graph = growth.graph
    assert(growth.round(of: cycle).grows, "only a cycle that grows is reported")
    let closing = cycle[cycle.count - 1]
    var nodes = [Self.sourceOf(cycle[0], graph)]
    var pushes = 0
    var presents = 0
    var children: [String] = []
    // What adds the growth, in cycle order: the steps that push, present or
    // start a flow again (each named once).
    var growers: [(via: Int32, verb: String)] = []
    for position in cycle {
      nodes.append(Int(graph.targets[position]))
      switch growth.steps[position] {
      case .push:
        pushes += 1
        growers.append((growth.vias[position], "pushes a screen"))
      case .present:
        presents += 1
        growers.append((growth.vias[position], "opens a modal layer"))
      case .child:
        let (instance, _) = growth.location(of: Int(graph.targets[position]), in: run)
        children.append("'\(run.flowName(instance.flow))'")
        growers.append((growth.vias[position], "starts flow '\(run.flowName(instance.flow))'"))
      case .same, .reset: break
      }
    }
    let locations = nodes.map { growth.location(of: $0, in: run) }
    let flows = Set(locations.map(\.instance.flow))
    let names = locations.map { location in
      let screen = run.screen(of: location.state, in: location.instance).name
      return flows.count > 1 ? "'\(run.flowName(location.instance.flow)).\(screen)'" : "'\(screen)'"
    }
    var parts: [String] = []
    if pushes > 0 { parts.append(pushes == 1 ? "adds 1 screen" : "adds \(pushes) screens") }
    if presents > 0 {
      parts.append(presents == 1 ? "opens 1 modal layer" : "opens \(presents) modal layers")
    }
    if !children.isEmpty {
      let started = Array(Set(children)).sorted()
      let flows =
        started.count == 1
        ? "flow \(started[0])"
        : "flows \(started.dropLast().joined(separator: ", ")) and \(started.last!)"
      parts.append("starts \(flows) again on top of the running ones")
    }
    let message =
      "cycle \(names.joined(separator: " → ")) can repeat forever, and each round \(parts.joined(separator: " and "))"
    var notes = [
      Diagnostic.Note(
        "going back is not required: whether or not each round can be undone, a run can go round again and again, so the stack grows without bound and its screens leak"
      )
    ]
    var named: Set<Int32> = []
    for grower in growers where named.insert(grower.via).inserted {
      guard let trigger = run.program.trigger(of: grower.via) else { continue }
      let screen = run.graph.screens[trigger.screen].name
      let what =
        trigger.action.map { "action '\($0)' of screen '\(screen)'" }
        ?? trigger.tab.map { "tab '\($0)' of screen '\(screen)'" }
        ?? "the back of screen '\(screen)'"
      notes.append(
        Diagnostic.Note("\(what) \(grower.verb) each round", at: run.program.range(of: grower.via)))
    }
    let owner =
      run.program.trigger(of: growth.vias[closing]).map {
        " of screen '\(run.graph.screens[$0.screen].name)'"
      } ?? ""
    notes.append(
      .help(
        "go back instead of adding ('pop', 'pop: S', 'popToRoot' or 'root'); if the growth is deliberate, add 'unbounded-stack' to the 'suppress'\(owner), where this cycle closes"
      ))
    return Diagnostic(
      .unboundedStack, message, at: run.program.range(of: growth.vias[closing]), notes: notes)
  }
}

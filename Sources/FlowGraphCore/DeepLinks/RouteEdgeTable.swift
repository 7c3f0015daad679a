/// The forward graph's edges (SPEC §6.2) in flat tables: one record per
/// edge, the entry flow's start edges first, then each screen's edges in
/// screen index order (a screen's edges are a range of the table), and the
/// task outcomes on the way of every edge in one shared table. Building it
/// allocates a few tables, none per screen, action or edge.
struct RouteEdgeTable: Sendable {
  /// One edge: what takes it, the screens it leaves and shows, and its
  /// outcomes as a range of ``outcomes``.
  struct Edge: Sendable {
    var trigger: RouteEdge.Trigger
    /// The screen the edge leaves (`-1` for a start edge).
    var source: Int32
    /// The screen the edge shows.
    var target: Int32
    var firstOutcome: Int32
    var outcomeCount: Int32
  }

  /// Every edge: the start edges, then each screen's.
  private(set) var edges: [Edge] = []
  /// The task outcomes of every edge, edge after edge.
  private(set) var outcomes: [RouteOutcome] = []
  /// The edges of screen `s` are `edges[firstEdge[s]..<firstEdge[s + 1]]`;
  /// the start edges are `edges[0..<firstEdge[0]]`.
  private(set) var firstEdge: [Int32] = []

  /// The start edges' indices.
  var startEdges: Range<Int> { 0..<Int(firstEdge[0]) }

  /// The indices of the edges that leave `screen` (by index).
  func edges(of screen: Int) -> Range<Int> {
    Int(firstEdge[screen])..<Int(firstEdge[screen + 1])
  }

  /// Room for every edge of `graph`, most likely: an edge per action, and
  /// room for the start edges.
  static func edgeCapacity(of graph: FlowGraph) -> Int {
    // The screens' actions, one after the other: the last one's end.
    Int(graph.tables.screens.last?.actionsEnd ?? 0) + 4
  }

  /// The edge at `index` as the public ``RouteEdge``.
  func routeEdge(_ index: Int) -> RouteEdge {
    let edge = edges[index]
    let first = Int(edge.firstOutcome)
    return RouteEdge(
      trigger: edge.trigger, outcomes: Array(outcomes[first..<first + Int(edge.outcomeCount)]),
      target: ScreenID(Int(edge.target)))
  }

  /// Builds the edges of `graph` (no start edges when it has no entry).
  init(graph: FlowGraph) {
    var walk = RouteEdgeWalk(graph: graph)
    var tables = Tables(screens: graph.tables.screens.count)
    // The edges are collected in place, in their array's room.
    var edges = [Edge](unsafeUninitializedCapacity: Self.edgeCapacity(of: graph)) { room, count in
      tables.edges = ReservedTable(inPlace: room)
      walk.collectAll(into: &tables)
      count = tables.edges.isInPlace ? tables.edges.count : 0
    }
    if !tables.edges.isInPlace { edges = tables.edges.moveToArray() }
    self.edges = edges
    firstEdge = tables.firstEdge.moveToArray()
    outcomes = tables.outcomes.moveToArray()
    walk.way.free()
  }

  /// The tables, as the walk fills them (appended to once per edge:
  /// ``ReservedTable``, without an array's uniqueness check).
  private struct Tables: RouteEdgeSink {
    /// In place in the table's array (``ReservedTable/init(inPlace:)``),
    /// whose room is ``RouteEdgeTable/edgeCapacity(of:)``.
    var edges = ReservedTable<RouteEdgeTable.Edge>(
      inPlace: UnsafeMutableBufferPointer(start: nil, count: 0))
    var outcomes = ReservedTable<RouteOutcome>(capacity: 64)
    var firstEdge: ReservedTable<Int32>

    init(screens: Int) { firstEdge = ReservedTable(capacity: screens + 1) }

    mutating func add(
      _ trigger: RouteEdge.Trigger, from source: Int32, to target: Int32,
      way: ReservedTable<RouteOutcome>
    ) {
      edges.append(
        RouteEdgeTable.Edge(
          trigger: trigger, source: source, target: target,
          firstOutcome: Int32(outcomes.count), outcomeCount: Int32(way.count)))
      // One by one: a way is an outcome or two (the generic
      // `append(contentsOf:)` costs more than they do).
      for index in 0..<way.count { outcomes.append(way[index]) }
    }

    mutating func endEdges() { firstEdge.append(Int32(edges.count)) }
  }
}

/// What receives the forward graph's edges from a ``RouteEdgeWalk``.
protocol RouteEdgeSink {
  /// An edge from screen `source` (-1 for a start edge) to screen `target`,
  /// taken by `trigger`, through the task outcomes `way`.
  mutating func add(
    _ trigger: RouteEdge.Trigger, from source: Int32, to target: Int32,
    way: ReservedTable<RouteOutcome>)
  /// The edges of the start, then of each screen in turn, are complete.
  mutating func endEdges()
}

/// Walks the edges of a graph (SPEC §6.2) in the order of the forward
/// graph's table into a ``RouteEdgeSink``, with the outcomes on the way so
/// far kept on one stack: the one definition of the edges, for the table and
/// for ``RoutedScreens``.
///
/// Not generic itself (its methods are): the destruction of a generic
/// struct's value instantiates its type's metadata at run time, once per
/// process, about 250,000 instructions.
struct RouteEdgeWalk {
  let graph: FlowGraph
  /// The graph's tables and screen count, read on every edge.
  let tables: GraphTables
  let screenCount: Int
  /// The task outcomes on the way to the transition being collected.
  var way = ReservedTable<RouteOutcome>(capacity: 8)
  /// The tabs screens the flow of the screen being collected runs in (for
  /// `select`), by flow index; empty when no screen has tabs.
  let runsIn: [[ScreenID]]

  init(graph: FlowGraph) {
    self.graph = graph
    tables = graph.tables
    screenCount = graph.tables.screens.count
    runsIn = graph.hasTabs ? graph.tabsScreensByFlow() : []
  }

  /// The start edges, then each screen's action edges (actions in file
  /// order, each one's outcome branches in the tasks' declared order) and
  /// tab edges (in declared order).
  mutating func collectAll(into sink: inout some RouteEdgeSink) {
    if let entry = graph.entry, graph.flows.indices.contains(entry.index) {
      collect(graph.flows[entry.index].start, .start, from: -1, into: &sink)
    }
    sink.endEdges()
    let tables = self.tables
    for index in tables.screens.indices {
      let source = Int32(index)
      let record = tables.screens[index]
      let flow = record.flow.index
      let actions = tables.actions(ofScreen: index)
      for action in 0..<Int(actions.count) {
        collect(
          tables.actions[actions.index(action)].transition,
          .action(ActionID(screen: ScreenID(index), index: action)), from: source, flow: flow,
          into: &sink)
      }
      let bar = tables.tabBar(of: record)
      if bar != noIndex {
        let tabs = tables.tabBars[Int(bar)].tabs
        for (tab, item) in tabs.enumerated() where graph.flows.indices.contains(item.flow.index) {
          collect(
            graph.flows[item.flow.index].start, .tab(ScreenID(index), tab), from: source,
            into: &sink)
        }
      }
      sink.endEdges()
    }
  }

  /// Adds an edge to `target` with the outcomes on the way (none to a
  /// screen the graph does not have).
  private func add(
    _ trigger: RouteEdge.Trigger, from source: Int32, to target: ScreenID,
    into sink: inout some RouteEdgeSink
  ) {
    guard target.index >= 0, target.index < screenCount else { return }
    sink.add(trigger, from: source, to: Int32(target.index), way: way)
  }

  /// The edges of a transition of a screen of `flow`: one per screen it
  /// shows, through task outcomes and child starts (a `select`, through the
  /// tabs screens the flow runs in). Inlined: most transitions show a screen
  /// or none, and only the others call ``collectThrough(_:_:from:flow:)``.
  @inline(__always)
  private mutating func collect(
    _ transition: UInt32, _ trigger: RouteEdge.Trigger, from source: Int32, flow: Int,
    into sink: inout some RouteEdgeSink
  ) {
    // Read as a record: this walk visits every transition of the graph.
    let record = tables.transitions[Int(transition)]
    switch record.tag {
    case .push, .present, .replace, .root:
      add(trigger, from: source, to: record.screen, into: &sink)
    case .start, .run, .select:
      collectThrough(transition, trigger, from: source, flow: flow, into: &sink)
    case .popTo, .pop, .popToRoot, .dismiss, .stay, .finish, .invalid:
      return
    }
  }

  /// The edges of a `start`, `run` or `select` (``collect(_:_:from:flow:)``),
  /// read by index: a record passed whole is loaded whole, in the hot path.
  private mutating func collectThrough(
    _ transition: UInt32, _ trigger: RouteEdge.Trigger, from source: Int32, flow: Int,
    into sink: inout some RouteEdgeSink
  ) {
    let record = tables.transitions[Int(transition)]
    switch record.tag {
    case .start:
      let child = record.flow
      guard graph.flows.indices.contains(child.index) else { return }
      collect(graph.flows[child.index].start, trigger, from: source, into: &sink)
    case .run:
      let task = record.task
      let outcomes = tables.nested(of: record)
      for index in 0..<Int(outcomes.count) {
        way.append(RouteOutcome(task: task, outcome: index))
        collect(outcomes.start + UInt32(index), trigger, from: source, flow: flow, into: &sink)
        way.removeLast()
      }
    case .select:
      guard runsIn.indices.contains(flow) else { return }
      let name = tables.name(record.target)
      for screen in runsIn[flow] {
        guard let bar = graph.screens[screen.index].tabBar, let tab = bar.index(of: name),
          graph.flows.indices.contains(bar.tabs[tab].flow.index)
        else { continue }
        collect(graph.flows[bar.tabs[tab].flow.index].start, trigger, from: source, into: &sink)
      }
    case .push, .present, .replace, .root, .popTo, .pop, .popToRoot, .dismiss, .stay, .finish,
      .invalid:
      return
    }
  }

  /// The edges of a flow's start: one per screen it shows, through its
  /// start task's outcomes.
  private mutating func collect(
    _ start: FlowStart, _ trigger: RouteEdge.Trigger, from source: Int32,
    into sink: inout some RouteEdgeSink
  ) {
    switch start.kind {
    case .screen(let screen): add(trigger, from: source, to: screen, into: &sink)
    case .run(let task, let branches):
      for index in branches.indices {
        way.append(RouteOutcome(task: task, outcome: index))
        collect(branches[index], trigger, from: source, into: &sink)
        way.removeLast()
      }
    case .finish, .invalid: return
    }
  }
}

/// The forward graph of SPEC §6.2 "Routes": a node per screen, and the route
/// edges between them. The one route computation of the validator
/// (`unroutable-deeplink`), the runtime (`open(url)`) and `flowgraph routes`.
///
/// A route edge is one event: an action whose transition (through the task
/// outcomes and the child `start` it passes through) is `push`, `present`,
/// `replace`, `root` (to that screen, with or without `popTo`) or `start: F`
/// (to F's start, through its start task's outcomes). The entry flow's start,
/// with its start task's outcomes, is the first edge. `pop`, `popToRoot`,
/// `pop: S`, `dismiss`, `finish`, `stay`, back and the gesture are not route
/// edges. A tabs screen (SPEC §6.1) has an edge per tab to the tab flow's
/// start, in declared order, and a `select: TAB` is an action edge to the
/// start of tab TAB's flow in each tabs screen its flow runs in.
public struct ForwardGraph: Sendable {
  /// The graph.
  public let graph: FlowGraph
  /// The entry flow's start edges, one per way its start reaches a screen,
  /// in the start task's outcome order.
  public let startEdges: [RouteEdge]
  /// The action edges of each screen (by screen index): actions in file
  /// order, each action's outcome branches in the tasks' declared order.
  public let edges: [[RouteEdge]]
  /// The search from the start, made once: it does not depend on a link.
  let search: ForwardSearch

  /// Builds the forward graph of `graph` (no edges when it has no entry).
  public init(graph: FlowGraph) {
    self.graph = graph
    var startEdges: [RouteEdge] = []
    if let entry = graph.entry, entry.index >= 0, entry.index < graph.flows.count {
      Self.collect(graph[entry].start, graph: graph, outcomes: []) { outcomes, target in
        startEdges.append(RouteEdge(trigger: .start, outcomes: outcomes, target: target))
      }
    }
    // By index, not `for screen in`: that would copy every screen and action.
    var edges: [[RouteEdge]] = []
    edges.reserveCapacity(graph.screens.count)
    let hasTabs = graph.screens.contains { $0.tabBar != nil }
    let runsIn = hasTabs ? graph.tabsScreensByFlow() : []
    for screenIndex in graph.screens.indices {
      let actions = graph.screens[screenIndex].actions
      let flow = graph.screens[screenIndex].flow.index
      let tabsScreens = runsIn.indices.contains(flow) ? runsIn[flow] : []
      var screenEdges: [RouteEdge] = []
      screenEdges.reserveCapacity(actions.count)
      for actionIndex in actions.indices {
        let id = ActionID(screen: ScreenID(screenIndex), index: actionIndex)
        Self.collect(
          actions[actionIndex].transition, graph: graph, outcomes: [], tabsScreens: tabsScreens
        ) { outcomes, target in
          screenEdges.append(RouteEdge(trigger: .action(id), outcomes: outcomes, target: target))
        }
      }
      if let tabs = graph.screens[screenIndex].tabBar?.tabs {
        for (tabIndex, tab) in tabs.enumerated() where graph.flows.indices.contains(tab.flow.index)
        {
          Self.collect(graph.flows[tab.flow.index].start, graph: graph, outcomes: []) {
            outcomes, target in
            screenEdges.append(
              RouteEdge(
                trigger: .tab(ScreenID(screenIndex), tabIndex), outcomes: outcomes, target: target))
          }
        }
      }
      edges.append(screenEdges)
    }
    self.startEdges = startEdges
    self.edges = edges
    search = ForwardSearch(
      screens: graph.screens.count, startEdges: startEdges, edges: edges)
  }

  /// Gives `found` the screens a transition shows, with the task outcomes on
  /// the way, in order; `tabsScreens` are the tabs screens its flow runs in
  /// (for `select`).
  private static func collect(
    _ transition: Transition, graph: FlowGraph, outcomes: [RouteOutcome],
    tabsScreens: [ScreenID],
    _ found: (_ outcomes: [RouteOutcome], _ target: ScreenID) -> Void
  ) {
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen):
      found(outcomes, screen)
    case .start(let flow, _, _):
      guard flow.index >= 0, flow.index < graph.flows.count else { return }
      collect(graph.flows[flow.index].start, graph: graph, outcomes: outcomes, found)
    case .run(let task, let branches):
      for (index, branch) in branches.enumerated() {
        collect(
          branch, graph: graph, outcomes: outcomes + [RouteOutcome(task: task, outcome: index)],
          tabsScreens: tabsScreens, found)
      }
    case .select(let name):
      for screen in tabsScreens {
        guard let bar = graph.screens[screen.index].tabBar, let tab = bar.index(of: name),
          graph.flows.indices.contains(bar.tabs[tab].flow.index)
        else { continue }
        collect(
          graph.flows[bar.tabs[tab].flow.index].start, graph: graph, outcomes: outcomes, found)
      }
    case .popTo, .pop, .popToRoot, .dismiss, .stay, .finish, .invalid:
      return
    }
  }

  /// Gives `found` the screens a flow's start shows, with its start task's
  /// outcomes.
  private static func collect(
    _ start: FlowStart, graph: FlowGraph, outcomes: [RouteOutcome],
    _ found: (_ outcomes: [RouteOutcome], _ target: ScreenID) -> Void
  ) {
    switch start.kind {
    case .screen(let screen): found(outcomes, screen)
    case .run(let task, let branches):
      for (index, branch) in branches.enumerated() {
        collect(
          branch, graph: graph, outcomes: outcomes + [RouteOutcome(task: task, outcome: index)],
          found)
      }
    case .finish, .invalid: return
    }
  }

  // MARK: Stops

  /// The params of an edge's action that the link values must supply: the
  /// non-optional ones without a default (none for the start edge).
  public func requiredParameters(of edge: RouteEdge) -> [Parameter] {
    guard case .action(let id) = edge.trigger else { return [] }
    return graph[id].params.filter { !$0.mayBeOmitted }
  }

  /// Whether an edge is a stop: its action has a required param whose name
  /// the link values (`carried`) do not hold.
  public func isStop(_ edge: RouteEdge, carried: (String) -> Bool) -> Bool {
    guard case .action(let id) = edge.trigger else { return false }
    return graph.screens[id.screen.index].actions[id.index].params.contains {
      !$0.mayBeOmitted && !carried($0.name)
    }
  }

  // MARK: Routes

  /// The route to `target` (SPEC §6.2): a shortest path from the entry
  /// flow's start whose last edge is not a stop; among those the first,
  /// comparing edges from the start (actions in file order, outcomes in the
  /// task's declared order). Edges before the last may be stops (the link
  /// waits there for the user). `nil` when there is none.
  ///
  /// The search from the start is the graph's own (``ForwardGraph/init(graph:)``
  /// makes it once), so a route costs the edges into `target`, not a search.
  public func route(to target: ScreenID, carried: (String) -> Bool) -> DeepLinkRoute? {
    guard let last = lastEdge(to: target, carried: carried) else { return nil }
    var path = [last.edge]
    var node = last.node
    while let current = node, let parent = search.parent[current] {
      path.append(parent.edge)
      node = parent.node
    }
    path.reverse()
    let stops = path.indices.filter { isStop(path[$0], carried: carried) }
    return DeepLinkRoute(screen: target, edges: path, stops: stops)
  }

  /// Whether `target` has a route (``route(to:carried:)`` is not `nil`),
  /// without building it: what `unroutable-deeplink` asks of every link.
  func hasRoute(to target: ScreenID, carried: (String) -> Bool) -> Bool {
    lastEdge(to: target, carried: carried) != nil
  }

  /// The last edge of the route to `target` and the screen it leaves (`nil`
  /// for a start edge): a start edge (never a stop), else the first edge
  /// into `target` that is not a stop, in search order (the reached screens
  /// in the order found, which is by depth, each screen's edges in order).
  private func lastEdge(to target: ScreenID, carried: (String) -> Bool)
    -> (node: Int?, edge: RouteEdge)?
  {
    if let edge = startEdges.first(where: { $0.target == target }) { return (nil, edge) }
    for way in search.waysIn(to: target.index) {
      let edge = edges[way.node][way.edge]
      if !isStop(edge, carried: carried) { return (way.node, edge) }
    }
    return nil
  }

  /// Every action edge into `screen` from a screen the start reaches (the
  /// ways in), in search order.
  public func waysIn(to screen: ScreenID) -> [RouteEdge] {
    search.waysIn(to: screen.index).map { edges[$0.node][$0.edge] }
  }

  /// Whether the start reaches `screen` through any edges (stops included).
  public func reaches(_ screen: ScreenID) -> Bool {
    search.parent[screen.index] != nil
  }
}

/// A breadth-first search of the forward graph from the entry flow's start,
/// taking edges in order: the first path found to a screen is its
/// shortest, and among the shortest the first comparing edges from the start.
/// It does not depend on a link's values, so a graph makes it once; it also
/// lists, per screen, the edges into it from the screens reached, in search
/// order, so that a route is found from the edges into its screen alone.
struct ForwardSearch: Sendable {
  /// An action edge, by the screen it leaves and its index there.
  struct Way: Sendable {
    var node: Int
    var edge: Int
  }

  /// How each screen (by index) was first reached: the screen before (`nil`
  /// for the start) and the edge; `nil` for a screen not reached.
  private(set) var parent: [(node: Int?, edge: RouteEdge)?]
  /// The edges into each screen from the screens reached, in search order:
  /// those of screen `s` are `ways[firstWay[s]..<firstWay[s + 1]]`.
  private var ways: [Way] = []
  private var firstWay: [Int] = []

  init(screens: Int, startEdges: [RouteEdge], edges: [[RouteEdge]]) {
    parent = Array(repeating: nil, count: screens)
    var order: [Int] = []
    order.reserveCapacity(screens)
    for edge in startEdges where parent[edge.target.index] == nil {
      parent[edge.target.index] = (nil, edge)
      order.append(edge.target.index)
    }
    var next = 0
    while next < order.count {
      let node = order[next]
      next += 1
      for edge in edges[node] where parent[edge.target.index] == nil {
        parent[edge.target.index] = (node, edge)
        order.append(edge.target.index)
      }
    }
    // The ways in, grouped by target (a counting sort keeps search order).
    firstWay = Array(repeating: 0, count: screens + 1)
    for node in order {
      for edge in edges[node] { firstWay[edge.target.index + 1] += 1 }
    }
    for screen in 0..<screens { firstWay[screen + 1] += firstWay[screen] }
    var filled = firstWay
    ways = Array(repeating: Way(node: 0, edge: 0), count: firstWay[screens])
    for node in order {
      for (index, edge) in edges[node].enumerated() {
        ways[filled[edge.target.index]] = Way(node: node, edge: index)
        filled[edge.target.index] += 1
      }
    }
  }

  /// The edges into `screen` from the screens reached, in search order.
  func waysIn(to screen: Int) -> ArraySlice<Way> {
    ways[firstWay[screen]..<firstWay[screen + 1]]
  }
}

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

  /// Builds the forward graph of `graph` (no edges when it has no entry).
  public init(graph: FlowGraph) {
    self.graph = graph
    var startEdges: [RouteEdge] = []
    if let entry = graph.entry, entry.index >= 0, entry.index < graph.flows.count {
      for (outcomes, target) in Self.targets(of: graph[entry].start, graph: graph, outcomes: []) {
        startEdges.append(RouteEdge(trigger: .start, outcomes: outcomes, target: target))
      }
    }
    var edges: [[RouteEdge]] = []
    edges.reserveCapacity(graph.screens.count)
    let hasTabs = graph.screens.contains { $0.tabBar != nil }
    let runsIn = hasTabs ? graph.tabsScreensByFlow() : []
    for (screenIndex, screen) in graph.screens.enumerated() {
      var screenEdges: [RouteEdge] = []
      let tabsScreens =
        runsIn.indices.contains(screen.flow.index) ? runsIn[screen.flow.index] : []
      for (actionIndex, action) in screen.actions.enumerated() {
        let id = ActionID(screen: ScreenID(screenIndex), index: actionIndex)
        for (outcomes, target) in Self.targets(
          of: action.transition, graph: graph, outcomes: [], tabsScreens: tabsScreens)
        {
          screenEdges.append(RouteEdge(trigger: .action(id), outcomes: outcomes, target: target))
        }
      }
      for (tabIndex, tab) in (screen.tabBar?.tabs ?? []).enumerated()
      where graph.flows.indices.contains(tab.flow.index) {
        for (outcomes, target) in Self.targets(
          of: graph[tab.flow].start, graph: graph, outcomes: [])
        {
          screenEdges.append(
            RouteEdge(
              trigger: .tab(ScreenID(screenIndex), tabIndex), outcomes: outcomes, target: target))
        }
      }
      edges.append(screenEdges)
    }
    self.startEdges = startEdges
    self.edges = edges
  }

  /// The screens a transition shows, with the task outcomes on the way;
  /// `tabsScreens` are the tabs screens its flow runs in (for `select`).
  private static func targets(
    of transition: Transition, graph: FlowGraph, outcomes: [RouteOutcome],
    tabsScreens: [ScreenID]
  ) -> [([RouteOutcome], ScreenID)] {
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen):
      return [(outcomes, screen)]
    case .start(let flow, _, _):
      guard flow.index >= 0, flow.index < graph.flows.count else { return [] }
      return targets(of: graph[flow].start, graph: graph, outcomes: outcomes)
    case .run(let task, let branches):
      var found: [([RouteOutcome], ScreenID)] = []
      for (index, branch) in branches.enumerated() {
        found += targets(
          of: branch, graph: graph, outcomes: outcomes + [RouteOutcome(task: task, outcome: index)],
          tabsScreens: tabsScreens)
      }
      return found
    case .select(let name):
      var found: [([RouteOutcome], ScreenID)] = []
      for screen in tabsScreens {
        guard let bar = graph.screens[screen.index].tabBar, let tab = bar.index(of: name),
          graph.flows.indices.contains(bar.tabs[tab].flow.index)
        else { continue }
        found += targets(of: graph[bar.tabs[tab].flow].start, graph: graph, outcomes: outcomes)
      }
      return found
    case .popTo, .pop, .popToRoot, .dismiss, .stay, .finish, .invalid:
      return []
    }
  }

  /// The screens a flow's start shows, with its start task's outcomes.
  private static func targets(of start: FlowStart, graph: FlowGraph, outcomes: [RouteOutcome])
    -> [([RouteOutcome], ScreenID)]
  {
    switch start.kind {
    case .screen(let screen): return [(outcomes, screen)]
    case .run(let task, let branches):
      var found: [([RouteOutcome], ScreenID)] = []
      for (index, branch) in branches.enumerated() {
        found += targets(
          of: branch, graph: graph, outcomes: outcomes + [RouteOutcome(task: task, outcome: index)])
      }
      return found
    case .finish, .invalid: return []
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
    requiredParameters(of: edge).contains { !carried($0.name) }
  }

  // MARK: Routes

  /// The route to `target` (SPEC §6.2): a shortest path from the entry
  /// flow's start whose last edge is not a stop; among those the first,
  /// comparing edges from the start (actions in file order, outcomes in the
  /// task's declared order). Edges before the last may be stops (the link
  /// waits there for the user). `nil` when there is none.
  public func route(to target: ScreenID, carried: (String) -> Bool) -> DeepLinkRoute? {
    let search = ForwardSearch(self)
    // The best last edge: from the earliest-found node at the least depth.
    var best: (depth: Int, order: Int, edge: RouteEdge)?
    for edge in startEdges where edge.target == target {
      best = (0, -1, edge)
      break
    }
    if best == nil {
      for (order, node) in search.order.enumerated() {
        let depth = search.depth[node]!
        if let current = best, current.depth <= depth { break }
        if let edge = edges[node].first(where: {
          $0.target == target && !isStop($0, carried: carried)
        }) {
          best = (depth, order, edge)
        }
      }
    }
    guard let best else { return nil }
    var path = [best.edge]
    var node: Int? = best.order < 0 ? nil : search.order[best.order]
    while let current = node, let parent = search.parent[current] {
      path.append(parent.edge)
      node = parent.node
    }
    path.reverse()
    let stops = path.indices.filter { isStop(path[$0], carried: carried) }
    return DeepLinkRoute(screen: target, edges: path, stops: stops)
  }

  /// Every action edge into `screen` from a screen the start reaches (the
  /// ways in), in search order.
  public func waysIn(to screen: ScreenID) -> [RouteEdge] {
    let search = ForwardSearch(self)
    var found: [RouteEdge] = []
    for node in search.order {
      for edge in edges[node] where edge.target == screen { found.append(edge) }
    }
    return found
  }

  /// Whether the start reaches `screen` through any edges (stops included).
  public func reaches(_ screen: ScreenID) -> Bool {
    ForwardSearch(self).depth[screen.index] != nil
  }
}

/// A breadth-first search of the forward graph from the entry flow's start,
/// taking edges in order: the first path found to a screen is its
/// shortest, and among the shortest the first comparing edges from the start.
struct ForwardSearch {
  /// The screens reached, in the order found.
  var order: [Int] = []
  /// The number of edges before a reached screen's outgoing edges (its start
  /// edge counts 0: a screen shown by the start is at depth 0).
  var depth: [Int: Int] = [:]
  /// How each reached screen was first reached: the screen before (`nil`
  /// for the start) and the edge.
  var parent: [Int: (node: Int?, edge: RouteEdge)] = [:]

  init(_ forward: ForwardGraph) {
    for edge in forward.startEdges where depth[edge.target.index] == nil {
      depth[edge.target.index] = 0
      parent[edge.target.index] = (nil, edge)
      order.append(edge.target.index)
    }
    var next = 0
    while next < order.count {
      let node = order[next]
      next += 1
      for edge in forward.edges[node] where depth[edge.target.index] == nil {
        depth[edge.target.index] = depth[node]! + 1
        parent[edge.target.index] = (node, edge)
        order.append(edge.target.index)
      }
    }
  }
}

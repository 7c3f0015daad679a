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
/// edges. (Tab selections, SPEC §6.1, become a ``RouteEdge/Trigger`` case
/// here when tabs land: the one seam to extend.)
public struct ForwardGraph: Sendable {
  /// The graph.
  public let graph: FlowGraph
  /// The entry flow's start edges, one per way its start reaches a screen,
  /// in the start task's outcome order.
  public let startEdges: [RouteEdge]
  /// The action edges of each screen (by screen index): actions in file
  /// order, each action's outcome branches in the tasks' declared order.
  public let edges: [[RouteEdge]]
  /// The search every route reads.
  let search: ForwardSearch

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
    for (screenIndex, screen) in graph.screens.enumerated() {
      var screenEdges: [RouteEdge] = []
      for (actionIndex, action) in screen.actions.enumerated() {
        let id = ActionID(screen: ScreenID(screenIndex), index: actionIndex)
        for (outcomes, target) in Self.targets(of: action.transition, graph: graph, outcomes: []) {
          screenEdges.append(RouteEdge(trigger: .action(id), outcomes: outcomes, target: target))
        }
      }
      edges.append(screenEdges)
    }
    self.startEdges = startEdges
    self.edges = edges
    search = ForwardSearch(startEdges: startEdges, edges: edges)
  }

  /// The screens a transition shows, with the task outcomes on the way.
  private static func targets(of transition: Transition, graph: FlowGraph, outcomes: [RouteOutcome])
    -> [([RouteOutcome], ScreenID)]
  {
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
          of: branch, graph: graph, outcomes: outcomes + [RouteOutcome(task: task, outcome: index)])
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
    // The best last edge: the first way in (in search order: least depth,
    // then earliest found) that is not a stop.
    var last: (node: Int, edge: RouteEdge)?
    if let edge = startEdges.first(where: { $0.target == target }) {
      last = (-1, edge)
    } else {
      for way in search.waysIn(to: target) {
        let edge = edges[Int(way.node)][Int(way.edge)]
        if !isStop(edge, carried: carried) {
          last = (Int(way.node), edge)
          break
        }
      }
    }
    guard let last else { return nil }
    var path = [last.edge]
    var node = last.node
    while node >= 0 {
      let parent = Int(search.parentNode[node])
      let edge = Int(search.parentEdge[node])
      path.append(parent < 0 ? startEdges[edge] : edges[parent][edge])
      node = parent
    }
    path.reverse()
    let stops = path.indices.filter { isStop(path[$0], carried: carried) }
    return DeepLinkRoute(screen: target, edges: path, stops: stops)
  }

  /// Every action edge into `screen` from a screen the start reaches (the
  /// ways in), in search order.
  public func waysIn(to screen: ScreenID) -> [RouteEdge] {
    search.waysIn(to: screen).map { edges[Int($0.node)][Int($0.edge)] }
  }

  /// Whether the start reaches `screen` through any edges (stops included).
  public func reaches(_ screen: ScreenID) -> Bool {
    screen.index >= 0 && screen.index < search.parentNode.count
      && search.parentNode[screen.index] != ForwardSearch.unreached
  }
}

/// The breadth-first search of the forward graph from the entry flow's
/// start, taking edges in order: the first path found to a screen is its
/// shortest, and among the shortest the first comparing edges from the
/// start. Made once per ``ForwardGraph`` (every route reads it), in flat
/// tables: a search per route made the validation of a graph with many deep
/// links quadratic.
struct ForwardSearch: Sendable {
  /// A screen the search does not reach (in ``parentNode``).
  static let unreached: Int32 = -2

  /// Per screen: the screen it was first reached from, -1 when by a start
  /// edge, ``unreached`` when not reached.
  let parentNode: [Int32]
  /// Per reached screen: the index of the edge that reached it, among the
  /// parent's edges (or the start edges).
  let parentEdge: [Int32]
  /// Per screen `s`: its ways in are `wayNodes[wayStarts[s]..<wayStarts[s + 1]]`
  /// (the screens they leave, in search order) with the indices of the edges
  /// among those screens' edges (`wayEdges`).
  private let wayStarts: [Int32]
  private let wayNodes: [Int32]
  private let wayEdges: [Int32]

  init(startEdges: [RouteEdge], edges: [[RouteEdge]]) {
    let count = edges.count
    var parentNode = [Int32](repeating: Self.unreached, count: count)
    var parentEdge = [Int32](repeating: 0, count: count)
    var order: [Int] = []
    for (index, edge) in startEdges.enumerated()
    where edge.target.index >= 0 && edge.target.index < count
      && parentNode[edge.target.index] == Self.unreached
    {
      parentNode[edge.target.index] = -1
      parentEdge[edge.target.index] = Int32(index)
      order.append(edge.target.index)
    }
    // Ways in, counted then placed (in search order), as compressed rows.
    var wayCounts = [Int32](repeating: 0, count: count + 1)
    var next = 0
    while next < order.count {
      let node = order[next]
      next += 1
      for (index, edge) in edges[node].enumerated()
      where edge.target.index >= 0 && edge.target.index < count {
        wayCounts[edge.target.index + 1] += 1
        guard parentNode[edge.target.index] == Self.unreached else { continue }
        parentNode[edge.target.index] = Int32(node)
        parentEdge[edge.target.index] = Int32(index)
        order.append(edge.target.index)
      }
    }
    for index in 0..<count { wayCounts[index + 1] += wayCounts[index] }
    var fill = wayCounts
    var wayNodes = [Int32](repeating: 0, count: Int(wayCounts[count]))
    var wayEdges = wayNodes
    for node in order {
      for (index, edge) in edges[node].enumerated()
      where edge.target.index >= 0 && edge.target.index < count {
        let slot = Int(fill[edge.target.index])
        fill[edge.target.index] += 1
        wayNodes[slot] = Int32(node)
        wayEdges[slot] = Int32(index)
      }
    }
    self.parentNode = parentNode
    self.parentEdge = parentEdge
    self.wayStarts = wayCounts
    self.wayNodes = wayNodes
    self.wayEdges = wayEdges
  }

  /// The edges into `screen` from reached screens, in search order: the
  /// screen each leaves and its index among that screen's edges.
  func waysIn(to screen: ScreenID) -> [(node: Int32, edge: Int32)] {
    guard screen.index >= 0, screen.index + 1 < wayStarts.count else { return [] }
    return (Int(wayStarts[screen.index])..<Int(wayStarts[screen.index + 1])).map {
      (wayNodes[$0], wayEdges[$0])
    }
  }
}

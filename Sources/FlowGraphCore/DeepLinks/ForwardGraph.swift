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
  /// The edges, in flat tables.
  let table: RouteEdgeTable
  /// The search from the start, made once: it does not depend on a link.
  let search: ForwardSearch

  /// Builds the forward graph of `graph` (no edges when it has no entry).
  public init(graph: FlowGraph) {
    self.graph = graph
    table = RouteEdgeTable(graph: graph)
    search = ForwardSearch(table, screens: graph.screens.count)
  }

  /// The entry flow's start edges, one per way its start reaches a screen,
  /// in the start task's outcome order.
  public var startEdges: [RouteEdge] { table.startEdges.map(table.routeEdge) }

  /// The edges that leave `screen`: its actions in file order, each action's
  /// outcome branches in the tasks' declared order, then its tabs' edges.
  public func edges(from screen: ScreenID) -> [RouteEdge] {
    table.edges(of: screen.index).map(table.routeEdge)
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
    isStop(edge.trigger, carried: carried)
  }

  /// Whether an edge taken by `trigger` is a stop (``isStop(_:carried:)``).
  private func isStop(_ trigger: RouteEdge.Trigger, carried: (String) -> Bool) -> Bool {
    Self.isStop(trigger, in: graph, carried: carried)
  }

  /// Whether an edge of `graph` taken by `trigger` is a stop
  /// (``isStop(_:carried:)``).
  static func isStop(
    _ trigger: RouteEdge.Trigger, in graph: FlowGraph, carried: (String) -> Bool
  ) -> Bool {
    guard case .action(let id) = trigger else { return false }
    return graph.screens[id.screen.index].actions[id.index].params.contains {
      !$0.mayBeOmitted && !carried($0.name)
    }
  }

  // MARK: Routes

  /// The route to `target` (SPEC §6.2): a shortest path from the entry
  /// flow's start whose last edge is not a stop; among those the first,
  /// comparing edges from the start (actions in file order, outcomes in the
  /// task's declared order). Edges before the last may be stops (the link
  /// waits there for the user). A route is a path: it shows `target` once,
  /// at its end. An edge that leaves `target` (a self-`replace`), or a way
  /// back to it through screens only `target` leads to, never ends a route:
  /// a link whose route showed `target` before would be reached there
  /// (docs/dsl-decisions.md). `nil` when there is none.
  ///
  /// The search from the start is the graph's own (``ForwardGraph/init(graph:)``
  /// makes it once), so a route costs the edges into `target`, not a search;
  /// only when one of them comes from a screen that search reached through
  /// `target` is there a search of its own (``routeWays(to:)``).
  public func route(to target: ScreenID, carried: (String) -> Bool) -> DeepLinkRoute? {
    guard let last = lastEdge(to: target, carried: carried) else { return nil }
    var edge = last.edge
    var path = [table.routeEdge(edge)]
    // Back through the edges that first reached each screen, to a start edge.
    var node = Int(table.edges[edge].source)
    while node >= 0 {
      edge = Int(last.search.parent[node])
      path.append(table.routeEdge(edge))
      node = Int(table.edges[edge].source)
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

  /// The last edge of the route to `target` (its index in the table) and
  /// the search whose parents lead back from it: a start edge (never a
  /// stop), else the first of the ways in (``routeWays(to:)``) that is not a
  /// stop.
  private func lastEdge(to target: ScreenID, carried: (String) -> Bool) -> (
    edge: Int, search: ForwardSearch
  )? {
    guard target.index >= 0, target.index < graph.screens.count else { return nil }
    if let edge = startEdge(to: target.index) { return (edge, search) }
    let found = routeWays(to: target.index)
    for way in found.ways where !isStop(table.edges[way].trigger, carried: carried) {
      return (way, found.search)
    }
    return nil
  }

  /// The start edge that shows `target` (by index), if one does.
  private func startEdge(to target: Int) -> Int? {
    table.startEdges.first { table.edges[$0].target == target }
  }

  /// The edges a route to `target` may end with (table indices), in search
  /// order: those into `target` from a screen the start reaches without
  /// showing `target`; and the search they are in the order of, whose
  /// parents lead back to the start from their sources.
  ///
  /// That is the graph's own search, without the edges that leave `target`,
  /// unless an edge into `target` comes from a screen that search reached
  /// through `target` (it found a way back): then the search that does not
  /// take `target`'s edges, which finds the shortest way to that screen
  /// without `target`, if there is one. (A screen the graph's search
  /// reached without `target` is reached by that search in the same order,
  /// by the same edges: it only loses paths.)
  private func routeWays(to target: Int) -> (search: ForwardSearch, ways: [Int]) {
    var search = self.search
    if search.waysIn(to: target).contains(where: { cameThrough(target, Int($0)) }) {
      search = ForwardSearch(table, screens: graph.screens.count, notLeaving: target)
    }
    let ways = search.waysIn(to: target).lazy.map(Int.init).filter {
      Int(self.table.edges[$0].source) != target
    }
    return (search, Array(ways))
  }

  /// Whether the graph's search reached the source of `edge` (not `screen`
  /// itself) through `screen`: `screen` is on the edges that first reached
  /// it.
  private func cameThrough(_ screen: Int, _ edge: Int) -> Bool {
    var node = Int(table.edges[edge].source)
    guard node != screen else { return false }
    while node >= 0 {
      if node == screen { return true }
      node = Int(table.edges[Int(search.parent[node])].source)
    }
    return false
  }

  /// The edges a route to `screen` may end with, in search order: those
  /// into it from a screen the start reaches without showing it (an edge
  /// from `screen` to itself, or back to it through screens only it leads
  /// to, is not one).
  public func waysIn(to screen: ScreenID) -> [RouteEdge] {
    guard screen.index >= 0, screen.index < graph.screens.count else { return [] }
    return routeWays(to: screen.index).ways.map(table.routeEdge)
  }

  /// Whether the start reaches `screen` through any edges (stops included).
  public func reaches(_ screen: ScreenID) -> Bool {
    search.parent[screen.index] >= 0
  }
}

/// Which screens with a `deeplink` have a route (SPEC §6.2) when every param
/// of the screen counts as carried by the link: what `unroutable-deeplink`
/// asks of every link (``ForwardGraph/hasRoute(to:carried:)`` answers it for
/// one), answered for all of them by one walk over the edges
/// (``RouteEdgeWalk``) and one search, without the forward graph's tables.
///
/// A screen has a route exactly when a start edge shows it, or an edge that
/// is not a stop shows it from a screen the start reaches without showing
/// it (a route is a path: it shows its screen once, at its end). Which
/// screens the start reaches does not depend on the order of the search or
/// of the edges, so the search keeps only each edge's target, and takes the
/// screens in any order; a screen it found before the edge's target was
/// found by a path without that target. An edge that routes from a screen
/// found after its target (from the target itself: a self-`replace`) proves
/// nothing: a screen with no other is looked at again by a search that does
/// not leave it.
struct RoutedScreens {
  /// Per screen: 1 when the start reaches it, 2 when it has a route, 4 when
  /// an edge that routes to it comes from a screen found after it.
  private var marks: [UInt8]

  init(graph: FlowGraph) {
    let screenCount = graph.tables.screens.count
    var sink = Targets(
      graph: graph, screens: screenCount, edges: RouteEdgeTable.edgeCapacity(of: graph))
    var walk = RouteEdgeWalk(graph: graph)
    walk.collectAll(into: &sink)
    walk.way.free()
    var marks = [UInt8](repeating: 0, count: screenCount)
    // When the search found each screen (the start edges come before all).
    var found = [Int32](repeating: .max, count: screenCount)
    var count: Int32 = 0
    var pending: [Int32] = []
    pending.reserveCapacity(screenCount)
    // An edge's target, negative (`~target`) when the edge routes to it.
    func take(_ edge: Int, from source: Int32) {
      let value = sink.targets[edge]
      let target = Int(value < 0 ? ~value : value)
      if marks[target] & 1 == 0 {
        marks[target] |= 1
        found[target] = count
        count += 1
        pending.append(Int32(target))
      }
      if value < 0 { marks[target] |= source < found[target] ? 2 : 4 }
    }
    for edge in 0..<Int(sink.firstEdge[0]) { take(edge, from: -1) }
    while let screen = pending.popLast() {
      for edge in Int(sink.firstEdge[Int(screen)])..<Int(sink.firstEdge[Int(screen) + 1]) {
        take(edge, from: found[Int(screen)])
      }
    }
    for screen in marks.indices where marks[screen] & 6 == 4 {
      if Self.routesAround(screen, sink, screens: screenCount) { marks[screen] |= 2 }
    }
    sink.targets.free()
    sink.firstEdge.free()
    self.marks = marks
  }

  /// Whether a screen the start reaches without showing `target` has an
  /// edge that routes to it: a search that does not leave `target`.
  private static func routesAround(_ target: Int, _ sink: Targets, screens: Int) -> Bool {
    var seen = [Bool](repeating: false, count: screens)
    var pending: [Int32] = []
    // Whether the edge routes to `target`; else its target is searched.
    func take(_ edge: Int) -> Bool {
      let value = sink.targets[edge]
      let screen = Int(value < 0 ? ~value : value)
      if screen == target { return value < 0 }
      if !seen[screen] {
        seen[screen] = true
        pending.append(Int32(screen))
      }
      return false
    }
    for edge in 0..<Int(sink.firstEdge[0]) where take(edge) { return true }
    while let screen = pending.popLast() {
      for edge in Int(sink.firstEdge[Int(screen)])..<Int(sink.firstEdge[Int(screen) + 1])
      where take(edge) {
        return true
      }
    }
    return false
  }

  /// Whether `screen` (by index) has a route.
  func hasRoute(to screen: Int) -> Bool { marks[screen] & 2 != 0 }
}

/// Each edge's target, marked when the edge routes to a linked screen (it
/// is not a stop for the params of the screen it shows).
private struct Targets: RouteEdgeSink {
  let graph: FlowGraph
  let tables: GraphTables
  var targets: ReservedTable<Int32>
  var firstEdge: ReservedTable<Int32>

  init(graph: FlowGraph, screens: Int, edges: Int) {
    self.graph = graph
    tables = graph.tables
    targets = ReservedTable(capacity: edges)
    firstEdge = ReservedTable(capacity: screens + 1)
  }

  mutating func add(
    _ trigger: RouteEdge.Trigger, from source: Int32, to target: Int32,
    way: ReservedTable<RouteOutcome>
  ) {
    guard tables.screens[Int(target)].deeplink != noIndex else {
      targets.append(target)
      return
    }
    // Every param of the screen counts as carried by the link.
    let params = graph.screens[Int(target)].params
    let stop = ForwardGraph.isStop(trigger, in: graph) { name in
      params.contains { $0.name == name }
    }
    targets.append(stop ? target : ~target)
  }

  mutating func endEdges() { firstEdge.append(Int32(targets.count)) }
}

/// Which screens with a `deeplink` have a route (SPEC §6.2) when every param
/// of the screen counts as carried by the link: what `unroutable-deeplink`
/// asks of every link (``ForwardGraph/hasRoute(to:carried:)`` answers it for
/// one), answered for all of them by one walk over the edges
/// (``RouteEdgeWalk``) and one search, without the forward graph's tables.
///
/// A screen has a route exactly when a start edge shows it, or an edge that
/// is not a stop shows it from a screen the start reaches (through any
/// edges): neither depends on the order of the search or of the edges, so
/// the search keeps only each edge's target, and takes the screens in any
/// order.
struct RoutedScreens {
  /// Per screen: 1 when the start reaches it, 2 when it has a route.
  private var marks: [UInt8]

  init(graph: FlowGraph) {
    let screenCount = graph.tables.screens.count
    var sink = Targets(
      graph: graph, screens: screenCount, edges: RouteEdgeTable.edgeCapacity(of: graph))
    var walk = RouteEdgeWalk(graph: graph)
    walk.collectAll(into: &sink)
    walk.way.free()
    var marks = [UInt8](repeating: 0, count: screenCount)
    var pending: [Int32] = []
    pending.reserveCapacity(screenCount)
    // An edge's target, negative (`~target`) when the edge routes to it.
    func take(_ edge: Int) {
      let value = sink.targets[edge]
      let target = Int(value < 0 ? ~value : value)
      if value < 0 { marks[target] |= 2 }
      guard marks[target] & 1 == 0 else { return }
      marks[target] |= 1
      pending.append(Int32(target))
    }
    for edge in 0..<Int(sink.firstEdge[0]) { take(edge) }
    while let screen = pending.popLast() {
      for edge in Int(sink.firstEdge[Int(screen)])..<Int(sink.firstEdge[Int(screen) + 1]) {
        take(edge)
      }
    }
    sink.targets.free()
    sink.firstEdge.free()
    self.marks = marks
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

/// A breadth-first search of the forward graph from the entry flow's start,
/// taking edges in order: the first path found to a screen is its
/// shortest, and among the shortest the first comparing edges from the start.
/// It does not depend on a link's values, so a graph makes it once; it also
/// lists, per screen, the edges into it from the screens reached, in search
/// order, so that a route is found from the edges into its screen alone.
/// Flat tables of edge indices (``RouteEdgeTable``), one allocation each.
struct ForwardSearch: Sendable {
  /// The edge that first reached each screen (by index), `-1` for a screen
  /// not reached.
  private(set) var parent: [Int32]
  /// The edges into each screen from the screens reached, in search order:
  /// those of screen `s` are `ways[firstWay[s]..<firstWay[s + 1]]`.
  private let ways: [Int32]
  private let firstWay: [Int32]

  init(_ table: RouteEdgeTable, screens: Int) {
    var parent = [Int32](repeating: -1, count: screens)
    var order: [Int32] = []
    order.reserveCapacity(screens)
    var firstWay = [Int32](repeating: 0, count: screens + 1)
    var ways: [Int32] = []
    table.edges.withUnsafeBufferPointer { edges in
      for edge in table.startEdges where parent[Int(edges[edge].target)] < 0 {
        parent[Int(edges[edge].target)] = Int32(edge)
        order.append(edges[edge].target)
      }
      var next = 0
      while next < order.count {
        let node = Int(order[next])
        next += 1
        for edge in table.edges(of: node) where parent[Int(edges[edge].target)] < 0 {
          parent[Int(edges[edge].target)] = Int32(edge)
          order.append(edges[edge].target)
        }
      }
      // The ways in, grouped by target (a counting sort keeps search order).
      for node in order {
        for edge in table.edges(of: Int(node)) { firstWay[Int(edges[edge].target) + 1] += 1 }
      }
      for screen in 0..<screens { firstWay[screen + 1] += firstWay[screen] }
      var filled = firstWay
      ways = [Int32](repeating: 0, count: Int(firstWay[screens]))
      for node in order {
        for edge in table.edges(of: Int(node)) {
          let target = Int(edges[edge].target)
          ways[Int(filled[target])] = Int32(edge)
          filled[target] += 1
        }
      }
    }
    self.parent = parent
    self.ways = ways
    self.firstWay = firstWay
  }

  /// The edges (table indices) into `screen` from the screens reached, in
  /// search order.
  func waysIn(to screen: Int) -> ArraySlice<Int32> {
    ways[Int(firstWay[screen])..<Int(firstWay[screen + 1])]
  }
}

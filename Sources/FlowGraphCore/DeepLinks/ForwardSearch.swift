/// A breadth-first search of the forward graph from the entry flow's start,
/// taking edges in order: the first path found to a screen is its
/// shortest, and among the shortest the first comparing edges from the start.
/// It does not depend on a link's values, so a graph makes it once; it also
/// lists, per screen, the edges into it from the screens reached, in search
/// order, so that a route is found from the edges into its screen alone.
/// Flat tables of edge indices (``RouteEdgeTable``), one allocation each.
///
/// A search may be told a screen whose edges it does not take (`notLeaving`):
/// the search of the paths that show that screen only at their end, which a
/// route to it is (SPEC §6.2: a route is a path; ``ForwardGraph`` makes it
/// only for a screen whose ways in need it).
struct ForwardSearch: Sendable {
  /// The edge that first reached each screen (by index), `-1` for a screen
  /// not reached.
  let parent: [Int32]
  /// The edges into each screen from the screens reached, in search order:
  /// those of screen `s` are `ways[firstWay[s]..<firstWay[s + 1]]`.
  private let ways: [Int32]
  private let firstWay: [Int32]

  init(_ table: RouteEdgeTable, screens: Int, notLeaving: Int = -1) {
    var parent = [Int32](repeating: -1, count: screens)
    // The reached screens in the order found (by depth).
    var order = [Int32](repeating: 0, count: screens)
    var reached = 0
    var firstWay = [Int32](repeating: 0, count: screens + 1)
    var ways: [Int32] = []
    table.edges.withUnsafeBufferPointer { edges in
      parent.withUnsafeMutableBufferPointer { parent in
        order.withUnsafeMutableBufferPointer { order in
          firstWay.withUnsafeMutableBufferPointer { firstWay in
            func visit(_ edge: Int) {
              let target = Int(edges[edge].target)
              guard parent[target] < 0 else { return }
              parent[target] = Int32(edge)
              order[reached] = Int32(target)
              reached += 1
            }
            for edge in table.startEdges { visit(edge) }
            var next = 0
            while next < reached {
              if Int(order[next]) == notLeaving {
                next += 1
                continue
              }
              for edge in table.edges(of: Int(order[next])) {
                // The ways in are counted as the search takes them (a pass
                // of its own would read the edges again, scattered over the
                // whole graph: out of the caches at 100,000 screens).
                firstWay[Int(edges[edge].target) + 1] += 1
                visit(edge)
              }
              next += 1
            }
            for screen in 0..<screens { firstWay[screen + 1] += firstWay[screen] }
          }
        }
      }
      // The ways in, grouped by target (a counting sort, counted above, keeps
      // search order).
      let found = order[0..<reached]
      var filled = firstWay
      ways = [Int32](repeating: 0, count: Int(firstWay[screens]))
      ways.withUnsafeMutableBufferPointer { ways in
        filled.withUnsafeMutableBufferPointer { filled in
          for node in found where Int(node) != notLeaving {
            for edge in table.edges(of: Int(node)) {
              let target = Int(edges[edge].target)
              ways[Int(filled[target])] = Int32(edge)
              filled[target] += 1
            }
          }
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

extension UnboundedStackRule {
  /// The cycle that a back edge of the walk closes, as edge positions ending
  /// with `closing` (the node-level edge from `source`), using the edges
  /// `allowed` accepts (by position): the shortest round through the edge
  /// that grows (``GrowthGraph/Round``). `nil` when that round passes a
  /// node twice: the edge then closes no growing cycle of its own (a
  /// `replace` of a screen by itself, two screens that replace each other),
  /// and a later back edge of its component does (docs/analysis.md, "growth").
  func growingCycle(
    closing: Int, from source: Int, in growth: GrowthGraph, allowed: (Int) -> Bool
  ) -> [Int]? {
    let graph = growth.graph
    let target = Int(graph.targets[closing])
    // The shortest cycle through the edge, when it grows (the usual case).
    let shortest = path(graph, from: target, to: source, allowed: allowed) + [closing]
    if growth.round(of: shortest).grows { return shortest }
    // A loop from a node to itself is its only cycle.
    guard target != source,
      let round = shortestGrowingPath(
        growth, from: target, to: source, after: GrowthGraph.Round(growth.steps[closing]),
        allowed: allowed)
    else { return nil }
    var nodes: Set<Int> = [target]
    for position in round where !nodes.insert(Int(graph.targets[position])).inserted {
      return nil
    }
    return round + [closing]
  }

  /// The edge positions of a shortest path from `start` to `goal` using the
  /// edges `allowed` accepts (by position).
  func path(
    _ graph: Digraph, from start: Int, to goal: Int, allowed: (Int) -> Bool
  ) -> [Int] {
    guard start != goal else { return [] }
    var via = [Int: Int]()  // node → edge position that reached it
    var queue = [start]
    var head = 0
    via[start] = -1
    while head < queue.count {
      let node = queue[head]
      head += 1
      for position in graph.edges(of: node) where allowed(position) {
        let next = Int(graph.targets[position])
        guard via[next] == nil else { continue }
        via[next] = position
        if next == goal {
          var edges: [Int] = []
          var current = goal
          while current != start, let edge = via[current], edge >= 0 {
            edges.append(edge)
            current = Self.sourceOf(edge, graph)
          }
          return edges.reversed()
        }
        queue.append(next)
      }
    }
    return []
  }

  /// The edge positions of a shortest path from `start` to `goal` using the
  /// edges `allowed` accepts, such that the round it makes with a closing
  /// edge of round `closing` grows: a breadth-first search over (node,
  /// round so far), eight states per node.
  private func shortestGrowingPath(
    _ growth: GrowthGraph, from start: Int, to goal: Int, after closing: GrowthGraph.Round,
    allowed: (Int) -> Bool
  ) -> [Int]? {
    let graph = growth.graph
    func state(_ node: Int, _ round: GrowthGraph.Round) -> Int { node << 3 | Int(round.rawValue) }
    let first = state(start, closing)
    var via = [first: (state: -1, position: -1)]  // state → the state and edge that reached it
    var queue = [first]
    var head = 0
    while head < queue.count {
      let current = queue[head]
      head += 1
      let node = current >> 3
      let round = GrowthGraph.Round(rawValue: UInt8(current & 7))
      for position in graph.edges(of: node) where allowed(position) {
        let nextNode = Int(graph.targets[position])
        let nextRound = round.union(GrowthGraph.Round(growth.steps[position]))
        let next = state(nextNode, nextRound)
        guard via[next] == nil else { continue }
        via[next] = (current, position)
        if nextNode == goal && nextRound.grows {
          var edges: [Int] = []
          var at = next
          while let (previous, edge) = via[at], edge >= 0 {
            edges.append(edge)
            at = previous
          }
          return edges.reversed()
        }
        queue.append(next)
      }
    }
    return nil
  }
}

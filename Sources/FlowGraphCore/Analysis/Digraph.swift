/// A directed graph over dense integer nodes in compressed sparse row form:
/// the successors of node `n` are `targets[offsets[n]..<offsets[n + 1]]`, in
/// the order the edges were given.
struct Digraph {
  let nodeCount: Int
  private(set) var offsets: [Int32]
  private(set) var targets: [Int32]

  /// Builds the graph from `(source, target)` edges (kept in their order per source).
  init(nodeCount: Int, edges: [(Int32, Int32)]) {
    self.nodeCount = nodeCount
    var counts = [Int32](repeating: 0, count: nodeCount + 1)
    for (source, _) in edges { counts[Int(source) + 1] += 1 }
    for index in 0..<nodeCount { counts[index + 1] += counts[index] }
    offsets = counts
    var next = counts
    targets = [Int32](repeating: 0, count: edges.count)
    for (source, target) in edges {
      targets[Int(next[Int(source)])] = target
      next[Int(source)] += 1
    }
  }

  /// Wraps a graph already in CSR form.
  init(offsets: [Int32], targets: [Int32]) {
    nodeCount = offsets.count - 1
    self.offsets = offsets
    self.targets = targets
  }

  /// The positions of `node`'s edges in ``targets``.
  func edges(of node: Int) -> Range<Int> { Int(offsets[node])..<Int(offsets[node + 1]) }
}

/// The strongly connected components of a ``Digraph`` (Tarjan 1972),
/// computed without recursion, in O(nodes + edges).
///
/// Components are numbered in the order Tarjan's algorithm completes them,
/// which is a reverse topological order: every edge between two components
/// goes from a higher number to a lower (or equal) one.
struct StronglyConnectedComponents {
  /// The component of each node.
  private(set) var component: [Int32]
  /// The number of components.
  private(set) var count = 0

  init(_ graph: Digraph) {
    let n = graph.nodeCount
    component = [Int32](repeating: -1, count: n)
    var index = [Int32](repeating: -1, count: n)
    var low = [Int32](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var stack: [Int32] = []
    var calls: [(node: Int32, edge: Int)] = []
    var counter: Int32 = 0
    for root in 0..<n where index[root] < 0 {
      index[root] = counter
      low[root] = counter
      counter += 1
      stack.append(Int32(root))
      onStack[root] = true
      calls.append((Int32(root), graph.edges(of: root).lowerBound))
      while let (node, edge) = calls.last {
        let v = Int(node)
        if edge < graph.edges(of: v).upperBound {
          calls[calls.count - 1].edge = edge + 1
          let w = Int(graph.targets[edge])
          if index[w] < 0 {
            index[w] = counter
            low[w] = counter
            counter += 1
            stack.append(Int32(w))
            onStack[w] = true
            calls.append((Int32(w), graph.edges(of: w).lowerBound))
          } else if onStack[w] {
            low[v] = min(low[v], index[w])
          }
          continue
        }
        calls.removeLast()
        if let parent = calls.last {
          low[Int(parent.node)] = min(low[Int(parent.node)], low[v])
        }
        if low[v] == index[v] {
          while let w = stack.popLast() {
            onStack[Int(w)] = false
            component[Int(w)] = Int32(count)
            if Int(w) == v { break }
          }
          count += 1
        }
      }
    }
  }
}

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

/// Successor lists that ``StronglyConnectedComponents`` can walk: a node's
/// edges are a chain of positions (-1 ends it), and an edge's target may be
/// -1 for an edge the walk skips. A ``Digraph`` is one; an activation's
/// effects are another (``UnboundedStackRule``), read in place without a
/// graph of their own.
protocol SuccessorLists {
  var nodeCount: Int { get }
  /// The position of `node`'s first edge, or -1.
  func firstEdge(of node: Int) -> Int
  /// The target of `node`'s edge at `position` (-1: skip it), and the
  /// position of its next edge (or -1).
  func edge(at position: Int, of node: Int) -> (target: Int, next: Int)
}

extension Digraph: SuccessorLists {
  func firstEdge(of node: Int) -> Int {
    let first = Int(offsets[node])
    return first < Int(offsets[node + 1]) ? first : -1
  }

  func edge(at position: Int, of node: Int) -> (target: Int, next: Int) {
    (Int(targets[position]), position + 1 < Int(offsets[node + 1]) ? position + 1 : -1)
  }
}

/// The strongly connected components of a graph (Tarjan 1972), computed
/// without recursion, in O(nodes + edges).
///
/// Components are numbered in the order Tarjan's algorithm completes them,
/// which is a reverse topological order: every edge between two components
/// goes from a higher number to a lower (or equal) one.
struct StronglyConnectedComponents {
  /// The component of each node (-1 for a node the roots do not reach).
  private(set) var component: [Int32]
  /// The number of components.
  private(set) var count = 0
  /// The number of nodes in a component.
  private(set) var visited = 0
  /// Whether some edge walked goes from a node to itself. With it, whether
  /// the walked part has a cycle at all: a loop, or fewer components than
  /// nodes.
  private(set) var hasLoop = false

  /// Whether the nodes walked lie on no cycle.
  var isAcyclic: Bool { !hasLoop && count == visited }

  /// The components of every node.
  init(_ graph: some SuccessorLists) {
    self.init(graph, roots: 0..<Int32(graph.nodeCount))
  }

  /// The components of the nodes `roots` reach (walked from each in turn).
  ///
  /// The walk's tables are one allocation: each node enters the path and the
  /// stack once, so neither grows; a node is on the stack exactly when it is
  /// visited and has no component yet.
  init(_ graph: some SuccessorLists, roots: some Sequence<Int32>) {
    let n = graph.nodeCount
    var component = [Int32](repeating: -1, count: n)
    var count: Int32 = 0
    var counter: Int32 = 0
    var hasLoop = false
    // Per node: its visit index (-1: not visited) and low link; the path
    // of the walk (node, next edge position); the stack of open nodes.
    let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: 5 * n)
    defer { scratch.deallocate() }
    let index = scratch
    let low = scratch + n
    let pathNode = scratch + 2 * n
    let pathEdge = scratch + 3 * n
    let stack = scratch + 4 * n
    index.initialize(repeating: -1, count: n)
    component.withUnsafeMutableBufferPointer { component in
      var depth = 0
      var stacked = 0
      func enter(_ node: Int) {
        index[node] = counter
        low[node] = counter
        counter += 1
        stack[stacked] = Int32(node)
        stacked += 1
        pathNode[depth] = Int32(node)
        pathEdge[depth] = Int32(graph.firstEdge(of: node))
        depth += 1
      }
      for root in roots {
        let root = Int(root)
        precondition(root >= 0 && root < n, "root out of range")
        guard index[root] < 0 else { continue }
        enter(root)
        while depth > 0 {
          let v = Int(pathNode[depth - 1])
          var position = Int(pathEdge[depth - 1])
          var entered = false
          while position >= 0 {
            let (w, next) = graph.edge(at: position, of: v)
            position = next
            guard w >= 0 else { continue }
            precondition(w < n, "target out of range")
            if index[w] < 0 {
              pathEdge[depth - 1] = Int32(position)
              enter(w)
              entered = true
              break
            } else if component[w] < 0 {
              low[v] = min(low[v], index[w])
              if w == v { hasLoop = true }
            }
          }
          if entered { continue }
          depth -= 1
          if depth > 0 {
            let parent = Int(pathNode[depth - 1])
            low[parent] = min(low[parent], low[v])
          }
          if low[v] == index[v] {
            repeat {
              stacked -= 1
              component[Int(stack[stacked])] = count
            } while Int(stack[stacked]) != v
            count += 1
          }
        }
      }
    }
    self.component = component
    self.count = Int(count)
    visited = Int(counter)
    self.hasLoop = hasLoop
  }
}

/// The minimiser: a few runs through a graph of states that together take
/// every item that any edge takes.
///
/// Greedy over the condensation: the states that can reach each other (a
/// strongly connected component) are walked as one piece, in which every item
/// can be taken in one run; between pieces a run goes one way only. Each round
/// picks the chain of pieces from the start that holds the most items not yet
/// taken (a longest path in the DAG of pieces), walks it (nearest untaken item
/// first inside a piece, by breadth-first search), and stops when nothing is
/// left. Runs that turn out to add nothing are dropped; the rest come shortest
/// first.
struct RunCover {
  /// A step between two nodes and the items it takes; `to` is `nil` for a
  /// step after which nothing is known (a run ends there).
  struct Edge: Hashable {
    var from: Int
    var to: Int?
    var items: [Int]
  }

  let nodeCount: Int
  let edges: [Edge]
  private let outgoing: [[Int]]
  private let component: [Int]
  /// The components in reverse topological order (each after every one it reaches).
  private let componentCount: Int

  init(nodeCount: Int, edges: [Edge]) {
    self.nodeCount = nodeCount
    self.edges = edges
    var outgoing = [[Int]](repeating: [], count: nodeCount)
    for (index, edge) in edges.enumerated() { outgoing[edge.from].append(index) }
    self.outgoing = outgoing
    (component, componentCount) = Self.components(
      nodeCount: nodeCount, edges: edges, outgoing: outgoing)
  }

  /// The runs from `root`, each a list of edge indices, shortest first.
  func runs(from root: Int, itemCount: Int) -> [[Int]] {
    var taken = [Bool](repeating: false, count: itemCount)
    return Self.pruned(runs(from: root, taking: &taken), edges: edges)
  }

  /// The runs from `root` that take every item not in `taken` yet (marking
  /// them), in the order they were chosen, not pruned. `taken` has a place
  /// for every item.
  func runs(from root: Int, taking taken: inout [Bool]) -> [[Int]] {
    var runs: [[Int]] = []
    var inside = [[Int]](repeating: [], count: componentCount)
    var leaving = [[Int]](repeating: [], count: componentCount)
    for (index, edge) in edges.enumerated() {
      if let to = edge.to, component[to] == component[edge.from] {
        inside[component[edge.from]].append(index)
      } else {
        leaving[component[edge.from]].append(index)
      }
    }
    while best(taken, inside: inside, leaving: leaving).gains[component[root]] > 0 {
      var run: [Int] = []
      var node = root
      while true {
        let piece = component[node]
        // Every untaken item inside the piece, nearest first.
        while let path = nearest(
          from: node, in: piece,
          where: { edge in
            edge.items.contains { !taken[$0] }
          })
        {
          for index in path { take(index, &run, &taken) }
          node = edges[path.last!].to!
        }
        // Then out, towards the most items left (if any are left that way).
        let plan = best(taken, inside: inside, leaving: leaving)
        let out = plan.exits[piece]
        guard plan.gains[piece] > 0, out >= 0 else { break }
        let door = edges[out].from
        if node != door, let path = nearest(from: node, in: piece, where: { $0.to == door }) {
          for index in path { take(index, &run, &taken) }
        }
        take(out, &run, &taken)
        guard let next = edges[out].to else { break }
        node = next
      }
      runs.append(run)
    }
    return runs
  }

  /// For each component, the most untaken items a run entering it can still
  /// take (a longest path in the DAG of components), and the edge that leaves
  /// it on that path (`-1` to stop there).
  private func best(_ taken: [Bool], inside: [[Int]], leaving: [[Int]]) -> (
    gains: [Int], exits: [Int]
  ) {
    var gains = [Int](repeating: 0, count: componentCount)
    var exits = [Int](repeating: -1, count: componentCount)
    // Tarjan numbers a component after every one it reaches.
    for piece in 0..<componentCount {
      var own = Set<Int>()
      for index in inside[piece] { own.formUnion(edges[index].items.lazy.filter { !taken[$0] }) }
      var onward = 0
      for index in leaving[piece] {
        let edge = edges[index]
        let gain =
          Set(edge.items.lazy.filter { !taken[$0] }).count
          + (edge.to.map { gains[component[$0]] } ?? 0)
        if gain > onward {
          onward = gain
          exits[piece] = index
        }
      }
      gains[piece] = own.count + onward
    }
    return (gains, exits)
  }

  private func take(_ index: Int, _ run: inout [Int], _ taken: inout [Bool]) {
    run.append(index)
    for item in edges[index].items { taken[item] = true }
  }

  /// The shortest list of edges from `start` whose last edge satisfies
  /// `goal`, inside `piece` when one is given (breadth first, edges in
  /// order); `nil` when none does.
  func nearest(from start: Int, in piece: Int? = nil, where goal: (Edge) -> Bool) -> [Int]? {
    var via = [Int](repeating: -2, count: nodeCount)
    via[start] = -1
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for index in outgoing[node] {
        let edge = edges[index]
        guard let to = edge.to, piece == nil || component[to] == piece else { continue }
        if goal(edge) {
          var path = [index]
          var back = node
          while via[back] >= 0 {
            path.append(via[back])
            back = edges[via[back]].from
          }
          return path.reversed()
        }
        if via[to] == -2 {
          via[to] = index
          queue.append(to)
        }
      }
    }
    return nil
  }

  /// Drops runs whose items the others all take (longest first), then sorts
  /// the rest shortest first (stable).
  static func pruned(_ runs: [[Int]], edges: [Edge]) -> [[Int]] {
    kept(items: runs.map { Set($0.flatMap { edges[$0].items }) }, lengths: runs.map(\.count))
      .map { runs[$0] }
  }

  /// Which runs to keep, by index, shortest first (stable): a run whose items
  /// the kept others all take is dropped, longest first.
  static func kept<Item: Hashable>(items: [Set<Item>], lengths: [Int]) -> [Int] {
    var counts: [Item: Int] = [:]
    for set in items { for item in set { counts[item, default: 0] += 1 } }
    var keep = [Bool](repeating: true, count: items.count)
    let longestFirst = items.indices.sorted { (lengths[$0], $1) > (lengths[$1], $0) }
    for index in longestFirst where items[index].allSatisfy({ counts[$0]! > 1 }) {
      keep[index] = false
      for item in items[index] { counts[item]! -= 1 }
    }
    return items.indices.filter { keep[$0] }.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
  }

  /// Tarjan's strongly connected components (iterative): each node's
  /// component, numbered so that a component comes after every one it reaches.
  private static func components(nodeCount: Int, edges: [Edge], outgoing: [[Int]]) -> ([Int], Int) {
    var index = [Int](repeating: -1, count: nodeCount)
    var low = [Int](repeating: 0, count: nodeCount)
    var onStack = [Bool](repeating: false, count: nodeCount)
    var component = [Int](repeating: -1, count: nodeCount)
    var stack: [Int] = []
    var counter = 0
    var count = 0
    for root in 0..<nodeCount where index[root] < 0 {
      var work: [(node: Int, next: Int)] = [(root, 0)]
      index[root] = counter
      low[root] = counter
      counter += 1
      stack.append(root)
      onStack[root] = true
      while let (node, next) = work.last {
        if next < outgoing[node].count {
          work[work.count - 1].next += 1
          guard let to = edges[outgoing[node][next]].to else { continue }
          if index[to] < 0 {
            index[to] = counter
            low[to] = counter
            counter += 1
            stack.append(to)
            onStack[to] = true
            work.append((to, 0))
          } else if onStack[to] {
            low[node] = min(low[node], index[to])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
        if low[node] == index[node] {
          while let top = stack.popLast() {
            onStack[top] = false
            component[top] = count
            if top == node { break }
          }
          count += 1
        }
      }
    }
    return (component, count)
  }
}

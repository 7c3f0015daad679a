/// The depth-first walk over screens that places cycle findings (SPEC §3):
/// from the entry flow's start, then every other flow's start, taking each
/// screen's moves in file order. Its edges are the screen-level projections
/// of the ``GrowthGraph``'s edges (push, present, replace, root, child starts,
/// handlers), so its back edges are the transitions that close cycles.
struct ScreenWalk {
  /// A screen-level edge: from a screen, by a transition, to a screen
  /// (global screen indices).
  struct Edge: Hashable {
    var source: Int32
    var via: Int32
    var target: Int32
  }

  private let screenOfNode: [Int32]
  private let growth: GrowthGraph
  private let edges: [[Edge]]
  private let roots: [Int32]

  init(_ growth: GrowthGraph, run: AnalysisRun) {
    self.growth = growth
    let program = run.program
    let screenOfNode = growth.nodeState.indices.map { node in
      let instance = run.instances[Int(growth.nodeInstance[node])]
      return Int32(
        program.screen(LocalState.screen(Int(growth.nodeState[node])), of: instance.flow))
    }
    self.screenOfNode = screenOfNode
    var edges = [[Edge]](repeating: [], count: run.graph.screens.count)
    let graph = growth.graph
    for node in 0..<graph.nodeCount {
      for position in graph.edges(of: node) {
        let edge = Edge(
          source: screenOfNode[node], via: growth.vias[position],
          target: screenOfNode[Int(graph.targets[position])])
        edges[Int(edge.source)].append(edge)
      }
    }
    // File order, each screen-level edge once.
    self.edges = edges.map { list in
      var unique: [Edge] = []
      for edge in list.sorted(by: { ($0.via, $0.target) < ($1.via, $1.target) })
      where unique.last != edge {
        unique.append(edge)
      }
      return unique
    }
    roots = growth.roots.map { screenOfNode[Int($0)] }
  }

  /// The screen-level projection of a node-level edge.
  func edge(_ node: Int, _ position: Int) -> Edge {
    Edge(
      source: screenOfNode[node], via: growth.vias[position],
      target: screenOfNode[Int(growth.graph.targets[position])])
  }

  /// The back edges of the walk, in the order it meets them.
  func backEdges() -> [Edge] {
    var state = [UInt8](repeating: 0, count: edges.count)  // 0 new, 1 on path, 2 done
    var stack: [(screen: Int, edge: Int)] = []
    var result: [Edge] = []
    for root in roots.map(Int.init) + Array(edges.indices) where state[root] == 0 {
      state[root] = 1
      stack.append((root, 0))
      while let (screen, position) = stack.last {
        guard position < edges[screen].count else {
          state[screen] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].edge += 1
        let edge = edges[screen][position]
        switch state[Int(edge.target)] {
        case 0:
          state[Int(edge.target)] = 1
          stack.append((Int(edge.target), 0))
        case 1:
          result.append(edge)
        default:
          break
        }
      }
    }
    return result
  }
}

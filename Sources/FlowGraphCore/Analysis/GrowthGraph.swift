/// The graph of moves that never shrink the stack (docs/analysis.md,
/// "growth"): nodes are the reached local states of every activation whose
/// answer is known; edges are `intra` (the frame goes on), `call` (a push or
/// present: one more frame), `reset` (`root`) and child starts (one more
/// activation). Returns to frames below are not edges.
///
/// A cycle in it can be taken again and again from any configuration with its
/// first state on top; each round adds a frame per call and an activation per
/// child start. A round that stays in one activation and passes a `root`
/// leaves the stack as it found it.
struct GrowthGraph {
  /// What an edge does to the stack.
  enum Step {
    case same
    case push
    case present
    case reset
    case child
  }

  /// Edges in file order per source (CSR).
  private(set) var graph: Digraph
  /// Per edge position in ``graph``: what it does, and the transition.
  private(set) var steps: [Step] = []
  private(set) var vias: [Int32] = []
  /// Per node: its instance and local state.
  private(set) var nodeInstance: [Int32] = []
  private(set) var nodeState: [Int32] = []
  /// The DFS roots: the entry flow's start first, then every other start.
  private(set) var roots: [Int32] = []

  var nodeCount: Int { graph.nodeCount }

  init(_ run: AnalysisRun) {
    // Nodes: the reached states of the instances whose answer is known.
    var nodeOf = [[Int32]](repeating: [], count: run.instances.count)
    for instance in run.instances where !instance.uncertain {
      var map = [Int32](repeating: -1, count: instance.stateCount)
      for state in instance.reachedStates {
        map[Int(state)] = Int32(nodeInstance.count)
        nodeInstance.append(Int32(instance.id))
        nodeState.append(state)
      }
      nodeOf[instance.id] = map
    }
    // Edges, built in node order (instance by instance, in reached order)
    // so the CSR needs no sorting.
    var offsets: [Int32] = [0]
    var targets: [Int32] = []
    offsets.reserveCapacity(nodeInstance.count + 1)
    var local: [(target: Int32, step: Step, via: Int32)] = []
    for instance in run.instances where !instance.uncertain {
      let map = nodeOf[instance.id]
      for state in instance.reachedStates {
        local.removeAll(keepingCapacity: true)
        for effect in instance.effects[Int(state)] {
          switch effect {
          case .intra(let target, let via): local.append((map[Int(target)], .same, via))
          case .call(let target, let via):
            let step: Step = LocalState.kind(Int(target)) == .modalBottom ? .present : .push
            local.append((map[Int(target)], step, via))
          case .reset(let target, let via): local.append((map[Int(target)], .reset, via))
          case .child(let child, let via):
            let childInstance = run.instances[Int(child)]
            guard !childInstance.uncertain else { continue }
            for start in childInstance.startStates {
              local.append((nodeOf[Int(child)][Int(start)], .child, via))
            }
          case .end, .escape, .unknown:
            continue
          }
        }
        // File order: transition ids are in source order.
        if local.count > 1, !zip(local, local.dropFirst()).allSatisfy({ $0.via <= $1.via }) {
          local.sort { $0.via < $1.via }
        }
        for edge in local {
          targets.append(edge.target)
          steps.append(edge.step)
          vias.append(edge.via)
        }
        offsets.append(Int32(targets.count))
      }
    }
    graph = Digraph(offsets: offsets, targets: targets)
    let isEntry = { (instance: FlowActivation) in
      instance.flow == run.graph.entry?.index && instance.mode == .base
    }
    let entryFirst = run.instances.filter(isEntry) + run.instances.filter { !isEntry($0) }
    for instance in entryFirst where !nodeOf[instance.id].isEmpty {
      roots += instance.startStates.map { nodeOf[instance.id][Int($0)] }
    }
  }

  /// The instance and local state of a node.
  func location(of node: Int, in run: AnalysisRun) -> (instance: FlowActivation, state: Int) {
    (run.instances[Int(nodeInstance[node])], Int(nodeState[node]))
  }
}

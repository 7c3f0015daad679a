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
  let steps: [Step]
  let vias: [Int32]
  /// Per node: its instance and local state.
  private(set) var nodeInstance: [Int32] = []
  private(set) var nodeState: [Int32] = []
  /// The DFS roots: the entry flow's start first, then every other start.
  private(set) var roots: [Int32] = []

  var nodeCount: Int { graph.nodeCount }

  init(_ run: AnalysisRun) {
    // Nodes: the reached states of the instances whose answer is known.
    var nodeOf = [[Int32]](repeating: [], count: run.instances.count)
    var nodeCount = 0
    var effectCount = 0
    for instance in run.instances where !instance.uncertain {
      nodeCount += instance.reachedStates.count
      effectCount += instance.effects.count
    }
    nodeInstance.reserveCapacity(nodeCount)
    nodeState.reserveCapacity(nodeCount)
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
    // Room for an edge per effect (ends and escapes are none; a child start
    // with several start states is more), so that the tables rarely grow.
    targets.reserveCapacity(effectCount)
    var steps: [Step] = []
    var vias: [Int32] = []
    steps.reserveCapacity(effectCount)
    vias.reserveCapacity(effectCount)
    for instance in run.instances where !instance.uncertain {
      let map = nodeOf[instance.id]
      let effects = instance.effects
      effects.loadIntoCaches()
      for state in instance.reachedStates {
        let first = targets.count
        var inOrder = true
        func add(_ target: Int32, _ step: Step, _ via: Int32) {
          if let last = vias.last, targets.count > first, last > via { inOrder = false }
          targets.append(target)
          steps.append(step)
          vias.append(via)
        }
        var position = effects.first(Int(state))
        while position >= 0 {
          let effect = effects.value(position)
          position = effects.next(position)
          switch effect {
          case .intra(let target, let via): add(map[Int(target)], .same, via)
          case .call(let target, let via):
            let step: Step = LocalState.kind(Int(target)) == .modalBottom ? .present : .push
            add(map[Int(target)], step, via)
          case .reset(let target, let via): add(map[Int(target)], .reset, via)
          case .child(let child, let via):
            let childInstance = run.instances[Int(child)]
            guard !childInstance.uncertain else { continue }
            for start in childInstance.startStates {
              add(nodeOf[Int(child)][Int(start)], .child, via)
            }
          case .end, .escape, .unknown:
            continue
          }
        }
        // File order: transition ids are in source order.
        if !inOrder {
          var local = (first..<targets.count).map {
            (target: targets[$0], step: steps[$0], via: vias[$0])
          }
          local.sort { $0.via < $1.via }
          for (offset, edge) in local.enumerated() {
            targets[first + offset] = edge.target
            steps[first + offset] = edge.step
            vias[first + offset] = edge.via
          }
        }
        offsets.append(Int32(targets.count))
      }
    }
    graph = Digraph(offsets: offsets, targets: targets)
    self.steps = steps
    self.vias = vias
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

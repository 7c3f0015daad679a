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

  /// The first node of each instance (nodes are `offset + state`); -1 for
  /// instances left out.
  private(set) var offsets: [Int]
  private(set) var nodeCount = 0
  /// Edges in file order per source (CSR).
  private(set) var graph: Digraph
  /// Per edge position in ``graph``: what it does, and the transition.
  private(set) var steps: [Step] = []
  private(set) var vias: [Int32] = []
  /// The DFS roots: the entry flow's start first, then every other start.
  private(set) var roots: [Int32] = []

  init(_ run: AnalysisRun) {
    var offsets = [Int](repeating: -1, count: run.instances.count)
    var count = 0
    for instance in run.instances where !instance.uncertain {
      offsets[instance.id] = count
      count += instance.stateCount
    }
    var edges: [(source: Int32, target: Int32, step: Step, via: Int32)] = []
    for instance in run.instances where !instance.uncertain {
      let base = offsets[instance.id]
      for state in instance.reachedStates {
        let source = Int32(base + Int(state))
        var local: [(target: Int32, step: Step, via: Int32)] = []
        for effect in instance.effects[Int(state)] {
          switch effect {
          case .intra(let target, let via): local.append((Int32(base) + target, .same, via))
          case .call(let target, let via):
            let step: Step = LocalState.kind(Int(target)) == .modalBottom ? .present : .push
            local.append((Int32(base) + target, step, via))
          case .reset(let target, let via): local.append((Int32(base) + target, .reset, via))
          case .child(let child, let via):
            let childBase = offsets[Int(child)]
            guard childBase >= 0 else { continue }
            for start in run.instances[Int(child)].startStates {
              local.append((Int32(childBase) + start, .child, via))
            }
          case .end, .escape, .unknown:
            continue
          }
        }
        // File order: transition ids are in source order.
        local.sort { $0.via < $1.via }
        edges += local.map { (source, $0.target, $0.step, $0.via) }
      }
    }
    self.offsets = offsets
    nodeCount = count
    graph = Digraph(nodeCount: count, edges: edges.map { ($0.source, $0.target) })
    // Digraph keeps each source's edges in the given order, and sources were
    // emitted in increasing node order per instance, so positions match once
    // sorted by source.
    let ordered = edges.enumerated().sorted {
      ($0.element.source, $0.offset) < ($1.element.source, $1.offset)
    }
    steps = ordered.map(\.element.step)
    vias = ordered.map(\.element.via)
    var roots: [Int32] = []
    let isEntry = { (instance: FlowActivation) in
      instance.flow == run.graph.entry?.index && instance.mode == .base
    }
    let entryFirst = run.instances.filter(isEntry) + run.instances.filter { !isEntry($0) }
    for instance in entryFirst where offsets[instance.id] >= 0 {
      roots += instance.startStates.map { Int32(offsets[instance.id]) + $0 }
    }
    self.roots = roots
  }

  /// The instance and local state of a node.
  func location(of node: Int, in run: AnalysisRun) -> (instance: FlowActivation, state: Int) {
    var low = 0
    for instance in run.instances where offsets[instance.id] >= 0 && offsets[instance.id] <= node {
      low = instance.id
    }
    return (run.instances[low], node - offsets[low])
  }
}

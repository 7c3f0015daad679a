/// Which screens can lie below a local state in its layer (docs/analysis.md,
/// "layer context"): the question that decides whether `pop: S` is possible.
///
/// A screen S lies below a frame exactly when the frame was entered, through
/// a chain of `push`es within one layer, from a frame showing S. Over the
/// graph of `intra` and `push` edges this is a reachability question per
/// target, answered for 64 targets at a time with bit masks propagated once
/// over the graph's strongly connected components in topological order:
/// O((states + edges) × ⌈targets / 64⌉).
struct LayerContext {
  private let instance: FlowActivation
  private let graph: Digraph
  private let isPush: [Bool]
  private let components: StronglyConnectedComponents
  private let members: Digraph

  init(_ instance: FlowActivation) {
    self.instance = instance
    instance.effects.loadIntoCaches()
    var edges: [(Int32, Int32)] = []
    var push: [Bool] = []
    for state in instance.reachedStates {
      for effect in instance.effects[Int(state)] {
        switch effect {
        case .intra(let target, _):
          edges.append((state, target))
          push.append(false)
        case .call(let target, _) where !LocalState.kind(Int(target)).isBottom:
          edges.append((state, target))
          push.append(true)
        default:
          break
        }
      }
    }
    // Edge positions in the CSR graph follow the source order of `edges`,
    // so flags are re-laid out per source.
    graph = Digraph(nodeCount: instance.stateCount, edges: edges)
    var flags = [Bool](repeating: false, count: edges.count)
    var next = Array(graph.offsets.prefix(instance.stateCount))
    for (position, edge) in edges.enumerated() {
      flags[Int(next[Int(edge.0)])] = push[position]
      next[Int(edge.0)] += 1
    }
    isPush = flags
    let components = StronglyConnectedComponents(graph)
    self.components = components
    members = Digraph(
      nodeCount: components.count,
      edges: (0..<instance.stateCount).map { (components.component[$0], Int32($0)) })
  }

  /// A quick answer for one query by a bounded backward walk along the
  /// chains of pushes into `state`'s frame: `true` when a frame of `screen`
  /// is found below, `false` when the whole backward region was seen without
  /// one, `nil` when the walk ran out of `budget` states. `marks` is scratch
  /// space (one entry per state); `mark` must differ from every earlier call's;
  /// `pending` is scratch space too (so that the walk does not allocate).
  static func quickAnswer(
    _ instance: FlowActivation, state: Int32, screen: Int32, marks: inout [Int32], mark: Int32,
    pending: inout [Int32], budget: Int = 256
  ) -> Bool? {
    pending.removeAll(keepingCapacity: true)
    pending.append(state)
    var seen = 1
    marks[Int(state)] = mark
    // The lists once (not per state: each read of an activation's list
    // retains it), walked by position.
    let intraPredecessors = instance.intraPredecessors
    let callers = instance.callers
    while let current = pending.popLast() {
      var position = intraPredecessors.first(Int(current))
      while position >= 0 {
        let (predecessor, next) = intraPredecessors.entry(position)
        position = next
        guard marks[Int(predecessor)] != mark else { continue }
        marks[Int(predecessor)] = mark
        pending.append(predecessor)
        seen += 1
      }
      if !LocalState.kind(Int(current)).isBottom {
        position = callers.first(Int(current))
        while position >= 0 {
          let (caller, next) = callers.entry(position)
          position = next
          if LocalState.screen(Int(caller.state)) == Int(screen) { return true }
          guard !LocalState.kind(Int(caller.state)).isBottom, marks[Int(caller.state)] != mark
          else { continue }
          marks[Int(caller.state)] = mark
          pending.append(caller.state)
          seen += 1
        }
      }
      if seen > budget { return nil }
    }
    return false
  }

  /// For each `(state, screen)` query: whether some run shows `state` with a
  /// frame of `screen` below it in its layer, within the flow's part.
  func screenCanBeBelow(_ queries: [(state: Int32, screen: Int32)]) -> [Bool] {
    var answers = [Bool](repeating: false, count: queries.count)
    var targets = Array(Set(queries.map(\.screen))).sorted()
    while !targets.isEmpty {
      let batch = Array(targets.prefix(64))
      targets.removeFirst(batch.count)
      var bit = [Int8](repeating: -1, count: instance.screenCount)
      for (offset, screen) in batch.enumerated() { bit[Int(screen)] = Int8(offset) }
      let masks = propagate(bit)
      for (position, query) in queries.enumerated() where bit[Int(query.screen)] >= 0 {
        let mask = masks[Int(components.component[Int(query.state)])]
        if mask & (1 << UInt64(bit[Int(query.screen)])) != 0 { answers[position] = true }
      }
    }
    return answers
  }

  /// The mask of screens below each component (all its states share it).
  private func propagate(_ bit: [Int8]) -> [UInt64] {
    var masks = [UInt64](repeating: 0, count: components.count)
    func own(_ state: Int) -> UInt64 {
      let b = bit[LocalState.screen(state)]
      return b >= 0 ? 1 << UInt64(b) : 0
    }
    // Highest component first: a topological order.
    for component in stride(from: components.count - 1, through: 0, by: -1) {
      var mask = masks[component]
      for position in members.edges(of: component) {
        let state = Int(members.targets[position])
        for edge in graph.edges(of: state)
        where isPush[edge] && components.component[Int(graph.targets[edge])] == Int32(component) {
          mask |= own(state)
        }
      }
      masks[component] = mask
      for position in members.edges(of: component) {
        let state = Int(members.targets[position])
        for edge in graph.edges(of: state) {
          let target = Int(components.component[Int(graph.targets[edge])])
          guard target != component else { continue }
          masks[target] |= mask | (isPush[edge] ? own(state) : 0)
        }
      }
    }
    return masks
  }
}

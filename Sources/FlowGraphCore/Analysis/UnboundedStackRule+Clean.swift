extension UnboundedStackRule {
  /// Whether no cycle of the ``GrowthGraph`` grows, proven without building
  /// it: then the rule has nothing to report. `false` means "maybe", and the
  /// rule builds the graph (a clean graph is the usual case, and the graph,
  /// its two component passes and its screen walk cost more than this).
  ///
  /// Only child starts cross activations, so when the activations' graph of
  /// child starts has no cycle, every cycle of the growth graph stays in one
  /// activation and starts no child; such a cycle grows only when it takes a
  /// push or present and no `root`. That is, a component of the activation's
  /// graph of `intra` and `call` edges holds a `call` edge. Its components
  /// are those of the reverse edges, read in place from the activation's
  /// lists of predecessors and callers (fewer than its effects), one
  /// activation at a time.
  static func noCycleGrows(in run: AnalysisRun) -> Bool {
    var starts: [(Int32, Int32)] = []
    for instance in run.instances where !instance.uncertain {
      instance.callers.loadIntoCaches()
      instance.intraPredecessors.loadIntoCaches()
      let components = StronglyConnectedComponents(
        FrameMovesBack(instance), roots: instance.reachedStates)
      if !components.isAcyclic {
        // A `call` inside a component, by the reverse `call` edges (fewer
        // than the effects).
        for state in instance.reachedStates {
          let component = components.component[Int(state)]
          for caller in instance.callers[Int(state)]
          where components.component[Int(caller.state)] == component {
            return false
          }
        }
      }
      // The child starts, by where each activation is started.
      guard !instance.startStates.isEmpty else { continue }
      for site in instance.callSites where !run.instances[Int(site.instance)].uncertain {
        starts.append((site.instance, Int32(instance.id)))
      }
    }
    guard !starts.isEmpty else { return true }
    let activations = StronglyConnectedComponents(
      Digraph(nodeCount: run.instances.count, edges: starts))
    return activations.isAcyclic
  }
}

/// An activation's `intra` and `call` edges reversed, as successor lists
/// read in place: a state's callers, then its `intra` predecessors (their
/// positions past the callers').
private struct FrameMovesBack: SuccessorLists {
  let callers: Adjacency<CallerEdge>
  let intraPredecessors: Adjacency<Int32>
  let nodeCount: Int
  /// Where the predecessors' positions start.
  let intraBase: Int

  init(_ instance: FlowActivation) {
    callers = instance.callers
    intraPredecessors = instance.intraPredecessors
    nodeCount = instance.stateCount
    intraBase = callers.count
  }

  func firstEdge(of node: Int) -> Int {
    let caller = callers.first(node)
    return caller >= 0 ? Int(caller) : firstIntra(of: node)
  }

  private func firstIntra(of node: Int) -> Int {
    let first = intraPredecessors.first(node)
    return first >= 0 ? intraBase + Int(first) : -1
  }

  func edge(at position: Int, of node: Int) -> (target: Int, next: Int) {
    if position < intraBase {
      let (caller, next) = callers.entry(Int32(position))
      return (Int(caller.state), next >= 0 ? Int(next) : firstIntra(of: node))
    }
    let (predecessor, next) = intraPredecessors.entry(Int32(position - intraBase))
    return (Int(predecessor), next >= 0 ? intraBase + Int(next) : -1)
  }
}

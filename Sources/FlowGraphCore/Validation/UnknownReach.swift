/// The flows whose reach from the entry a mistake elsewhere leaves unknown,
/// so that a rule that judges it would give a second finding for that one
/// mistake (SPEC §3, "One mistake gives one finding"):
///
/// - a flow where a transition that did not compile may run
///   (``AnalysisRun/flowIsUncertain``: a dangling `push: hoem`, or the
///   entry flow's `start: hoem`), and every flow it starts: whether a
///   screen of theirs is reached from the entry's start is unknown;
/// - a flow that a `start` or a tab naming no flow was probably meant to
///   name (its "did you mean": `start: setings` meant `settings`), and every
///   flow it starts: it might have been started there, in a tab bar too.
///
/// A graph where everything compiled has neither, and nothing changes.
struct UnknownReach {
  /// Per flow: whether a dangling `start` or tab might have started it (then
  /// where it runs, such as in a tab bar, is unknown too).
  let mightBeStarted: [Bool]
  /// Per flow: whether what reaches it from the entry's start is unknown.
  let reachIsUnknown: [Bool]

  init(graph: FlowGraph, flowIsUncertain: [Bool], meant: [FlowID]) {
    var seeds = [Bool](repeating: false, count: graph.flows.count)
    for flow in meant where seeds.indices.contains(flow.index) { seeds[flow.index] = true }
    guard seeds.contains(true) || flowIsUncertain.contains(true) else {
      mightBeStarted = seeds
      reachIsUnknown = seeds
      return
    }
    // Built only for a graph with a mistake.
    let children = graph.startedFlows()
    mightBeStarted = Self.closure(of: seeds, children: children)
    reachIsUnknown = Self.closure(
      of: zip(seeds, flowIsUncertain).map { $0 || $1 }, children: children)
  }

  /// `seeds` and every flow that a flow in it starts, at any depth.
  private static func closure(of seeds: [Bool], children: [[FlowID]]) -> [Bool] {
    var marked = seeds
    var pending = marked.indices.filter { marked[$0] }
    while let flow = pending.popLast() {
      for child in children[flow] where !marked[child.index] {
        marked[child.index] = true
        pending.append(child.index)
      }
    }
    return marked
  }
}

extension FlowGraph {
  /// The flows each flow starts, by flow index: by a compiled `start`
  /// anywhere in it (nested in handlers and outcomes too) and as a tab of
  /// one of its tabs screens. (A flow's own start shows a screen of it.)
  package func startedFlows() -> [[FlowID]] {
    var children = [[FlowID]](repeating: [], count: flows.count)
    for flow in flows.indices {
      forEachTransition(in: FlowID(flow)) { transition, _ in
        if case .start(let child, _, _) = transition.kind, flows.indices.contains(child.index) {
          children[flow].append(child)
        }
      }
      for screen in flows[flow].screens where screens.indices.contains(screen.index) {
        for tab in screens[screen.index].tabBar?.tabs ?? []
        where flows.indices.contains(tab.flow.index) {
          children[flow].append(tab.flow)
        }
      }
    }
    return children
  }
}

/// One judged activation of a flow: the flow under one mode (SPEC §3 "which
/// flows are judged"), with everything the reachability engine found about
/// its local states.
///
/// States are ``LocalState`` integers (flow-local screen × ``FrameKind``);
/// arrays are indexed by them. Only reached states have effects. The engine
/// is the only writer, on one thread, and never reads a list while appending
/// to it: its properties skip dynamic exclusivity checks.
final class FlowActivation {
  let id: Int
  let flow: Int
  let mode: InstanceMode
  let screenCount: Int

  /// Whether each local state is reached by some run.
  @exclusivity(unchecked) var reached: [Bool]
  /// The reached states, in the order they were found.
  @exclusivity(unchecked) var reachedStates: [Int32] = []
  /// What can happen from each reached state.
  let effects: LocalEffectLists
  /// Reverse `intra` edges.
  let intraPredecessors: Adjacency<Int32>
  /// Reverse `call` edges: who pushed or presented a frame entered here.
  let callers: Adjacency<CallerEdge>
  /// Reverse `reset` edges.
  let resetPredecessors: Adjacency<Int32>

  /// The result keys the activation can end with.
  @exclusivity(unchecked) var results: [Bool]
  /// Whether the activation ever shows a screen (its start is not only `finish`).
  @exclusivity(unchecked) var showsScreen = false
  /// The states its start shows, in start order.
  @exclusivity(unchecked) var startStates: [Int32] = []
  /// Whether a transition that did not compile runs in it.
  @exclusivity(unchecked) var directlyUncertain = false
  /// Whether its answer is unknown (it, or a child it starts, runs a
  /// transition that did not compile): set after the fixpoint.
  @exclusivity(unchecked) var uncertain = false
  /// Where it is started: (caller instance, caller state, start transition).
  @exclusivity(unchecked) var callSites: [(instance: Int32, state: Int32, via: Int32)] = []

  /// Pending gesture escapes per state (docs/analysis.md, "gesture handlers").
  @exclusivity(unchecked) var gestureEscapes: [Int32: Set<Int32>] = [:]
  /// Gesture handlers already run, per presenter state (state << 32 | transition).
  @exclusivity(unchecked) var handlersRun: Set<Int64> = []

  init(id: Int, flow: Int, mode: InstanceMode, screenCount: Int, resultCount: Int) {
    self.id = id
    self.flow = flow
    self.mode = mode
    self.screenCount = screenCount
    let states = screenCount * 4
    reached = Array(repeating: false, count: states)
    // Room for one effect per state and two callers per screen; the
    // reverse `replace` and `root` edges are few (and often none: then those
    // lists allocate nothing).
    effects = LocalEffectLists(nodeCount: states, capacity: states)
    intraPredecessors = Adjacency(nodeCount: states)
    callers = Adjacency(nodeCount: states, capacity: 2 * screenCount)
    resetPredecessors = Adjacency(nodeCount: states)
    results = Array(repeating: false, count: resultCount)
    // Room for a state per screen, so that the list rarely grows.
    reachedStates.reserveCapacity(screenCount)
  }

  /// Gives back the unused room of its lists, once the fixpoint is done.
  func trimLists() {
    effects.trim()
    intraPredecessors.trim()
    callers.trim()
    resetPredecessors.trim()
  }

  /// Brings its lists into the caches before a pass over its states
  /// (``Adjacency/loadIntoCaches()``): at 100,000 screens they are out of
  /// them when a rule comes to the activation.
  func loadListsIntoCaches() {
    effects.loadIntoCaches()
    intraPredecessors.loadIntoCaches()
    callers.loadIntoCaches()
    resetPredecessors.loadIntoCaches()
  }

  /// The number of local states.
  var stateCount: Int { screenCount * 4 }

  /// Whether system back is possible on a frame of this kind: it needs a
  /// screen below in the layer (above a push-mode child's first screen lies
  /// its parent's screen).
  func backIsPossible(_ kind: FrameKind) -> Bool {
    switch kind {
    case .homeInner, .modalInner: true
    case .homeBottom: mode == .push
    case .modalBottom: false
    }
  }
}

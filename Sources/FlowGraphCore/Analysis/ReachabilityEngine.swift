/// The saturation engine: computes, for every judged flow activation, the
/// local states some run reaches, what can happen from each, and which results
/// the activation can end with (its summary), all at once by a worklist
/// fixpoint (docs/analysis.md, "reachability").
///
/// Child flows are calls of a recursive state machine: a `start` registers a
/// call site on the child's instance, and every result the child's summary
/// gains later runs the matching handler at every call site. Everything only
/// grows, so the loop ends; each (state, transition) pair is run once.
struct ReachabilityEngine {
  /// One step of the fixpoint.
  private enum Work {
    /// Run every transition of a newly reached state.
    case state(instance: Int32, state: Int32)
    /// Run a handler at a state (a child ended, or a layer closed under it).
    case handler(instance: Int32, state: Int32, transition: Int32)
    /// A gesture escape reached a state: pass it down.
    case gesture(instance: Int32, state: Int32, key: Int32)
  }

  /// A context a `pop`, `popToRoot`, `pop: S` or `dismiss` runs in.
  struct Attempt {
    var instance: Int32
    var state: Int32
  }

  let program: AnalysisProgram
  /// Every judged activation, in flow order (base, push, present).
  private(set) var instances: [FlowActivation] = []
  /// Instance ids by flow and mode.
  private(set) var instanceIDs: [[Int32?]]
  /// For each transition: whether it is a pop, dismiss or pop-then-push
  /// that runs somewhere (``PopAttempts``); `pop`, `popToRoot` and
  /// `dismiss` are settled where they run (``PopRules/isPossible(_:at:in:)``).
  private(set) var popAttempts: [PopAttempts.Status]
  /// Every (transition, context) in which a `pop: S` runs, in the order found
  /// (``PopRules`` settles them once the frames below are known).
  private(set) var popToLog: [PopAttempts.PopToAttempt] = []
  /// Every (transition, context) in which a `select: TAB` runs.
  private(set) var selectLog: [(transition: Int32, attempt: Attempt)] = []
  private var work: [Work] = []
  /// The pop-then-push state of the fixpoint (``ReachabilityEngine+PopThen``).
  var popThenLog = PopThenLog()
  /// The activation whose flow's tables ``process(_:_:)`` last brought into
  /// the caches (``streamTables(of:)``).
  private var streamed = -1

  init(program: AnalysisProgram) {
    self.program = program
    popAttempts = Array(repeating: .none, count: program.transitions.count)
    let graph = program.graph
    instanceIDs = Array(repeating: [nil, nil, nil, nil], count: graph.flows.count)
    var isTab = [Bool](repeating: false, count: graph.flows.count)
    for id in program.tabStarts {
      if case .start(let child, _, _) = program.transitions[Int(id)].op { isTab[Int(child)] = true }
    }
    for flow in graph.flows.indices {
      let startedAs = Transition.StartMode.allCases.filter {
        !program.startSites(of: flow, mode: $0).isEmpty
      }
      var modes = startedAs.map(InstanceMode.init)
      if isTab[flow] { modes.append(.tab) }
      if graph.entry?.index == flow || modes.isEmpty { modes.insert(.base, at: 0) }
      for mode in modes {
        let id = instances.count
        instanceIDs[flow][mode.rawValue] = Int32(id)
        instances.append(
          FlowActivation(
            id: id, flow: flow, mode: mode, screenCount: program.screenCount(of: flow),
            resultCount: program.resultKeyCount(of: flow)))
      }
    }
    for instance in instances { begin(instance, program.starts[instance.flow]) }
  }

  /// The pops and dismisses that run, moved out of the engine (which keeps
  /// none), so that their owner can free them once read.
  mutating func takePopAttempts() -> PopAttempts {
    var attempts = PopAttempts.empty
    swap(&attempts.status, &popAttempts)
    swap(&attempts.popToLog, &popToLog)
    return attempts
  }

  /// Runs the fixpoint, then marks the activations whose answer is unknown.
  mutating func run() {
    // The activation of the last item, held here: taken from `instances`
    // for each item, it was retained and released each time (the items of
    // one activation mostly come together).
    var current = instances.first
    var currentID = 0
    repeat {
      while let item = work.popLast() {
        switch item {
        case .state(let instance, let state):
          if Int(instance) != currentID {
            currentID = Int(instance)
            current = instances[currentID]
          }
          process(current.unsafelyUnwrapped, Int(state))
        case .handler(let instance, let state, let transition):
          if Int(instance) != currentID {
            currentID = Int(instance)
            current = instances[currentID]
          }
          execute(transition, in: current.unsafelyUnwrapped, at: Int(state))
        case .gesture(let instance, let state, let key):
          propagateGesture(key, in: Int(instance), from: Int(state))
        }
      }
    } while resolvePopThens()
    markUncertain()
    // The lists are complete: give back their unused room before the rules'
    // tables are built (docs/performance.md, "Where memory goes at 100,000 screens").
    for instance in instances { instance.trimLists() }
  }

  // MARK: Starting

  private mutating func begin(_ instance: FlowActivation, _ start: IRStart) {
    switch start {
    case .screen(let screen):
      let state = LocalState.make(screen, .homeBottom)
      instance.showsScreen = true
      if !instance.startStates.contains(Int32(state)) { instance.startStates.append(Int32(state)) }
      reach(instance, state)
    case .run(let outcomes):
      for outcome in outcomes { begin(instance, outcome) }
    case .finish(let result):
      instance.results[Int(result)] = true
    case .unknown:
      instance.directlyUncertain = true
    }
  }

  // MARK: States

  @inline(__always)
  private mutating func reach(_ flowInstance: FlowActivation, _ state: Int) {
    guard !flowInstance.reached[state] else { return }
    flowInstance.reached[state] = true
    flowInstance.reachedStates.append(Int32(state))
    work.append(.state(instance: Int32(flowInstance.id), state: Int32(state)))
  }

  /// Runs every action of the state's screen, its back, and the gesture.
  private mutating func process(_ flowInstance: FlowActivation, _ state: Int) {
    let instance = flowInstance
    if flowInstance.id != streamed {
      streamed = flowInstance.id
      streamTables(of: flowInstance)
    }
    let screen = program.screen(LocalState.screen(state), of: flowInstance.flow)
    let kind = LocalState.kind(state)
    for position in program.actions(of: screen) {
      execute(program.actionList[position], in: instance, at: state)
    }
    if flowInstance.backIsPossible(kind) {
      switch program.back[screen] {
      case .pop: pop(in: instance, at: state)
      case .disabled: break
      case .custom(let transition): execute(transition, in: instance, at: state)
      }
    }
    guard program.dismissible[screen] else { return }
    // The gesture on the layer this frame is the first screen of.
    if kind == .modalBottom { add(.escape(.layerClosed), in: instance, at: state) }
    if kind == .homeBottom && flowInstance.mode == .present {
      end(program.dismissedKey(of: flowInstance.flow), in: instance, at: state)
    }
  }

  /// Brings the parts of the tables that the fixpoint reads for an
  /// activation's flow into the caches (``CacheLines``). The search reads
  /// them in the order it finds states, scattered over a few kilobytes; at
  /// 100,000 screens they are out of the caches by the time it comes to the
  /// activation (the program is compiled, flow by flow, before the fixpoint
  /// starts), and each scattered read would wait for memory.
  private func streamTables(of instance: FlowActivation) {
    let flow = instance.flow
    CacheLines.load(
      program.flowScreens, program.flowScreenOffset[flow]..<program.flowScreenOffset[flow + 1])
    guard let screens = program.screenRun(of: flow) else { return }
    CacheLines.load(program.actionOffset, screens)
    CacheLines.load(program.back, screens)
    CacheLines.load(program.dismissible, screens)
    let actions =
      Int(program.actionOffset[screens.lowerBound])..<Int(program.actionOffset[screens.upperBound])
    guard !actions.isEmpty else { return }
    CacheLines.load(program.actionList, actions)
    // The screens' transitions, from their first action's to their last's
    // (ids are given in screen order, each action's before what it nests).
    let first = Int(program.actionList[actions.lowerBound])
    let last = Int(program.actionList[actions.upperBound - 1])
    guard first <= last else { return }
    CacheLines.load(program.transitions, first..<last + 1)
    CacheLines.load(popAttempts, first..<last + 1)
  }

  // MARK: Transitions

  /// Runs one transition at a local state (docs/analysis.md, "transitions").
  private mutating func execute(_ transition: Int32, in flowInstance: FlowActivation, at state: Int)
  {
    let instance = flowInstance
    let kind = LocalState.kind(state)
    if !program.popTargets.isEmpty, let target = program.popTargets[transition] {
      settle(transition, possible: false)
      popThen(transition, target, in: instance, at: state)
      return
    }
    switch program.transitions[Int(transition)].op {
    case .push(let screen):
      call(LocalState.make(screen, kind.pushed), in: instance, from: state, via: transition)
    case .present(let screen):
      call(LocalState.make(screen, .modalBottom), in: instance, from: state, via: transition)
    case .replace(let screen):
      replace(with: screen, in: instance, at: state, via: transition)
    case .root(let screen):
      let target = LocalState.make(screen, .homeBottom)
      add(.reset(Int32(target), via: transition), in: instance, at: state)
      flowInstance.resetPredecessors.append(Int32(state), to: target)
      reach(flowInstance, target)
    case .popTo(let screen):
      logPopTo(transition, target: screen, in: instance, at: state)
      if !kind.isBottom { add(.escape(.popTo(screen)), in: instance, at: state) }
    case .pop:
      settle(transition, .pop, at: kind, in: instance)
      pop(in: instance, at: state)
    case .popToRoot:
      settle(transition, .popToRoot, at: kind, in: instance)
      if !kind.isBottom { add(.escape(.popToRoot), in: instance, at: state) }
    case .dismiss:
      settle(transition, .dismiss, at: kind, in: instance)
      switch kind {
      case .modalInner: add(.escape(.closeLayer), in: instance, at: state)
      case .modalBottom: add(.escape(.layerClosed), in: instance, at: state)
      case .homeBottom, .homeInner:
        if flowInstance.mode == .present {
          end(program.dismissedKey(of: flowInstance.flow), in: instance, at: state)
        }
      }
    case .stay:
      if !program.selects.isEmpty && program.selects.contains(transition) {
        selectLog.append((transition, Attempt(instance: Int32(instance.id), state: Int32(state))))
      }
    case .finish(let result):
      end(Int(result), in: instance, at: state)
    case .start(let child, _, let mode):
      guard program.tabStarts.isEmpty || !program.tabStarts.contains(transition) else {
        startTab(Int(child), in: instance, at: state, via: transition)
        return
      }
      startChild(Int(child), mode: mode, in: instance, at: state, via: transition)
    case .run(let first, let count):
      for position in Int(first)..<Int(first + count) {
        execute(program.nested[position], in: instance, at: state)
      }
    case .unknown:
      flowInstance.directlyUncertain = true
      add(.unknown, in: instance, at: state)
    }
  }

  /// `replace: S`: the frame goes on with S.
  mutating func replace(
    with screen: Int32, in flowInstance: FlowActivation, at state: Int, via transition: Int32
  ) {
    let target = LocalState.make(screen, LocalState.kind(state))
    add(.intra(Int32(target), via: transition), in: flowInstance, at: state)
    flowInstance.intraPredecessors.append(Int32(state), to: target)
    if !flowInstance.gestureEscapes.isEmpty {
      for key in flowInstance.gestureEscapes[Int32(target)] ?? [] {
        addGestureEscape(key, in: flowInstance.id, at: state)
      }
    }
    reach(flowInstance, target)
  }

  /// `pop`, or system back's default pop.
  @inline(__always)
  private mutating func pop(in flowInstance: FlowActivation, at state: Int) {
    let instance = flowInstance
    switch LocalState.kind(state) {
    case .homeInner, .modalInner:
      add(.escape(.pop), in: instance, at: state)
    case .homeBottom where flowInstance.mode == .push:
      // The last screen of a push-mode child: the child ends with `dismissed`.
      end(program.dismissedKey(of: flowInstance.flow), in: instance, at: state)
    case .homeBottom, .modalBottom:
      break  // The first screen of its layer: not possible.
    }
  }

  @inline(__always)
  mutating func call(
    _ target: Int, in flowInstance: FlowActivation, from state: Int, via: Int32
  ) {
    let instance = flowInstance
    add(.call(Int32(target), via: via), in: instance, at: state)
    flowInstance.callers.append(CallerEdge(state: Int32(state), via: via), to: target)
    if !flowInstance.gestureEscapes.isEmpty {
      for key in flowInstance.gestureEscapes[Int32(target)] ?? [] {
        deliverGesture(key, in: instance.id, to: state)
      }
    }
    reach(flowInstance, target)
  }

  /// A tab of a tabs screen shown at `state` (SPEC §6.1): its flow starts as
  /// a child in its own tab, and its handlers run at `state` (the tabs
  /// screen is the current screen then). A tabs screen anywhere but the
  /// first screen of a layer the flow can show it in is `invalid-tabs`; the
  /// analysis does not guess what it does there.
  private mutating func startTab(
    _ child: Int, in instance: FlowActivation, at state: Int, via: Int32
  ) {
    let kind = LocalState.kind(state)
    guard
      kind == .modalBottom
        || (kind == .homeBottom && (instance.mode == .base || instance.mode == .present))
    else {
      instance.directlyUncertain = true
      add(.unknown, in: instance, at: state)
      return
    }
    startChild(child, mode: .push, as: .tab, in: instance, at: state, via: via)
  }

  mutating func startChild(
    _ child: Int, mode: Transition.StartMode, as instanceMode: InstanceMode? = nil,
    in instance: FlowActivation, at state: Int, via: Int32
  ) {
    let instanceMode = instanceMode ?? InstanceMode(mode)
    guard let childID = instanceIDs[child][instanceMode.rawValue] else { return }
    let childInstance = instances[Int(childID)]
    add(.child(instance: childID, via: via), in: instance, at: state)
    childInstance.callSites.append((Int32(instance.id), Int32(state), via))
    for (result, ends) in childInstance.results.enumerated() where ends {
      let handler = program.handler(via, result: result)
      guard !program.isStay(handler) else { continue }
      work.append(.handler(instance: Int32(instance.id), state: Int32(state), transition: handler))
    }
    // A push-mode child inside a modal layer: the gesture on that layer ends
    // it with `dismissed`, closes the layer, and the handler runs below it.
    // (A `stay` handler changes nothing: the presenter is reached already.)
    let handler = program.handler(via, result: program.dismissedKey(of: child))
    guard instanceMode == .push && childInstance.showsScreen && !program.isStay(handler) else {
      return
    }
    if LocalState.kind(state).isModal {
      requestGesture(handler: handler, in: instance.id, at: state)
    } else if instance.mode == .tab {
      // In a tab's stack: selecting the tab again ends the child, and the
      // handler runs at the tab's first screen.
      requestReselect(handler: handler, in: instance.id, at: state)
    }
  }

  private mutating func end(_ result: Int, in flowInstance: FlowActivation, at state: Int) {
    let instance = flowInstance
    add(.end(Int32(result)), in: instance, at: state)
    guard !flowInstance.results[result] else { return }
    flowInstance.results[result] = true
    for site in flowInstance.callSites {
      let handler = program.handler(site.via, result: result)
      guard !program.isStay(handler) else { continue }
      work.append(.handler(instance: site.instance, state: site.state, transition: handler))
    }
  }

  /// Inlined: it runs once per effect found.
  @inline(__always)
  func add(_ effect: LocalEffect, in instance: FlowActivation, at state: Int) {
    instance.effects.append(effect, to: state)
  }

  mutating func workGesture(_ key: Int32, in instance: Int, at state: Int) {
    work.append(.gesture(instance: Int32(instance), state: Int32(state), key: key))
  }

  /// Runs a gesture handler at a presenter, once per (state, handler): a
  /// layer can close under it along several chains. (Handlers that run
  /// because a child ended are unique per call site and result.)
  mutating func runHandler(_ transition: Int32, in instance: Int, at state: Int) {
    let key = Int64(state) << 32 | Int64(transition)
    guard instances[instance].handlersRun.insert(key).inserted else { return }
    work.append(.handler(instance: Int32(instance), state: Int32(state), transition: transition))
  }

  /// Marks the activations whose answer is unknown: those that run a
  /// transition that did not compile, and those that start a child whose
  /// unknown answer could change theirs (its summary is not already full).
  private mutating func markUncertain() {
    var pending = instances.filter(\.directlyUncertain)
    for instance in pending { instance.uncertain = true }
    while let instance = pending.popLast() {
      let full = instance.showsScreen && instance.results.allSatisfy { $0 }
      guard !full else { continue }
      for site in instance.callSites where !instances[Int(site.instance)].uncertain {
        instances[Int(site.instance)].uncertain = true
        pending.append(instances[Int(site.instance)])
      }
    }
  }

  /// A `pop`, `popToRoot` or `dismiss` (`op`) runs at a frame of `kind`:
  /// settled here (``PopRules/isPossible(_:at:in:)``).
  private mutating func settle(
    _ transition: Int32, _ op: IRTransition.Op, at kind: FrameKind, in instance: FlowActivation
  ) {
    settle(transition, possible: PopRules.isPossible(op, at: kind, in: instance.mode) == true)
  }

  /// A pop, dismiss or pop-then-push runs: whether it does something there
  /// (a pop-then-push is settled by ``resolvePopThens()``: `false`).
  private mutating func settle(_ transition: Int32, possible: Bool) {
    let index = Int(transition)
    if popAttempts[index] != .possible { popAttempts[index] = possible ? .possible : .runs }
  }

  /// A `pop: S` runs at a state: logged with its context (``PopRules``
  /// settles it once the frames below are known).
  private mutating func logPopTo(
    _ transition: Int32, target: Int32, in instance: FlowActivation, at state: Int
  ) {
    popAttempts[Int(transition)] = .runs
    popToLog.append(
      PopAttempts.PopToAttempt(
        transition: transition, target: target,
        attempt: Attempt(instance: Int32(instance.id), state: Int32(state))))
  }
}

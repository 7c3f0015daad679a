/// One context a flow activation runs in: which of its ends are possible
/// there, and whether a gesture can close the layer its home screens are in
/// (docs/analysis.md, "call contexts").
struct CallContext: Hashable {
  /// Bit `k`: the activation's end with result key `k` is possible (its
  /// parent's handler for `k` is possible where it was started). Keys past
  /// 63 are always taken as possible.
  var accepted: UInt64
  /// Whether the activation's home screens can be in a layer no gesture
  /// closes (for a push-mode child; always `true` for other modes).
  var open: Bool
  /// Whether the activation's home screens are in a tab's stack (SPEC
  /// §6.1): a tab flow, or a push-mode child started in the home layer of
  /// an activation whose home screens are. There `select: TAB` is possible.
  var inTabs = false

  /// Every end possible, no gesture: the entry flow, a flow nothing starts,
  /// and a child no run starts (judged as started on the base layer, every
  /// result handled by `stay`).
  static let all = CallContext(accepted: ~0, open: true)

  /// ``all``, for a tab flow no tabs screen that some run shows starts: in
  /// its tab.
  static let allInTab = CallContext(accepted: ~0, open: true, inTabs: true)

  /// Whether the end with result key `key` is possible.
  func accepts(_ key: Int) -> Bool { key >= 64 || accepted & (1 << UInt64(key)) != 0 }
}

/// The contexts every activation is started in (docs/analysis.md, "call
/// contexts").
///
/// Handlers are part of the step (SPEC §3): when a child ends, its parent's
/// handler runs in the same step with the parent's top screen current, and
/// where that handler is not possible the child's end is not possible
/// either. So whether a child can end depends on where it was started: a
/// `popToRoot` handler is possible on a pushed screen and not on the first
/// screen of a layer, `dismiss` only in a layer the parent owns, `finish`
/// only where the parent's own end is possible, and so on. A child's context
/// is computed from its call site's local state and its parent's context, by
/// a fixpoint over all activations (the contexts of an activation are few:
/// most handlers are always possible).
///
/// A push-mode child's screens go onto its parent's layer; when that layer is
/// a modal layer with a dismissible first screen, the gesture ends the child
/// from any of its screens there, so it is never trapped there: that context
/// is not `open`, and `no-exit` judges only open ones.
struct CallContexts {
  /// For each instance: the distinct contexts some run starts it in.
  private(set) var contexts: [[CallContext]]
  /// Whether an instance was started in more than ``limit`` contexts: then
  /// it is not judged for traps (silence; only in contrived graphs).
  private(set) var overflow: [Bool]
  /// The start transitions that can start a push-mode child in an open context.
  private(set) var openSites: Set<Int32> = []
  let run: AnalysisRun
  /// The pops and dismisses never possible (`invalid-pop`, `invalid-dismiss`):
  /// as handlers they count as `stay` (SPEC §3, "one mistake gives one finding").
  let neverPossible: Set<Int32>
  /// For each instance: the inner states some run shows in a layer whose
  /// first screen is not dismissible.
  private let openBottom: [[Bool]]

  /// The most contexts judged per activation.
  static let limit = 32

  init(_ run: AnalysisRun, neverPossible: Set<Int32> = []) {
    self.run = run
    self.neverPossible = neverPossible
    openBottom = run.instances.map { Self.openBottomReach($0, run: run) }
    contexts = Array(repeating: [], count: run.instances.count)
    overflow = Array(repeating: false, count: run.instances.count)
    solve()
  }

  private mutating func solve() {
    let instances = run.instances
    var sitesIn = [[(child: Int, state: Int32, via: Int32)]](
      repeating: [], count: instances.count)
    for child in instances {
      for site in child.callSites {
        sitesIn[Int(site.instance)].append((child.id, site.state, site.via))
      }
    }
    var pending: [(instance: Int, context: CallContext)] = []
    func add(_ context: CallContext, to instance: Int) {
      guard !contexts[instance].contains(context) else { return }
      guard contexts[instance].count < Self.limit else {
        overflow[instance] = true
        return
      }
      contexts[instance].append(context)
      pending.append((instance, context))
    }
    func drain() {
      while let (caller, context) = pending.popLast() {
        for site in sitesIn[caller] {
          let child = instances[site.child]
          for derived in childContexts(
            of: child, at: Int(site.state), via: site.via, in: instances[caller], context)
          {
            if derived.open && child.mode == .push { openSites.insert(site.via) }
            add(derived, to: site.child)
          }
        }
      }
    }
    for instance in instances where instance.mode == .base { add(.all, to: instance.id) }
    drain()
    // A child that no run starts with its mode is judged as started on its
    // own (SPEC §3), and the runs it is judged in start others: one at a
    // time, in instance order.
    for instance in instances where contexts[instance.id].isEmpty {
      add(instance.mode == .tab ? .allInTab : .all, to: instance.id)
      drain()
    }
  }

  /// The contexts a child gets when `via` starts it at `state` of `caller`
  /// running in `context`: one, or, when its handlers hold `pop: S`, one for
  /// each set of those S that some run shows below `state` (a backward
  /// search along the pushes into `state`'s frame, per set; past
  /// ``walkBudget`` states, or more than four such S, one context in which
  /// every `pop: S` not on a first screen is taken as possible: silence).
  func childContexts(
    of child: FlowActivation, at state: Int, via: Int32, in caller: FlowActivation,
    _ context: CallContext
  ) -> [CallContext] {
    let unsplit = [childContext(of: child, at: state, via: via, in: caller, context, below: nil)]
    guard !LocalState.kind(state).isBottom else { return unsplit }
    var found: Set<Int32> = []
    for key in 0..<run.program.resultKeyCount(of: child.flow) {
      collectPopTargets(run.program.handler(via, result: key), into: &found)
    }
    let targets = found.sorted()
    guard !targets.isEmpty, targets.count <= 4 else { return unsplit }
    var result: [CallContext] = []
    for required in 0..<(1 << targets.count) {
      switch chainExists(to: state, in: caller, targets: targets, required: required) {
      case nil: return unsplit
      case false?: continue
      case true?:
        let below = Set(targets.indices.filter { required & (1 << $0) != 0 }.map { targets[$0] })
        let derived = childContext(
          of: child, at: state, via: via, in: caller, context, below: below)
        if !result.contains(derived) { result.append(derived) }
      }
    }
    return result.isEmpty ? unsplit : result
  }

  /// The `pop: S` and `popTo: X` targets in a handler (and in the outcomes
  /// and handlers nested in it).
  private func collectPopTargets(_ transition: Int32, into targets: inout Set<Int32>) {
    if let target = run.program.popTargets[transition] { targets.insert(target.screen) }
    switch run.program.transitions[Int(transition)].op {
    case .popTo(let target):
      targets.insert(target)
    case .run(let first, let count):
      for nested in run.program.nested(first, Int(count)) {
        collectPopTargets(nested, into: &targets)
      }
    case .start(let flow, let first, _):
      for nested in run.program.nested(first, run.program.resultKeyCount(of: Int(flow))) {
        collectPopTargets(nested, into: &targets)
      }
    default:
      break
    }
  }

  /// Whether some run shows `state` with, among `targets`, exactly those
  /// of the bit set `required` below it in its layer within the flow's part
  /// (`nil`: past ``walkBudget``). A backward search over (state, targets
  /// seen) along the pushes into the state's frame, to a first frame.
  private func chainExists(
    to state: Int, in caller: FlowActivation, targets: [Int32], required: Int
  ) -> Bool? {
    let forbidden = ((1 << targets.count) - 1) & ~required
    var seen: Set<Int> = [state << 4]
    var pending: [(state: Int32, mask: Int)] = [(Int32(state), 0)]
    while let (current, mask) = pending.popLast() {
      guard seen.count <= Self.walkBudget else { return nil }
      let kind = LocalState.kind(Int(current))
      if kind.isBottom && mask == required { return true }
      for predecessor in caller.intraPredecessors[Int(current)]
      where seen.insert(Int(predecessor) << 4 | mask).inserted {
        pending.append((predecessor, mask))
      }
      guard !kind.isBottom else { continue }
      for edge in caller.callers[Int(current)] {
        let screen = Int32(LocalState.screen(Int(edge.state)))
        let bit = targets.firstIndex(of: screen).map { 1 << $0 } ?? 0
        guard bit & forbidden == 0, seen.insert(Int(edge.state) << 4 | mask | bit).inserted
        else { continue }
        pending.append((edge.state, mask | bit))
      }
    }
    return false
  }

  /// The context a child gets when `via` starts it at `state` of `caller`
  /// running in `context`, in runs where `below` are the screens below
  /// `state` that its handlers' `pop: S` ask about (`nil`: unknown).
  private func childContext(
    of child: FlowActivation, at state: Int, via: Int32, in caller: FlowActivation,
    _ context: CallContext, below: Set<Int32>?
  ) -> CallContext {
    let keys = run.program.resultKeyCount(of: child.flow)
    var accepted: UInt64 = keys > 64 ? ~0 : 0
    for key in 0..<min(keys, 64)
    where isPossible(
      run.program.handler(via, result: key), at: state, in: caller, context, below: below)
    {
      accepted |= 1 << UInt64(key)
    }
    let open =
      child.mode != .push
      || siteIsOpen(
        state, in: caller, context,
        gestureHandler: run.program.handler(via, result: run.program.dismissedKey(of: child.flow)))
    let inTabs =
      child.mode == .tab
      || (child.mode == .push && !LocalState.kind(state).isModal && context.inTabs)
    return CallContext(accepted: accepted, open: open, inTabs: inTabs)
  }

  /// Whether a handler (or any transition) can run at `state` of `instance`
  /// in `context` without being refused (SPEC §2.4). `pop: S` is possible
  /// when S is in `below`; with `below` unknown (`nil`), wherever the state
  /// is not the first of its layer.
  func isPossible(
    _ transition: Int32, at state: Int, in instance: FlowActivation, _ context: CallContext,
    below: Set<Int32>? = nil
  ) -> Bool {
    let kind = LocalState.kind(state)
    let dismissed = run.program.dismissedKey(of: instance.flow)
    guard !neverPossible.contains(transition) else { return true }
    if let target = run.program.popTargets[transition],
      !popThenIsPossible(target, transition, at: state, below: below)
    {
      return false
    }
    switch run.program.transitions[Int(transition)].op {
    case .stay where !run.program.selects.isEmpty && run.program.selects.contains(transition):
      // `select: TAB` needs the current screen in a tabs layer; one that
      // is never possible anywhere is `invalid-select`'s, and `stay` here.
      guard run.selectIsPossible[transition] == true else { return true }
      return run.screen(of: state, in: instance).tabBar != nil || (context.inTabs && !kind.isModal)
    case .push, .present, .replace, .root, .stay, .unknown:
      return true
    case .popTo(let target):
      return !kind.isBottom && below?.contains(target) ?? true
    case .popToRoot:
      return !kind.isBottom
    case .pop:
      // On a push-mode child's first screen, `pop` ends the child.
      if !kind.isBottom { return true }
      return kind == .homeBottom && instance.mode == .push && context.accepts(dismissed)
    case .dismiss:
      // In the home layer of a present-mode child, `dismiss` ends the child.
      if kind.isModal { return true }
      return instance.mode == .present && context.accepts(dismissed)
    case .finish(let result):
      return context.accepts(Int(result))
    case .start(let flow, _, let mode):
      // Possible when the child shows a screen, or finishes at once with a
      // result whose handler is possible here.
      guard let child = run.instance(of: Int(flow), mode: mode), !child.showsScreen,
        !child.uncertain
      else { return true }
      return child.results.indices.contains { key in
        child.results[key]
          && isPossible(
            run.program.handler(transition, result: key), at: state, in: instance, context,
            below: below)
      }
    case .run(let first, let count):
      return run.program.nested(first, Int(count)).contains {
        isPossible($0, at: state, in: instance, context, below: below)
      }
    }
  }

  /// Whether the pop of a `push` or push-mode `start` with `popTo: X` (SPEC
  /// §6.3) can run at `state`: X is on top, or below it within the flow's part
  /// of the layer (known from `below`; with `below` unknown, wherever the state
  /// is not the first of its layer). An inclusive `start` needs a frame of the
  /// flow under X: not there when X is the first; when X is below, taken as
  /// possible (silence where the nearest X might be the first).
  private func popThenIsPossible(
    _ target: PopTarget, _ transition: Int32, at state: Int, below: Set<Int32>?
  ) -> Bool {
    let kind = LocalState.kind(state)
    if LocalState.screen(state) == Int(target.screen) {
      guard target.inclusive, case .start = run.program.transitions[Int(transition)].op else {
        return true
      }
      return !kind.isBottom
    }
    return !kind.isBottom && below?.contains(target.screen) ?? true
  }

  /// Whether a push-mode child started at `state` of `caller` (in `context`)
  /// can be in a layer that no gesture closes. `gestureHandler` is the
  /// child's `dismissed` handler, which the gesture on a layer the caller
  /// presented runs at the screen that presented it.
  private func siteIsOpen(
    _ state: Int, in caller: FlowActivation, _ context: CallContext, gestureHandler: Int32
  ) -> Bool {
    let dismissible = run.isDismissible(state, in: caller)
    // Closing a present-mode caller's home layer ends the caller: possible
    // only where its `dismissed` end is.
    let callerEnds = context.accepts(run.program.dismissedKey(of: caller.flow))
    switch (LocalState.kind(state), caller.mode) {
    case (.modalBottom, _), (.modalInner, _):
      return gestureCanFail(at: state, in: caller, context, handler: gestureHandler)
    case (.homeBottom, .base), (.homeInner, .base): return true
    case (.homeBottom, .present): return !dismissible || !callerEnds
    case (.homeInner, .present): return openBottom[caller.id][state] || !callerEnds
    case (.homeBottom, .push), (.homeInner, .push): return context.open
    // In a tab's stack, selecting the tab again ends the child (SPEC §6.1).
    // Taken as always possible (silence where the tab flow's `dismissed`
    // handler for it could be refused at the tab's first screen).
    case (.homeBottom, .tab), (.homeInner, .tab): return false
    }
  }

  /// Whether some run shows `state` (in a layer `caller` presented) where
  /// the gesture on that layer is not possible: its first screen is not
  /// dismissible, or the child's `dismissed` handler is not possible at the
  /// screen that presented the layer (the step is refused). A backward walk
  /// along the pushes under `state` to the layer's possible first frames, then
  /// to their presenters; past ``walkBudget`` states it answers `false`
  /// (closed: the child is not judged there, silence).
  private func gestureCanFail(
    at state: Int, in caller: FlowActivation, _ context: CallContext, handler: Int32
  ) -> Bool {
    // The first frames the layer can have under `state`.
    var seen: Set<Int32> = [Int32(state)]
    var pending: [Int32] = [Int32(state)]
    var bottoms: [Int32] = []
    while let current = pending.popLast() {
      guard seen.count <= Self.walkBudget else { return false }
      if LocalState.kind(Int(current)) == .modalBottom {
        bottoms.append(current)
        continue
      }
      for predecessor in caller.intraPredecessors[Int(current)]
      where seen.insert(predecessor).inserted {
        pending.append(predecessor)
      }
      for edge in caller.callers[Int(current)] where seen.insert(edge.state).inserted {
        pending.append(edge.state)
      }
    }
    let stays = run.program.isStay(handler)
    for bottom in bottoms {
      if !run.isDismissible(Int(bottom), in: caller) { return true }
      guard !stays else { continue }
      // The presenters: callers of the first frame, as it was entered.
      var entered: Set<Int32> = [bottom]
      var frames: [Int32] = [bottom]
      while let current = frames.popLast() {
        guard entered.count <= Self.walkBudget else { return false }
        for edge in caller.callers[Int(current)]
        where !isPossible(handler, at: Int(edge.state), in: caller, context) {
          return true
        }
        for predecessor in caller.intraPredecessors[Int(current)]
        where entered.insert(predecessor).inserted {
          frames.append(predecessor)
        }
      }
    }
    return false
  }

  /// The most states a backward walk of ``gestureCanFail(at:in:_:handler:)`` visits.
  static let walkBudget = 4096

  /// The inner states that some run shows in a layer whose first screen is
  /// not dismissible: forward from such first screens along `push` and `intra`.
  private static func openBottomReach(_ instance: FlowActivation, run: AnalysisRun) -> [Bool] {
    var reached = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    // The list once (each read of it retains it), in the caches: the walk
    // reads it in a scattered order (``Adjacency/loadIntoCaches()``).
    let effects = instance.effects
    effects.loadIntoCaches()
    func follow(_ state: Int32, intra: Bool) {
      var position = effects.first(Int(state))
      while position >= 0 {
        let (effect, following) = effects.entry(position)
        position = following
        let target: Int32
        switch effect {
        case .call(let entry, _) where !LocalState.kind(Int(entry)).isBottom: target = entry
        case .intra(let next, _) where intra: target = next
        default: continue
        }
        if !reached[Int(target)] {
          reached[Int(target)] = true
          pending.append(target)
        }
      }
    }
    for state in instance.reachedStates where LocalState.kind(Int(state)).isBottom {
      if !run.isDismissible(Int(state), in: instance) { follow(state, intra: false) }
    }
    while let state = pending.popLast() { follow(state, intra: true) }
    return reached
  }
}

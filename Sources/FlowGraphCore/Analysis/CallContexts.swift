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

  /// Every end possible, no gesture: the entry flow, a flow nothing starts,
  /// and a child no run starts (judged as started on the base layer, every
  /// result handled by `stay`).
  static let all = CallContext(accepted: ~0, open: true)

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
  private let run: AnalysisRun
  /// For each instance: the inner states some run shows in a layer whose
  /// first screen is not dismissible.
  private let openBottom: [[Bool]]

  /// The most contexts judged per activation.
  static let limit = 32

  init(_ run: AnalysisRun) {
    self.run = run
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
          let derived = childContext(
            of: child, at: Int(site.state), via: site.via, in: instances[caller], context)
          if derived.open && child.mode == .push { openSites.insert(site.via) }
          add(derived, to: site.child)
        }
      }
    }
    for instance in instances where instance.mode == .base || instance.callSites.isEmpty {
      add(.all, to: instance.id)
    }
    drain()
    // Activations started only by one another (no run shows their starts):
    // judged on their own, as a child nothing starts.
    for instance in instances where contexts[instance.id].isEmpty { add(.all, to: instance.id) }
    drain()
  }

  /// The context a child gets when `via` starts it at `state` of `caller`
  /// running in `context`.
  func childContext(
    of child: FlowActivation, at state: Int, via: Int32, in caller: FlowActivation,
    _ context: CallContext
  ) -> CallContext {
    let keys = run.program.resultKeyCount(of: child.flow)
    var accepted: UInt64 = keys > 64 ? ~0 : 0
    for key in 0..<min(keys, 64)
    where isPossible(run.program.handler(via, result: key), at: state, in: caller, context) {
      accepted |= 1 << UInt64(key)
    }
    let open = child.mode != .push || siteIsOpen(state, in: caller, context)
    return CallContext(accepted: accepted, open: open)
  }

  /// Whether a handler (or any transition) can run at `state` of `instance`
  /// in `context` without being refused (SPEC §2.4). `pop: S` is taken as
  /// possible wherever the state is not the first of its layer (whether an
  /// S lies below is a question about the run, which this does not split).
  func isPossible(
    _ transition: Int32, at state: Int, in instance: FlowActivation, _ context: CallContext
  ) -> Bool {
    let kind = LocalState.kind(state)
    let dismissed = run.program.dismissedKey(of: instance.flow)
    switch run.program.transitions[Int(transition)].op {
    case .push, .present, .replace, .root, .stay, .unknown:
      return true
    case .popTo, .popToRoot:
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
    case .start(let flow, let mode, _):
      // Possible when the child shows a screen, or finishes at once with a
      // result whose handler is possible here.
      guard let child = run.instance(of: Int(flow), mode: mode), !child.showsScreen,
        !child.uncertain
      else { return true }
      return child.results.indices.contains { key in
        child.results[key]
          && isPossible(
            run.program.handler(transition, result: key), at: state, in: instance, context)
      }
    case .run(let first, let count):
      return run.program.nested(first, Int(count)).contains {
        isPossible($0, at: state, in: instance, context)
      }
    }
  }

  /// The exits a child start adds to its frame (`state` of `instance` in
  /// `context`) beyond the handlers the engine ran there (SPEC §3, "traps
  /// caused by traps"): none when the child can end in the context it gets
  /// there. When it cannot, its own `no-exit` is a finding, and the parent is
  /// judged as if it could: the handlers of the results it never ends with
  /// are taken too (those of the results it does end with elsewhere already
  /// ran, and are impossible here). A handler whose effect would need states
  /// the engine did not explore counts as unknown (silence).
  func deadEndExits(
    child: Int32, via: Int32, at state: Int, in instance: FlowActivation, _ context: CallContext
  ) -> FrameExits.Flags {
    let childInstance = run.instances[Int(child)]
    let derived = childContext(of: childInstance, at: state, via: via, in: instance, context)
    let ends = childInstance.results.indices.contains {
      childInstance.results[$0] && derived.accepts($0)
    }
    guard !ends else { return [] }
    var flags: FrameExits.Flags = []
    let kind = LocalState.kind(state)
    let dismissed = run.program.dismissedKey(of: instance.flow)
    for key in childInstance.results.indices where !childInstance.results[key] {
      let handler = run.program.handler(via, result: key)
      switch run.program.transitions[Int(handler)].op {
      case .stay:
        break
      case .finish(let result):
        if context.accepts(Int(result)) { flags.insert(.end) }
      case .pop:
        if !kind.isBottom {
          flags.insert(.pop)
        } else if kind == .homeBottom && instance.mode == .push && context.accepts(dismissed) {
          flags.insert(.end)
        }
      case .popToRoot:
        if !kind.isBottom { flags.insert(.popToRoot) }
      case .dismiss:
        switch kind {
        case .modalInner: flags.insert(.closeLayer)
        case .modalBottom: flags.insert(.layerClosed)
        case .homeBottom, .homeInner:
          if instance.mode == .present && context.accepts(dismissed) { flags.insert(.end) }
        }
      default:
        flags.insert(.unknown)
      }
    }
    return flags
  }

  /// Whether a push-mode child started at `state` of `caller` (in `context`)
  /// can be in a layer that no gesture closes.
  private func siteIsOpen(_ state: Int, in caller: FlowActivation, _ context: CallContext)
    -> Bool
  {
    let dismissible = run.isDismissible(state, in: caller)
    // Closing a present-mode caller's home layer ends the caller: possible
    // only where its `dismissed` end is.
    let callerEnds = context.accepts(run.program.dismissedKey(of: caller.flow))
    switch (LocalState.kind(state), caller.mode) {
    case (.modalBottom, _): return !dismissible
    case (.modalInner, _): return openBottom[caller.id][state]
    case (.homeBottom, .base), (.homeInner, .base): return true
    case (.homeBottom, .present): return !dismissible || !callerEnds
    case (.homeInner, .present): return openBottom[caller.id][state] || !callerEnds
    case (.homeBottom, .push), (.homeInner, .push): return context.open
    }
  }

  /// The inner states that some run shows in a layer whose first screen is
  /// not dismissible: forward from such first screens along `push` and `intra`.
  private static func openBottomReach(_ instance: FlowActivation, run: AnalysisRun) -> [Bool] {
    var reached = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    func follow(_ state: Int32, intra: Bool) {
      for effect in instance.effects[Int(state)] {
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

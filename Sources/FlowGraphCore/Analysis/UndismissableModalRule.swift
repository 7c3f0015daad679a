/// `undismissable-modal`: a modal layer opened by `present` that some run
/// leaves in a state from which nothing can close it: no `dismiss`, no
/// gesture, no `root`, no `finish` (docs/analysis.md, "traps").
///
/// The layer's fate depends only on the frames in it (and above it), never on
/// what lies below it, so the same argument as for `no-exit` applies within
/// the layer: look for the first trapped configurations, whose top is in the
/// layer itself. A modal state cannot close its layer when it cannot reach an
/// end, a reset or an unknown step, cannot close the layer from its first
/// screen, and cannot pop; then some chain of pushes must show it with no
/// `pop: S` target below and under a first screen that is not dismissible.
///
/// Reported once per `present` that opens such a layer, at the `present`.
/// A layer stuck only because a layer above it is stuck is the one above's
/// finding; a trap in a child flow's own layer is `no-exit`.
struct UndismissableModalRule {
  let run: AnalysisRun
  /// Per instance, its exits in each of its contexts (a `finish` closes its
  /// owner's layers only where the owner's end is possible).
  let exits: [[FrameExits]]
  let contexts: CallContexts

  func diagnostics() -> [Diagnostic] {
    var findings: [Diagnostic] = []
    var reported: Set<Int32> = []
    for instance in run.instances {
      // (Contexts that accept the same ends share their exits: judged once.)
      // (At most ``CallContexts/limit`` contexts: a list, not a set, which
      // allocates on its first insert.)
      var judged: [UInt64] = []
      for (context, exits) in zip(contexts.contexts[instance.id], exits[instance.id])
      where !judged.contains(context.accepted) {
        judged.append(context.accepted)
        for (present, stuck) in stuckPresents(instance, exits)
        where reported.insert(present).inserted {
          findings.append(diagnostic(present: present, stuck: stuck, in: instance))
        }
      }
    }
    return findings
  }

  /// The `present` transitions whose layer can get stuck, each with a screen
  /// it can get stuck on.
  private func stuckPresents(_ instance: FlowActivation, _ exits: FrameExits) -> [(Int32, Int)] {
    var bottoms: [(state: Int32, origin: Int32)] = []
    var inner: [Int32] = []
    for state in instance.reachedStates where LocalState.kind(Int(state)).isModal {
      let flags = exits.flags[Int(state)]
      guard flags.isDisjoint(with: [.end, .unknown, .reset]) else { continue }
      if LocalState.kind(Int(state)) == .modalBottom {
        if !flags.contains(.layerClosed) { bottoms.append((state, state)) }
      } else if flags.isDisjoint(with: [.pop, .popToRoot, .closeLayer]) {
        inner.append(state)
      }
    }
    // Only states some chain shows under a first screen that is not
    // dismissible can be stuck (otherwise the gesture closes the layer).
    if !inner.isEmpty {
      let reach = closedReach(instance)
      inner = inner.filter { reach[Int($0)] }
    }
    var groups: [[Int32]: [Int32]] = [:]
    for (state, targets) in zip(inner, exits.popTargets(of: inner) ?? []) {
      groups[targets, default: []].append(state)
    }
    // As for `no-exit`: past the limit of distinct target sets, silence.
    let ordered = groups.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    for (targets, candidates) in ordered.prefix(NoExitRule.groupLimit) {
      bottoms += closedChainBottoms(instance, from: candidates, avoiding: Set(targets))
    }
    // The layer's first frame began as the target of a `present`.
    var result: [(Int32, Int)] = []
    var seen = [Bool](repeating: false, count: instance.stateCount)
    for (bottom, origin) in bottoms {
      var pending = [bottom]
      seen[Int(bottom)] = true
      while let state = pending.popLast() {
        for caller in instance.callers[Int(state)] { result.append((caller.via, Int(origin))) }
        for predecessor in instance.intraPredecessors[Int(state)] where !seen[Int(predecessor)] {
          seen[Int(predecessor)] = true
          pending.append(predecessor)
        }
      }
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// The inner modal states some chain of pushes shows above a first screen
  /// that is not dismissible: forward from such first screens.
  private func closedReach(_ instance: FlowActivation) -> [Bool] {
    var reached = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    func follow(_ state: Int32, intra: Bool) {
      for effect in instance.effects[Int(state)] {
        let next: Int32
        switch effect {
        case .call(let entry, _) where LocalState.kind(Int(entry)) == .modalInner: next = entry
        case .intra(let target, _) where intra: next = target
        default: continue
        }
        if !reached[Int(next)] {
          reached[Int(next)] = true
          pending.append(next)
        }
      }
    }
    for state in instance.reachedStates where LocalState.kind(Int(state)) == .modalBottom {
      if !run.isDismissible(Int(state), in: instance) { follow(state, intra: false) }
    }
    while let state = pending.popLast() { follow(state, intra: true) }
    return reached
  }

  /// Backward from inner modal states along chains of pushes whose screens
  /// are not in `avoiding`, to first screens that are not dismissible.
  private func closedChainBottoms(
    _ instance: FlowActivation, from candidates: [Int32], avoiding targets: Set<Int32>
  ) -> [(state: Int32, origin: Int32)] {
    var origin = [Int32](repeating: -1, count: instance.stateCount)
    var pending: [Int32] = []
    var bottoms: [(state: Int32, origin: Int32)] = []
    for candidate in candidates.reversed() where origin[Int(candidate)] < 0 {
      origin[Int(candidate)] = candidate
      pending.append(candidate)
    }
    while let state = pending.popLast() {
      let from = origin[Int(state)]
      for predecessor in instance.intraPredecessors[Int(state)] where origin[Int(predecessor)] < 0 {
        origin[Int(predecessor)] = from
        pending.append(predecessor)
      }
      for caller in instance.callers[Int(state)] where origin[Int(caller.state)] < 0 {
        let callerState = Int(caller.state)
        guard !targets.contains(Int32(LocalState.screen(callerState))) else { continue }
        if LocalState.kind(callerState) == .modalInner {
          origin[callerState] = from
          pending.append(caller.state)
        } else if !run.isDismissible(callerState, in: instance) {
          origin[callerState] = from
          bottoms.append((caller.state, from))
        }
      }
    }
    return bottoms
  }

  private func diagnostic(present: Int32, stuck: Int, in instance: FlowActivation) -> Diagnostic {
    let transition = run.program.transitions[Int(present)]
    let flow = run.program.flow(of: transition)
    let screen = run.program.screenName(LocalState.screen(stuck), of: flow)
    var opened = "the modal layer"
    if case .present(let target) = transition.op {
      opened =
        "the modal layer that 'present: \(run.program.screenName(Int(target), of: flow))' opens"
    }
    return Diagnostic(
      .undismissableModal, "\(opened) can get stuck on screen '\(screen)'",
      at: run.program.range(of: present),
      notes: [
        Diagnostic.Note(
          "from there no 'dismiss', dismiss gesture, 'root' or 'finish' can ever close it, so the layer and its screens are never released (and flow '\(run.flowName(flow))' can never end while it is open)"
        ),
        .help(
          run.program.isTabsScreen(LocalState.screen(stuck), of: flow)
            ? Self.tabsHelp(screen)
            : "add a 'dismiss' action to '\(screen)', make the layer's first screen dismissible, or add a 'finish'"
        ),
      ])
  }

  /// The way out of a stuck tabs screen (SPEC §6.1): it has no actions, so
  /// the gesture or a tab flow's result handler must close it.
  static func tabsHelp(_ screen: String) -> String {
    "make tabs screen '\(screen)' dismissible, or let a tab flow finish with a result whose handler on '\(screen)' is 'dismiss', 'root' or 'finish'"
  }
}

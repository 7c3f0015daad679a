/// `no-exit`: a child flow that some run traps on a screen of its own part of
/// the stack (its home layer), from which nothing can ever end it
/// (docs/analysis.md, "traps").
///
/// A configuration is trapped when no continuation ends the activation.
/// Every configuration below a trapped one's top was itself reachable, and
/// a trapped configuration only leads to trapped ones, so it is enough to
/// find the *first* trapped ones: those whose frames below can still end.
/// There, any escape that lands on a frame below is a way out; the top state
/// is trapped exactly when it cannot end, reset to a state that can end, or
/// pop, and when every `pop: S` it can make finds no S below (and, in a
/// present-mode child's own layer, the gesture is off because the layer's
/// first screen is not dismissible). Which screens lie below is decided by a
/// search over the chains of pushes that reach the state.
///
/// Reported once per flow, at its first trapped screen in walk order.
struct NoExitRule {
  let run: AnalysisRun
  /// Per instance, its exits in each of its contexts (parallel to
  /// ``CallContexts/contexts``; empty when it is not judged).
  let exits: [[FrameExits]]
  let contexts: CallContexts

  func diagnostics() -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for flow in run.graph.flows.indices {
      var trapped: Set<Int> = []
      var modes: [InstanceMode] = []
      for instance in run.instancesOfFlow[flow]
      where instance.mode != .base && instance.mode != .tab {
        var screens: Set<Int> = []
        // (At most ``CallContexts/limit`` contexts: a list, not a set,
        // which allocates on its first insert.)
        var judged: [UInt64] = []
        // A push-mode child is judged in the contexts where no gesture
        // closes its layer (otherwise the gesture releases it); contexts
        // that accept the same ends give the same answer.
        for (context, exits) in zip(contexts.contexts[instance.id], exits[instance.id])
        where context.open && !judged.contains(context.accepted) {
          judged.append(context.accepted)
          screens.formUnion(trappedScreens(instance, exits, context))
        }
        if !screens.isEmpty {
          trapped.formUnion(screens)
          modes.append(instance.mode)
        }
      }
      guard !trapped.isEmpty else { continue }
      findings.append(diagnostic(flow: flow, trapped: trapped, modes: modes))
    }
    return findings
  }

  /// The home-layer screens (flow-local) of the instance's trapped configurations.
  private func trappedScreens(
    _ instance: FlowActivation, _ exits: FrameExits, _ context: CallContext
  ) -> Set<Int> {
    // The gesture on a present-mode child's own layer ends it with
    // `dismissed`: possible only where that end is.
    let gestureEnds =
      instance.mode == .present && context.accepts(run.program.dismissedKey(of: instance.flow))
    var entries: [Int32] = []
    var inner: [Int32] = []
    for state in instance.reachedStates where !exits.canEnd[Int(state)] {
      // (Home states only; modal ones are `undismissable-modal`'s.)
      switch LocalState.kind(Int(state)) {
      case .homeBottom:
        entries.append(state)
      case .homeInner:
        if exits.flags[Int(state)].isDisjoint(with: [.pop, .popToRoot]) { inner.append(state) }
      case .modalBottom, .modalInner:
        continue
      }
    }
    // Only states some chain shows with the gesture off can be trapped.
    if !inner.isEmpty {
      let gestureOff = openChains(instance, avoiding: [], gestureEnds: gestureEnds)
      inner = inner.filter { gestureOff[Int($0)] }
    }
    var groups: [[Int32]: [Int32]] = [:]
    for (state, targets) in zip(inner, exits.popTargets(of: inner) ?? []) {
      groups[targets, default: []].append(state)
    }
    // One search per distinct set of targets; past `Self.groupLimit` of them
    // (only in contrived graphs) the rest are left unjudged: silence.
    let ordered = groups.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    for (targets, candidates) in ordered.prefix(Self.groupLimit) {
      let shown = openChains(instance, avoiding: Set(targets), gestureEnds: gestureEnds)
      entries += candidates.filter { shown[Int($0)] }
    }
    return closure(instance, from: entries)
  }

  /// The inner home states some run shows with none of `avoiding` below them
  /// in the layer and, where the gesture would end the child (`gestureEnds`),
  /// a first screen that is not dismissible (so the gesture is off).
  private func openChains(
    _ instance: FlowActivation, avoiding targets: Set<Int32>, gestureEnds: Bool
  ) -> [Bool] {
    var shown = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    func pushes(from state: Int32, intra: Bool) {
      let below = !targets.contains(Int32(LocalState.screen(Int(state))))
      for effect in instance.effects[Int(state)] {
        var next: Int32
        switch effect {
        case .call(let entry, _) where below && !LocalState.kind(Int(entry)).isBottom: next = entry
        case .intra(let target, _) where intra: next = target
        default: continue
        }
        if !shown[Int(next)] {
          shown[Int(next)] = true
          pending.append(next)
        }
      }
    }
    for state in instance.reachedStates where LocalState.kind(Int(state)) == .homeBottom {
      if gestureEnds && run.isDismissible(Int(state), in: instance) { continue }
      pushes(from: state, intra: false)
    }
    while let state = pending.popLast() { pushes(from: state, intra: true) }
    return shown
  }

  /// The home-layer screens reachable from the trapped entries.
  private func closure(_ instance: FlowActivation, from entries: [Int32]) -> Set<Int> {
    var seen = [Bool](repeating: false, count: instance.stateCount)
    var pending = entries
    var screens: Set<Int> = []
    for entry in entries { seen[Int(entry)] = true }
    while let state = pending.popLast() {
      if !LocalState.kind(Int(state)).isModal { screens.insert(LocalState.screen(Int(state))) }
      for effect in instance.effects[Int(state)] {
        switch effect {
        case .intra(let next, _), .call(let next, _), .reset(let next, _):
          if !seen[Int(next)] {
            seen[Int(next)] = true
            pending.append(next)
          }
        default:
          break
        }
      }
    }
    return screens
  }

  private func diagnostic(flow: Int, trapped: Set<Int>, modes: [InstanceMode]) -> Diagnostic {
    let walk = WalkOrder(flow: flow, program: run.program)
    let ordered = trapped.sorted { walk.rank[$0] < walk.rank[$1] }
    let name = run.flowName(flow)
    let first = run.program.screenName(ordered[0], of: flow)
    var sites: [Int32] = []
    var described: [String] = []
    for mode in [Transition.StartMode.push, .present] where modes.contains(InstanceMode(mode)) {
      var modeSites = run.program.startSites(of: flow, mode: mode)
      if mode == .push && modeSites.contains(where: contexts.openSites.contains) {
        modeSites = modeSites.filter(contexts.openSites.contains)
      }
      sites += modeSites
      let places = modeSites.map { site -> String in
        let transition = run.program.transitions[Int(site)]
        let screen = run.graph.screens[Int(transition.owner)].name
        return "screen '\(screen)' of flow '\(run.flowName(run.program.flow(of: transition)))'"
      }
      described.append(
        "with mode: \(mode.rawValue) (from \(Self.list(Array(Set(places)).sorted())))")
    }
    var message =
      "flow '\(name)' can get stuck on screen '\(first)' when started \(described.joined(separator: " or "))"
    let others = ordered.dropFirst().map { "'\(run.program.screenName($0, of: flow))'" }
    if !others.isEmpty { message += " (also trapped: \(Self.list(Array(others))))" }
    var notes = [
      Diagnostic.Note(
        "from there no 'finish', back, 'pop', 'dismiss' or gesture can ever end the flow, so the flow and its screens are never released"
      )
    ]
    notes += sites.map { site in
      Diagnostic.Note("'\(name)' is started here", at: run.program.range(of: site))
    }
    let screen = run.graph.screens[run.program.screen(ordered[0], of: flow)]
    // A screen that turned the dismiss gesture off: turning it on is a way out too.
    let gesture =
      screen.dismissible ? "" : ", or let the gesture dismiss it (remove 'dismissible: false')"
    notes.append(
      .help(
        run.program.isTabsScreen(ordered[0], of: flow)
          ? UndismissableModalRule.tabsHelp(first)
          : "add a way out to '\(first)', such as a 'finish' action or a back that is not disabled\(gesture)"
      )
    )
    return Diagnostic(.noExit, message, at: run.graph.range(screen.span), notes: notes)
  }

  /// The most distinct `pop: S` target sets searched per instance.
  static let groupLimit = 64

  static func list(_ items: [String], limit: Int = 5) -> String {
    let shown = items.prefix(limit).joined(separator: ", ")
    return items.count > limit ? shown + " and \(items.count - limit) more" : shown
  }
}

/// Whether a push-mode child can run in a layer that no gesture closes
/// (docs/analysis.md, "the enclosing layer").
///
/// A push-mode child's screens go onto its parent's layer. When that layer is
/// a modal layer whose first screen is dismissible, the gesture ends the child
/// from any of its screens in that layer, so it is never trapped there. The
/// child is judged for `no-exit` only if some run starts it in a layer that
/// may not be closable that way (or no run starts it: then it is judged on
/// its own, as SPEC §3 asks for every child).
struct EnclosingLayer {
  /// For each instance: whether, as a push-mode child, it can run in a layer
  /// no gesture closes (always `true` for other modes).
  private(set) var canBeOpen: [Bool]
  /// The start transitions that can start a push-mode child in such a layer.
  private(set) var openSites: Set<Int32> = []

  init(_ run: AnalysisRun) {
    let instances = run.instances
    let openBottom = instances.map { Self.openBottomReach($0, run: run) }
    canBeOpen = instances.map { $0.mode != .push || $0.callSites.isEmpty }
    // Call sites by the caller instance, to revisit when a caller changes.
    var sitesIn = [[(child: Int, state: Int32, via: Int32)]](repeating: [], count: instances.count)
    for child in instances where child.mode == .push {
      for site in child.callSites {
        sitesIn[Int(site.instance)].append((child.id, site.state, site.via))
      }
    }
    var pending = Array(instances.indices)
    while let caller = pending.popLast() {
      for site in sitesIn[caller] {
        guard Self.siteIsOpen(site.state, in: instances[caller], openBottom[caller], canBeOpen, run)
        else { continue }
        openSites.insert(site.via)
        if !canBeOpen[site.child] {
          canBeOpen[site.child] = true
          pending.append(site.child)
        }
      }
    }
  }

  /// Whether a frame at `state` can be in a layer that no gesture closes.
  private static func siteIsOpen(
    _ state: Int32, in caller: FlowActivation, _ openBottom: [Bool], _ canBeOpen: [Bool],
    _ run: AnalysisRun
  ) -> Bool {
    let dismissible = run.isDismissible(Int(state), in: caller)
    switch (LocalState.kind(Int(state)), caller.mode) {
    case (.modalBottom, _): return !dismissible
    case (.modalInner, _): return openBottom[Int(state)]
    case (.homeBottom, .base), (.homeInner, .base): return true
    case (.homeBottom, .present): return !dismissible
    case (.homeInner, .present): return openBottom[Int(state)]
    case (.homeBottom, .push), (.homeInner, .push): return canBeOpen[caller.id]
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

/// Traps caused by traps (SPEC §3; docs/analysis.md §4.2): what a child
/// start that cannot end adds to its parent's exits.
extension CallContexts {
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
  ) -> DeadEndExits {
    let childInstance = run.instances[Int(child)]
    // A child that shows nothing is never stuck: where its result's handler
    // is not possible, the start is simply refused.
    guard childInstance.showsScreen else { return DeadEndExits() }
    // (Where some run gives the child a context it cannot end in, the
    // parent is judged as if it could, in every run: silence, never a
    // false finding.)
    let ends = childContexts(of: childInstance, at: state, via: via, in: instance, context)
      .allSatisfy { derived in
        childInstance.results.indices.contains {
          childInstance.results[$0] && derived.accepts($0)
        }
      }
    guard !ends else { return DeadEndExits() }
    var exits = DeadEndExits()
    /// A frame's next local state, if the engine reached it (otherwise unknown).
    func target(_ screen: Int32, _ kind: FrameKind) -> Int32? {
      let target = LocalState.make(screen, kind)
      guard instance.reached[target] else {
        exits.flags.insert(.unknown)
        return nil
      }
      return Int32(target)
    }
    let kind = LocalState.kind(state)
    let dismissed = run.program.dismissedKey(of: instance.flow)
    for key in childInstance.results.indices where !childInstance.results[key] {
      let handler = run.program.handler(via, result: key)
      guard !neverPossible.contains(handler) else { continue }
      // (Where a pop-then-push would lead is not followed here: silence.)
      guard run.program.popTargets[handler] == nil else {
        exits.flags.insert(.unknown)
        continue
      }
      switch run.program.transitions[Int(handler)].op {
      case .stay:
        break
      case .finish(let result):
        if context.accepts(Int(result)) { exits.flags.insert(.end) }
      case .pop:
        if !kind.isBottom {
          exits.flags.insert(.pop)
        } else if kind == .homeBottom && instance.mode == .push && context.accepts(dismissed) {
          exits.flags.insert(.end)
        }
      case .popToRoot:
        if !kind.isBottom { exits.flags.insert(.popToRoot) }
      case .dismiss:
        switch kind {
        case .modalInner: exits.flags.insert(.closeLayer)
        case .modalBottom: exits.flags.insert(.layerClosed)
        case .homeBottom, .homeInner:
          if instance.mode == .present && context.accepts(dismissed) {
            exits.flags.insert(.end)
          }
        }
      case .push(let screen):
        if let next = target(screen, kind.pushed) { exits.calls.append(next) }
      case .present(let screen):
        if let next = target(screen, .modalBottom) { exits.calls.append(next) }
      case .replace(let screen):
        if let next = target(screen, kind) { exits.intra.append(next) }
      case .root(let screen):
        if let next = target(screen, .homeBottom) {
          exits.flags.insert(.reset)
          exits.resets.append(next)
        }
      default:
        exits.flags.insert(.unknown)
      }
    }
    return exits
  }

  /// What a child start that cannot end adds to its frame's exits: flags, and
  /// the local states its other results' handlers would lead to (each one
  /// the engine reached, so its exits are known), by the edge kind that
  /// leads there.
  struct DeadEndExits {
    var flags: FrameExits.Flags = []
    var intra: [Int32] = []
    var calls: [Int32] = []
    var resets: [Int32] = []
  }
}

/// What can leave a frame (docs/analysis.md, "exits"): for each reached local
/// state, whether the activation can end, whether a transition that did not
/// compile can run, whether a `root` can run, and which escapes can leave the
/// frame towards the frames below — counting everything its later states and
/// the frames it pushes or presents can do.
///
/// A least fixpoint over `intra` edges (the frame goes on) and `call` edges
/// (an escape of the called frame is caught by the caller or passed on, by
/// the rules of SPEC §2.4), by a worklist: each state's set only grows, so the
/// work is O(edges × kinds of exits).
struct FrameExits {
  /// Exit kinds without a payload.
  struct Flags: OptionSet {
    let rawValue: UInt8
    static let end = Flags(rawValue: 1)
    static let unknown = Flags(rawValue: 2)
    static let reset = Flags(rawValue: 4)
    static let pop = Flags(rawValue: 8)
    static let popToRoot = Flags(rawValue: 16)
    static let closeLayer = Flags(rawValue: 32)
    static let layerClosed = Flags(rawValue: 64)
  }

  /// The exits of each state.
  private(set) var flags: [Flags]
  /// The `pop: S` targets that can leave each state's frame.
  private(set) var popTargets: [Int32: Set<Int32>] = [:]
  /// Whether each state can reach the activation's end or an unknown step
  /// through its own frame, frames above it, and `root` (which resets the
  /// activation; the states after it count too).
  private(set) var canEnd: [Bool]

  init(_ instance: FlowActivation, instances: [FlowActivation], program: AnalysisProgram) {
    flags = Array(repeating: [], count: instance.stateCount)
    canEnd = Array(repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    var queued = [Bool](repeating: false, count: instance.stateCount)
    for state in instance.reachedStates {
      var direct: Flags = []
      for effect in instance.effects[Int(state)] {
        switch effect {
        case .end: direct.insert(.end)
        case .unknown: direct.insert(.unknown)
        case .reset: direct.insert(.reset)
        case .escape(.pop): direct.insert(.pop)
        case .escape(.popToRoot): direct.insert(.popToRoot)
        case .escape(.closeLayer): direct.insert(.closeLayer)
        case .escape(.layerClosed): direct.insert(.layerClosed)
        case .escape(.popTo(let target)): popTargets[state, default: []].insert(target)
        case .child(let child, _):
          // A child that never ends: its own `no-exit` says so; here it
          // counts as unknown, so that one mistake gives one finding.
          if !instances[Int(child)].results.contains(true) { direct.insert(.unknown) }
        case .intra, .call:
          break
        }
      }
      flags[Int(state)] = direct
      pending.append(state)
      queued[Int(state)] = true
    }
    let flow = instance.flow
    while let state = pending.popLast() {
      queued[Int(state)] = false
      let own = flags[Int(state)]
      let targets = popTargets[state] ?? []
      for predecessor in instance.intraPredecessors[Int(state)] {
        if merge(own, targets, into: predecessor) && !queued[Int(predecessor)] {
          queued[Int(predecessor)] = true
          pending.append(predecessor)
        }
      }
      for caller in instance.callers[Int(state)] {
        let (passed, passedTargets) = Self.filter(
          own, targets, from: Int(state), to: Int(caller.state), flow: flow, program: program)
        if merge(passed, passedTargets, into: caller.state) && !queued[Int(caller.state)] {
          queued[Int(caller.state)] = true
          pending.append(caller.state)
        }
      }
    }
    canEnd = Self.canEnd(instance, flags: flags)
  }

  /// What of a called frame's exits leaves the caller's frame (SPEC §2.4).
  private static func filter(
    _ flags: Flags, _ targets: Set<Int32>, from entry: Int, to caller: Int, flow: Int,
    program: AnalysisProgram
  ) -> (Flags, Set<Int32>) {
    var passed = flags.intersection([.end, .unknown, .reset])
    let callerKind = LocalState.kind(caller)
    guard !LocalState.kind(entry).isBottom else { return (passed, []) }  // A presented layer.
    if flags.contains(.popToRoot) && !callerKind.isBottom { passed.insert(.popToRoot) }
    if flags.contains(.closeLayer) {
      passed.insert(callerKind == .modalBottom ? .layerClosed : .closeLayer)
    }
    guard !callerKind.isBottom, !targets.isEmpty else { return (passed, []) }
    let callerScreen = Int32(LocalState.screen(caller))
    return (passed, targets.subtracting([callerScreen]))
  }

  private mutating func merge(_ more: Flags, _ targets: Set<Int32>, into state: Int32) -> Bool {
    var changed = false
    if !flags[Int(state)].isSuperset(of: more) {
      flags[Int(state)].formUnion(more)
      changed = true
    }
    if !targets.isEmpty {
      let before = popTargets[state]?.count ?? 0
      popTargets[state, default: []].formUnion(targets)
      changed = changed || popTargets[state]!.count != before
    }
    return changed
  }

  /// Backward reachability from the states that end or run an unknown step.
  private static func canEnd(_ instance: FlowActivation, flags: [Flags]) -> [Bool] {
    var result = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    for state in instance.reachedStates where !flags[Int(state)].isDisjoint(with: [.end, .unknown])
    {
      result[Int(state)] = true
      pending.append(state)
    }
    func visit(_ state: Int32) {
      guard !result[Int(state)] else { return }
      result[Int(state)] = true
      pending.append(state)
    }
    while let state = pending.popLast() {
      for predecessor in instance.intraPredecessors[Int(state)] { visit(predecessor) }
      for caller in instance.callers[Int(state)] { visit(caller.state) }
      for predecessor in instance.resetPredecessors[Int(state)] { visit(predecessor) }
    }
    return result
  }
}

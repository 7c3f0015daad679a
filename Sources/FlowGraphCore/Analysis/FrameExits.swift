/// What can leave a frame (docs/analysis.md, "exits"): for each reached local
/// state, whether the activation can end, whether a transition that did not
/// compile can run, whether a `root` can run, and which escapes can leave the
/// frame towards the frames below — counting everything its later states and
/// the frames it pushes or presents can do.
///
/// A least fixpoint over `intra` edges (the frame goes on) and `call` edges
/// (an escape of the called frame is caught by the caller or passed on, by
/// the rules of SPEC §2.4), by a worklist: each state's flags only grow, so
/// the work is O(edges × kinds of exits). The `pop: S` targets that leave a
/// frame are computed on demand, only for the few states that need them (the
/// trap candidates), by the same fixpoint restricted to what the state reaches.
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
  private let instance: FlowActivation
  /// Whether each state can reach the activation's end or an unknown step
  /// through its own frame, frames above it, and `root` (which resets the
  /// activation; the states after it count too).
  private(set) var canEnd: [Bool]

  /// The exits of `instance` in one of its `contexts`: an end counts only
  /// where it is possible (its parent's handler is), and a child start that
  /// cannot end there counts as ``CallContexts/deadEndExits(child:via:at:in:_:)``.
  /// (`contexts` is borrowed: a copy would retain every table it holds.)
  init(_ instance: FlowActivation, context: CallContext, contexts: borrowing CallContexts) {
    self.instance = instance
    instance.loadListsIntoCaches()
    flags = Array(repeating: [], count: instance.stateCount)
    canEnd = Array(repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    pending.reserveCapacity(instance.reachedStates.count)
    var queued = [Bool](repeating: false, count: instance.stateCount)
    let effects = instance.effects
    let intraPredecessors = instance.intraPredecessors
    let callers = instance.callers
    // Edges a child start that cannot end would add (target → sources).
    var hypothetical: [Int32: [(source: Int32, call: Bool)]] = [:]
    var hypotheticalResets: [Int32: [Int32]] = [:]
    for state in instance.reachedStates {
      var direct: Flags = []
      var position = effects.first(Int(state))
      while position >= 0 {
        let (effect, next) = effects.entry(position)
        position = next
        switch effect {
        case .end(let key): if context.accepts(Int(key)) { direct.insert(.end) }
        case .unknown: direct.insert(.unknown)
        case .reset: direct.insert(.reset)
        case .escape(.pop): direct.insert(.pop)
        case .escape(.popToRoot): direct.insert(.popToRoot)
        case .escape(.closeLayer): direct.insert(.closeLayer)
        case .escape(.layerClosed): direct.insert(.layerClosed)
        case .escape(.popTo): break
        case .child(let child, let via):
          let exits = contexts.deadEndExits(
            child: child, via: via, at: Int(state), in: instance, context)
          direct.formUnion(exits.flags)
          for target in exits.intra + exits.calls {
            // (Escapes to a screen below are not followed along these
            // edges: where the target can make one, silence.)
            if !popTargets(of: target).isEmpty { direct.insert(.unknown) }
          }
          for target in exits.intra { hypothetical[target, default: []].append((state, false)) }
          for target in exits.calls { hypothetical[target, default: []].append((state, true)) }
          for target in exits.resets { hypotheticalResets[target, default: []].append(state) }
        case .intra, .call:
          break
        }
      }
      flags[Int(state)] = direct
      pending.append(state)
      queued[Int(state)] = true
    }
    while let state = pending.popLast() {
      queued[Int(state)] = false
      let own = flags[Int(state)]
      func merge(_ more: Flags, into target: Int32) {
        guard !flags[Int(target)].isSuperset(of: more) else { return }
        flags[Int(target)].formUnion(more)
        if !queued[Int(target)] {
          queued[Int(target)] = true
          pending.append(target)
        }
      }
      var position = intraPredecessors.first(Int(state))
      while position >= 0 {
        let (predecessor, next) = intraPredecessors.entry(position)
        merge(own, into: predecessor)
        position = next
      }
      position = callers.first(Int(state))
      while position >= 0 {
        let (edge, next) = callers.entry(position)
        merge(Self.filter(own, from: Int(state), to: Int(edge.state)), into: edge.state)
        position = next
      }
      guard !hypothetical.isEmpty else { continue }
      for (source, call) in hypothetical[state] ?? [] {
        merge(call ? Self.filter(own, from: Int(state), to: Int(source)) : own, into: source)
      }
    }
    var extra = hypotheticalResets
    for (target, sources) in hypothetical {
      extra[target, default: []] += sources.map(\.source)
    }
    canEnd = Self.canEnd(instance, flags: flags, hypothetical: extra)
  }

  /// What of a called frame's exits leaves the caller's frame (SPEC §2.4).
  private static func filter(_ flags: Flags, from entry: Int, to caller: Int) -> Flags {
    var passed = flags.intersection([.end, .unknown, .reset])
    let callerKind = LocalState.kind(caller)
    guard !LocalState.kind(entry).isBottom else { return passed }  // A presented layer.
    if flags.contains(.popToRoot) && !callerKind.isBottom { passed.insert(.popToRoot) }
    if flags.contains(.closeLayer) {
      passed.insert(callerKind == .modalBottom ? .layerClosed : .closeLayer)
    }
    return passed
  }

  /// The most work (batches × states) the batched target computation may do.
  static let workBudget = 20_000_000

  /// The `pop: S` targets of each of `states` (see ``popTargets(of:)``): one
  /// by one when they are few, otherwise for the whole instance at once, 64
  /// targets at a time, with bit masks propagated by the same rules
  /// (O(edges × ⌈targets / 64⌉)); `nil` when that would exceed ``workBudget``
  /// (only in contrived graphs: the caller then judges nothing).
  func popTargets(of states: [Int32]) -> [[Int32]]? {
    guard states.count > 16 else { return states.map { popTargets(of: $0).sorted() } }
    var all: Set<Int32> = []
    for state in instance.reachedStates {
      for effect in instance.effects[Int(state)] {
        if case .escape(.popTo(let target)) = effect { all.insert(target) }
      }
    }
    let batches = (all.count + 63) / 64
    guard batches * instance.reachedStates.count <= Self.workBudget else { return nil }
    var result = [[Int32]](repeating: [], count: states.count)
    var remaining = all.sorted()[...]
    while !remaining.isEmpty {
      let batch = Array(remaining.prefix(64))
      remaining = remaining.dropFirst(batch.count)
      var bit = [Int: UInt64]()
      for (offset, target) in batch.enumerated() { bit[Int(target)] = 1 << UInt64(offset) }
      var masks = [UInt64](repeating: 0, count: instance.stateCount)
      var pending: [Int32] = []
      for state in instance.reachedStates {
        for effect in instance.effects[Int(state)] {
          if case .escape(.popTo(let target)) = effect, let b = bit[Int(target)] {
            masks[Int(state)] |= b
          }
        }
        if masks[Int(state)] != 0 { pending.append(state) }
      }
      while let current = pending.popLast() {
        let mask = masks[Int(current)]
        func merge(_ more: UInt64, into target: Int32) {
          guard more & ~masks[Int(target)] != 0 else { return }
          masks[Int(target)] |= more
          pending.append(target)
        }
        for predecessor in instance.intraPredecessors[Int(current)] {
          merge(mask, into: predecessor)
        }
        guard !LocalState.kind(Int(current)).isBottom else { continue }
        for caller in instance.callers[Int(current)]
        where !LocalState.kind(Int(caller.state)).isBottom {
          merge(mask & ~(bit[LocalState.screen(Int(caller.state))] ?? 0), into: caller.state)
        }
      }
      for (index, state) in states.enumerated() {
        for (offset, target) in batch.enumerated()
        where masks[Int(state)] & (1 << UInt64(offset)) != 0 {
          result[index].append(target)
        }
      }
    }
    return result
  }

  /// The `pop: S` targets (flow-local screens) that can leave the frame of
  /// `state`: an `S` escape passes a frame below that does not show `S`, is
  /// caught by one that does, and dies at the layer's first frame.
  func popTargets(of state: Int32) -> Set<Int32> {
    // The states `state` reaches through its own frame and the frames above it.
    var region: [Int32: Set<Int32>] = [state: []]
    var order: [Int32] = [state]
    var head = 0
    while head < order.count {
      let current = order[head]
      head += 1
      for effect in instance.effects[Int(current)] {
        switch effect {
        case .intra(let next, _), .call(let next, _):
          if region[next] == nil {
            region[next] = []
            order.append(next)
          }
        default:
          continue
        }
      }
    }
    var pending: [Int32] = []
    for current in order {
      for effect in instance.effects[Int(current)] {
        if case .escape(.popTo(let target)) = effect { region[current]!.insert(target) }
      }
      if !region[current]!.isEmpty { pending.append(current) }
    }
    while let current = pending.popLast() {
      let targets = region[current]!
      func merge(_ more: Set<Int32>, into target: Int32) {
        guard !more.isEmpty, let known = region[target], !known.isSuperset(of: more) else {
          return
        }
        region[target]!.formUnion(more)
        pending.append(target)
      }
      for predecessor in instance.intraPredecessors[Int(current)] {
        merge(targets, into: predecessor)
      }
      // A frame pushed on a frame of the same layer: the caller catches its own screen.
      guard !LocalState.kind(Int(current)).isBottom else { continue }
      for caller in instance.callers[Int(current)]
      where !LocalState.kind(Int(caller.state)).isBottom {
        merge(
          targets.subtracting([Int32(LocalState.screen(Int(caller.state)))]), into: caller.state)
      }
    }
    return region[state]!
  }

  /// Backward reachability from the states that end or run an unknown step.
  private static func canEnd(
    _ instance: FlowActivation, flags: [Flags], hypothetical: [Int32: [Int32]]
  ) -> [Bool] {
    var result = [Bool](repeating: false, count: instance.stateCount)
    var pending: [Int32] = []
    pending.reserveCapacity(instance.reachedStates.count)
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
    let intraPredecessors = instance.intraPredecessors
    let callers = instance.callers
    let resetPredecessors = instance.resetPredecessors
    while let state = pending.popLast() {
      var position = intraPredecessors.first(Int(state))
      while position >= 0 {
        let (predecessor, next) = intraPredecessors.entry(position)
        visit(predecessor)
        position = next
      }
      position = callers.first(Int(state))
      while position >= 0 {
        let (caller, next) = callers.entry(position)
        visit(caller.state)
        position = next
      }
      position = resetPredecessors.first(Int(state))
      while position >= 0 {
        let (predecessor, next) = resetPredecessors.entry(position)
        visit(predecessor)
        position = next
      }
      guard !hypothetical.isEmpty else { continue }
      for source in hypothetical[state] ?? [] { visit(source) }
    }
    return result
  }
}

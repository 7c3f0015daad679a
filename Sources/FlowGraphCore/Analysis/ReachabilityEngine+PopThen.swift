/// What the fixpoint knows about pop-then-push transitions (SPEC §6.3).
struct PopThenLog {
  /// Every (transition, instance, state) a pop-then-push ran in.
  var attempts: [(transition: Int32, instance: Int32, state: Int32)] = []
  /// The (instance, resumed state, transition) continuations already taken.
  var taken: Set<[Int32]> = []
  /// The pop-then-push transitions that are possible in some run.
  var possible: Set<Int32> = []
}

extension ReachabilityEngine {
  /// A `push: S` or push-mode `start` with `popTo: X` at a local state: the
  /// pop goes back to the nearest frame showing X, at or below the top,
  /// within the activation's part of the layer (X's frame itself when it is
  /// on top), then the push or start runs from there (from the frame below X
  /// when inclusive pops X too, except that an inclusive push takes X's
  /// place, as `replace` does).
  ///
  /// X on top is settled here; X below is settled by ``resolvePopThens()``
  /// once the frames below are known, as a continuation at the frame that
  /// shows X. The frames above it are left by an escape to X.
  mutating func popThen(
    _ transition: Int32, _ target: PopTarget, in instance: FlowActivation, at state: Int
  ) {
    if LocalState.screen(state) == Int(target.screen) {
      resume(transition, target, in: instance, at: state)
      return
    }
    guard !LocalState.kind(state).isBottom else { return }
    add(.escape(.popTo(target.screen)), in: instance, at: state)
    popThenLog.attempts.append((transition, Int32(instance.id), Int32(state)))
  }

  /// Takes the continuations that the frames found so far make possible;
  /// whether any was new (then the fixpoint goes on).
  mutating func resolvePopThens() -> Bool {
    var progressed = false
    var index = 0
    while index < popThenLog.attempts.count {
      let (transition, instanceID, state) = popThenLog.attempts[index]
      index += 1
      guard let target = program.popTargets[transition] else { continue }
      let instance = instances[Int(instanceID)]
      for resumed in framesShowing(target.screen, below: Int(state), in: instance) {
        guard popThenLog.taken.insert([instanceID, Int32(resumed), transition]).inserted else {
          continue
        }
        progressed = true
        resume(transition, target, in: instance, at: resumed)
      }
    }
    return progressed
  }

  /// The pop is done and the frame showing X is on top at `state`: pushes or
  /// starts from there.
  private mutating func resume(
    _ transition: Int32, _ target: PopTarget, in instance: FlowActivation, at state: Int
  ) {
    switch program.transitions[Int(transition)].op {
    case .push(let screen):
      popThenLog.possible.insert(transition)
      if target.inclusive {
        replace(with: screen, in: instance, at: state, via: transition)
      } else {
        call(
          LocalState.make(screen, LocalState.kind(state).pushed), in: instance, from: state,
          via: transition)
      }
    case .start(let child, _, let mode):
      guard target.inclusive else {
        popThenLog.possible.insert(transition)
        startChild(Int(child), mode: mode, in: instance, at: state, via: transition)
        return
      }
      // X goes too: the child starts on the frame below X, which must be
      // this flow's (else no screen of the flow would be left in the layer).
      guard !LocalState.kind(state).isBottom else { return }
      add(.escape(.pop), in: instance, at: state)
      for below in callersOfFrame(of: state, in: instance) {
        popThenLog.possible.insert(transition)
        startChild(Int(child), mode: mode, in: instance, at: below, via: transition)
      }
    default:
      break
    }
  }

  /// The states of the nearest frames showing local screen `screen` below
  /// the frame at `state`, within the activation's part of its layer.
  private func framesShowing(_ screen: Int32, below state: Int, in instance: FlowActivation)
    -> [Int]
  {
    var found: [Int] = []
    var seen: Set<Int> = [state]
    var pending = [state]
    while let current = pending.popLast() {
      for caller in callersOfFrame(of: current, in: instance) where seen.insert(caller).inserted {
        if LocalState.screen(caller) == Int(screen) {
          found.append(caller)
        } else if !LocalState.kind(caller).isBottom {
          pending.append(caller)
        }
      }
    }
    return found
  }

  /// The states that pushed the frame of `state` within the same layer (none
  /// for a layer's or the flow's first frame): the callers of every state
  /// that leads to `state` inside its frame.
  private func callersOfFrame(of state: Int, in instance: FlowActivation) -> [Int] {
    guard !LocalState.kind(state).isBottom else { return [] }
    var callers: [Int] = []
    var seen: Set<Int> = [state]
    var pending = [state]
    while let current = pending.popLast() {
      for caller in instance.callers[current] where !callers.contains(Int(caller.state)) {
        callers.append(Int(caller.state))
      }
      for predecessor in instance.intraPredecessors[current]
      where seen.insert(Int(predecessor)).inserted {
        pending.append(Int(predecessor))
      }
    }
    return callers
  }
}

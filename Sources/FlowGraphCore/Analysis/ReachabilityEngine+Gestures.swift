/// Gesture handlers (docs/analysis.md, "gesture handlers"): a push-mode child
/// started in a modal layer whose first screen is dismissible can be ended by
/// the gesture on that layer; the layer closes and the child's `dismissed`
/// handler runs at the frame that presented the layer. The request travels
/// down the layer's frames to its first screen as an escape.
///
/// Tab re-selection works the same way (SPEC §6.1): a push-mode child that a
/// tab flow started in its tab's stack is ended by selecting the tab again,
/// which pops the stack to the tab's first screen, where the tab flow's
/// handler for the child's `dismissed` runs. That request travels down the
/// home layer's frames to the first one.
///
/// Keys: `handler << 2`, with bit 1 set for a re-selection; bit 0 set means
/// the layer closed and the handler runs at the presenter.
extension ReachabilityEngine {
  mutating func requestGesture(handler: Int32, in instance: Int, at state: Int) {
    switch LocalState.kind(state) {
    case .modalInner:
      addGestureEscape(handler << 2, in: instance, at: state)
    case .modalBottom:
      if isDismissible(state, in: instance) {
        addGestureEscape(handler << 2 | 1, in: instance, at: state)
      }
    case .homeBottom, .homeInner:
      break
    }
  }

  /// A push-mode child started at `state`, in the home layer of a tab flow.
  mutating func requestReselect(handler: Int32, in instance: Int, at state: Int) {
    switch LocalState.kind(state) {
    case .homeBottom: runHandler(handler, in: instance, at: state)
    case .homeInner: addGestureEscape(handler << 2 | 2, in: instance, at: state)
    case .modalBottom, .modalInner: break
    }
  }

  mutating func addGestureEscape(_ key: Int32, in instance: Int, at state: Int) {
    let flowInstance = instances[instance]
    guard flowInstance.gestureEscapes[Int32(state), default: []].insert(key).inserted else {
      return
    }
    workGesture(key, in: instance, at: state)
  }

  /// Passes a gesture escape to the frame's other states and to the frames below.
  mutating func propagateGesture(_ key: Int32, in instance: Int, from state: Int) {
    let flowInstance = instances[instance]
    for predecessor in flowInstance.intraPredecessors[state] {
      addGestureEscape(key, in: instance, at: Int(predecessor))
    }
    for caller in flowInstance.callers[state] {
      deliverGesture(key, in: instance, to: Int(caller.state))
    }
  }

  /// A gesture escape leaves a frame and reaches the frame below it.
  mutating func deliverGesture(_ key: Int32, in instance: Int, to caller: Int) {
    if key & 1 == 1 {
      runHandler(key >> 2, in: instance, at: caller)
      return
    }
    if key & 2 == 2 {
      // A re-selection: it stops at the tab's first screen.
      requestReselect(handler: key >> 2, in: instance, at: caller)
      return
    }
    switch LocalState.kind(caller) {
    case .modalInner:
      addGestureEscape(key, in: instance, at: caller)
    case .modalBottom:
      if isDismissible(caller, in: instance) {
        addGestureEscape(key | 1, in: instance, at: caller)
      }
    case .homeBottom, .homeInner:
      break
    }
  }

  private func isDismissible(_ state: Int, in instance: Int) -> Bool {
    program.isDismissible(LocalState.screen(state), of: instances[instance].flow)
  }
}

/// Gesture handlers (docs/analysis.md, "gesture handlers"): a push-mode child
/// started in a modal layer whose first screen is dismissible can be ended by
/// the gesture on that layer; the layer closes and the child's `dismissed`
/// handler runs at the frame that presented the layer. The request travels
/// down the layer's frames to its first screen as an escape.
///
/// Keys: `handler << 1` is a request on its way down; `handler << 1 | 1`
/// means the layer closed and the handler runs at the presenter.
extension ReachabilityEngine {
  mutating func requestGesture(handler: Int32, in instance: Int, at state: Int) {
    switch LocalState.kind(state) {
    case .modalInner:
      addGestureEscape(handler << 1, in: instance, at: state)
    case .modalBottom:
      if isDismissible(state, in: instance) {
        addGestureEscape(handler << 1 | 1, in: instance, at: state)
      }
    case .homeBottom, .homeInner:
      break
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
      runHandler(key >> 1, in: instance, at: caller)
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

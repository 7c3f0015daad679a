/// The runner's navigator in a box the runner refers to unretained while it
/// delivers a step: the navigator is an immutable field of an object that
/// outlives the call, so calling it costs no reference counting.
final class NavigatorHandle {
  /// The navigator.
  let navigator: any Navigator

  init(_ navigator: any Navigator) {
    self.navigator = navigator
  }
}

extension FlowRunner {
  /// Tells the navigator one change.
  @inline(__always)
  func tell(_ change: NavigationChange) {
    fastNavigator?._withUnsafeGuaranteedRef { $0.navigator.apply(change) }
  }

  /// Calls the enter hooks of a shown screen.
  @inline(__always)
  func entered(_ screen: ScreenInstance) {
    enterHooks[screen.screen.index]._withUnsafeGuaranteedRef { $0.call(screen) }
  }

  /// Calls the exit hooks of a screen that went away.
  @inline(__always)
  func exited(_ screen: ScreenInstance) {
    exitHooks[screen.screen.index]._withUnsafeGuaranteedRef { $0.call(screen) }
  }

  /// Ends the delivery of a step's effects (events are accepted again) and
  /// lets go of the navigators replaced meanwhile.
  @inline(__always)
  func endDelivery() {
    delivering = false
    if !retiredNavigators.isEmpty { retiredNavigators.removeAll() }
  }

  /// Boxes a new navigator. A box replaced while a step is delivered may
  /// still be running (the navigator replaced itself): it is kept until the
  /// delivery ends.
  func navigatorChanged() {
    if delivering, let old = navigatorHandle { retiredNavigators.append(old) }
    navigatorHandle = navigator.map(NavigatorHandle.init)
    fastNavigator = navigatorHandle.map(Unmanaged.passUnretained)
  }
}

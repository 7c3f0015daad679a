#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FlowRunner {
  /// The committed state as JSON (``FlowState/encoded(for:prettyPrinted:)``).
  /// While a task runs, this is the state before the event being handled.
  public func saveState(prettyPrinted: Bool = false) throws -> Data {
    try state.encoded(for: graph, prettyPrinted: prettyPrinted)
  }

  /// Replaces the state with a saved one. The navigator is told to rebuild
  /// the UI: every shown layer is dismissed, then each layer of the restored
  /// state is presented and its screens pushed (a tab bar's layer is shown
  /// with ``TabsChange/shown(_:)``, every tab's stack and the selected tab,
  /// as when a step first showed it). No lifecycle hook runs (the
  /// screens and flows are not new). Throws, with the state unchanged, when
  /// the data cannot be restored or a step is running.
  ///
  /// The default policy, ``RestorePolicy/compatible``, accepts a state saved
  /// with an earlier version of the graph (an app update) as long as
  /// everything it uses still fits; pass ``RestorePolicy/sameGraph`` to
  /// accept only the very graph it was saved with.
  public func restoreState(
    _ data: Data, policy: RestorePolicy = .compatible,
    isolation: isolated (any Actor)? = #isolation
  ) throws(RestorationError) {
    core.isolation.check(isolation, "restoreState")
    if isBusy { throw .busy }
    let restored = try FlowState.decoded(from: data, for: graph, policy: policy)
    let previous = state.layers.count
    replaceState(with: restored)
    guard let navigator else { return }
    if previous > 0 { navigator.apply(.dismiss(count: previous)) }
    replay(to: navigator)
  }

  /// Makes `navigator` the runner's navigator and tells it the current
  /// state: `present` of each layer's first screen, then `push` of the
  /// others, and a tab bar's layer with ``TabsChange/shown(_:)`` (no
  /// lifecycle hook runs). Use it to attach a navigator to a
  /// started run, or again after the UI was rebuilt (a navigator that still
  /// shows screens should forget them first, like
  /// ``NavigationMirror/removeAll()``). The navigator attached before, if
  /// any, is told nothing.
  public func attach(
    _ navigator: any Navigator, isolation: isolated (any Actor)? = #isolation
  ) throws(RuntimeError) {
    core.isolation.check(isolation, "attach")
    if isBusy { throw .busy(task: nil) }
    self.navigator = navigator
    replay(to: navigator)
  }

  /// Tells `navigator` every layer of the state, bottom first: a tabs layer
  /// as a step shows a tab bar (``TabsChange/shown(_:)`` opening a layer,
  /// with its tabs, every stack and the selected tab), any other layer as a
  /// `present` of its first screen and a `push` of each other one.
  private func replay(to navigator: any Navigator) {
    for (index, layer) in state.layers.enumerated() {
      if let shown = engine.tabsShown(layer: index, in: state, opensLayer: true) {
        navigator.apply(.tabs(.shown(shown)))
        continue
      }
      let screens = layer.screens
      navigator.apply(.present(screens[0]))
      for screen in screens.dropFirst() { navigator.apply(.push(screen)) }
    }
  }
}

import Foundation

extension FlowRunner {
  /// The committed state as JSON (``FlowState/encoded(for:prettyPrinted:)``).
  /// While a task runs, this is the state before the event being handled.
  public func saveState(prettyPrinted: Bool = false) throws -> Data {
    try state.encoded(for: graph, prettyPrinted: prettyPrinted)
  }

  /// Replaces the state with a saved one. The navigator is told to rebuild
  /// the UI: every shown layer is dismissed, then each layer of the restored
  /// state is presented and its screens pushed. No lifecycle hook runs (the
  /// screens and flows are not new). Throws, with the state unchanged, when
  /// the data cannot be restored or a step is running.
  public func restoreState(_ data: Data, policy: RestorePolicy = .sameGraph) throws {
    if isBusy { throw RuntimeError.busy(task: nil) }
    let restored = try FlowState.decoded(from: data, for: graph, policy: policy)
    let previous = state.layers.count
    replaceState(with: restored)
    guard let navigator else { return }
    if previous > 0 { navigator.apply(.dismiss(count: previous)) }
    for layer in restored.layers {
      let screens = layer.screens
      navigator.apply(.present(screens[0]))
      for screen in screens.dropFirst() { navigator.apply(.push(screen)) }
    }
  }
}

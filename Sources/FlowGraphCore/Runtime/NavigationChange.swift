/// One change to what the user sees, in the order the runtime makes them, so
/// that a UIKit or SwiftUI app can mirror them one to one.
///
/// Every change acts on the top layer's (selected) stack as it is after the
/// changes before it. Layers are a stack too: the first ``present(_:)`` of a
/// run opens the base layer (the app's root), and ending the root flow
/// dismisses every layer, the base one included.
public enum NavigationChange: Hashable, Sendable {
  /// Push a screen onto the top layer's stack.
  case push(ScreenInstance)
  /// Pop `count` screens off the top layer's stack.
  case pop(count: Int)
  /// Replace the top layer's top screen.
  case replace(ScreenInstance)
  /// The top layer's stack becomes its first `keeping` screens followed by
  /// `screen` (a flow's `root:`, where `keeping` is 0 when the flow's first
  /// screen was the layer's first; and a `push` or push-mode `start` with
  /// `popTo`, which pops and pushes as this one change).
  case setRoot(ScreenInstance, keeping: Int)
  /// Open a new layer on top whose stack is `[screen]` (a modal; the base
  /// layer when there is none yet).
  case present(ScreenInstance)
  /// Close the top `count` layers.
  case dismiss(count: Int)
  /// A change to a tab bar (SPEC §6.1). One case for all of them, so that a
  /// navigator written before tabs needs one more `case` only.
  case tabs(TabsChange)
}

/// A change to a tab bar (SPEC §6.1): a `UITabBarController` or SwiftUI
/// `TabView` mirror needs these besides the stack changes, which act on the
/// selected tab's stack of the top layer when that layer is a tab bar.
public enum TabsChange: Hashable, Sendable {
  /// A tab bar is shown, in a new layer on top or as the top layer (a
  /// `root` to a tabs screen); each of its stacks holds a tab's screens.
  case shown(TabsShown)
  /// The top layer's selected tab becomes tab `index` (every stack is kept).
  case selected(Int)
  /// Tab `tab` of layer `layer` (a tab bar) now holds `screens`: its flow
  /// started again after it ended.
  case stackReset(layer: Int, tab: Int, screens: [ScreenInstance])
  /// The top layer's tab bar is gone: the tabs screen's flow did `root` to
  /// a screen that is not a tabs screen, and the layer is now a plain stack
  /// holding only `screen`. (A `setRoot` always acts on a stack: in a tab
  /// bar, the selected tab's.)
  case replaced(by: ScreenInstance)
}

/// Mirrors the runtime's navigation in an app's UI: receives each change, in
/// order, after the step that made it has been committed.
///
/// The runner calls it on the caller's isolation (for example the main actor
/// when events are sent from UI code). See docs/embedding.md for a
/// `UINavigationController` and a SwiftUI `NavigationStack` version.
public protocol Navigator: AnyObject {
  /// Applies one change.
  func apply(_ change: NavigationChange)
}

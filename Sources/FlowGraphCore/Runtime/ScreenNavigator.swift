/// A ``Navigator`` of typed screens: the navigator protocol of the API that
/// `flowgraph generate swift` writes (`LoginApp.Navigator` is
/// `ScreenNavigator` with `Screen` being `LoginApp.Screen`), so that a
/// navigator builds its views with an exhaustive `switch` over the screens.
///
/// It is declared here, in a module with no default isolation, so that it
/// behaves as ``Navigator`` does whatever the app module's default isolation:
/// a main-actor class conforms with `extension MyNavigator: @MainActor …`.
public protocol ScreenNavigator<Screen>: AnyObject {
  /// The typed screens.
  associatedtype Screen
  /// Applies one change.
  func apply(_ change: ScreenChange<Screen>)
}

/// A ``NavigationChange`` with typed screens, in the same order and with the
/// same meaning.
public enum ScreenChange<Screen> {
  /// Push a screen onto the top layer's stack.
  case push(Screen)
  /// Pop `count` screens off the top layer's stack.
  case pop(count: Int)
  /// Replace the top layer's top screen.
  case replace(Screen)
  /// The top layer's stack becomes its first `keeping` screens, then `screen`.
  case setRoot(Screen, keeping: Int)
  /// Open a new layer on top whose stack is `[screen]` (the base layer when
  /// there is none yet).
  case present(Screen)
  /// Close the top `count` layers.
  case dismiss(count: Int)
  /// A change to a tab bar (SPEC §6.1), with the runtime's screen instances
  /// (one case, so that a navigator written before tabs needs one more `case`).
  case tabs(TabsChange)

  /// `change` with each screen instance made typed by `screen`.
  public init(_ change: NavigationChange, screen: (ScreenInstance) -> Screen) {
    switch change {
    case .push(let instance): self = .push(screen(instance))
    case .pop(let count): self = .pop(count: count)
    case .replace(let instance): self = .replace(screen(instance))
    case .setRoot(let instance, let keeping): self = .setRoot(screen(instance), keeping: keeping)
    case .present(let instance): self = .present(screen(instance))
    case .dismiss(let count): self = .dismiss(count: count)
    case .tabs(let change): self = .tabs(change)
    }
  }
}

extension ScreenChange: Equatable where Screen: Equatable {}
extension ScreenChange: Hashable where Screen: Hashable {}
extension ScreenChange: Sendable where Screen: Sendable {}

/// Tells a ``ScreenNavigator`` each change a runner's ``Navigator`` is told,
/// with typed screens.
public final class ScreenNavigatorAdapter<Screen>: Navigator {
  /// The typed navigator (held strongly).
  public let target: any ScreenNavigator<Screen>
  private let screen: (ScreenInstance) -> Screen

  /// Creates an adapter that makes screen instances typed with `screen`.
  public init(
    _ target: any ScreenNavigator<Screen>, screen: @escaping (ScreenInstance) -> Screen
  ) {
    self.target = target
    self.screen = screen
  }

  public func apply(_ change: NavigationChange) {
    target.apply(ScreenChange(change, screen: screen))
  }
}

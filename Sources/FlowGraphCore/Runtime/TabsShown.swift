/// What a navigator needs to show a tab bar (SPEC §6.1): the tabs screen, its
/// tabs' names, each tab's stack and the selected tab.
public struct TabsShown: Hashable, Sendable {
  /// The tabs screen (the container: a `UITabBarController` or a `TabView`).
  public var screen: ScreenInstance
  /// The tabs' names, in declared order.
  public var names: [String]
  /// Each tab's stack, bottom to top, in tab order.
  public var stacks: [[ScreenInstance]]
  /// The index of the selected tab.
  public var selected: Int
  /// Whether a new layer opens on top for the tab bar (`present`, a run's
  /// first screen, a `mode: present` start); otherwise the top layer becomes
  /// the tab bar (a `root` to the tabs screen).
  public var opensLayer: Bool

  /// Creates the description of a shown tab bar.
  public init(
    screen: ScreenInstance, names: [String], stacks: [[ScreenInstance]], selected: Int,
    opensLayer: Bool
  ) {
    self.screen = screen
    self.names = names
    self.stacks = stacks
    self.selected = selected
    self.opensLayer = opensLayer
  }
}

/// A stack of shown screens, bottom first.
public struct ScreenStack: Hashable, Sendable {
  /// The screens, bottom to top.
  public var screens: [ScreenInstance]

  /// Creates a stack.
  public init(_ screens: [ScreenInstance] = []) {
    self.screens = screens
  }
}

/// A modal layer: the base layer (index 0) or one opened by `present`. A
/// layer holds one stack; a tabs layer (SPEC §6.1) holds one per tab, with
/// ``selected`` the tab that back and pops act in, and its ``tabsScreen``.
public struct Layer: Hashable, Sendable {
  /// The live flow that opened the layer (with `present`, or as the run's
  /// root flow for the base layer); closing it is that flow's business.
  public var owner: FlowInstanceID
  /// The layer's stacks (one in DSL v1).
  public var stacks: [ScreenStack]
  /// The index of the stack that events act on.
  public var selected: Int
  /// In a tabs layer, the tabs screen: the container whose tabs the stacks
  /// are, in declared order; `nil` for a layer with one stack.
  public var tabsScreen: ScreenInstance?

  /// Creates a layer with one stack.
  public init(owner: FlowInstanceID, screens: [ScreenInstance]) {
    self.owner = owner
    self.stacks = [ScreenStack(screens)]
    self.selected = 0
  }

  /// Creates a layer with several stacks (a tabs layer with its tabs screen).
  public init(
    owner: FlowInstanceID, stacks: [ScreenStack], selected: Int,
    tabsScreen: ScreenInstance? = nil
  ) {
    self.owner = owner
    self.stacks = stacks
    self.selected = selected
    self.tabsScreen = tabsScreen
  }

  /// The screens of the selected stack, bottom to top.
  public var screens: [ScreenInstance] {
    get { stacks[selected].screens }
    _modify { yield &stacks[selected].screens }
  }

  /// Every screen of every stack.
  var allScreens: some Sequence<ScreenInstance> { stacks.lazy.flatMap(\.screens) }
}

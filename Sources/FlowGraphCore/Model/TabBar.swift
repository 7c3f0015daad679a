/// A tab of a tabs screen (SPEC §6.1): a name, the flow it runs, and what the
/// tabs screen does when that flow ends.
public struct Tab: Hashable, Sendable {
  /// The tab's name, unique within its tabs screen.
  public var name: String
  /// The tab flow: started when the tabs screen is shown, and again after it ends.
  public var flow: FlowID
  /// Free text for the tab bar item.
  public var title: String?
  /// The tab flow's input, bound by `with`, then by name from the tabs
  /// screen's params, then from the owner flow's input.
  public var arguments: [Argument]
  /// What runs when the tab flow ends, with the tabs screen as the current
  /// screen: the tab's own `on` handler, else the screen's `on` handler,
  /// else `stay`.
  public var handlers: Transition.ResultHandlers
  /// The tab's name key.
  public var span: SourceSpan?

  /// Creates a tab.
  public init(
    name: String, flow: FlowID, title: String? = nil, arguments: [Argument] = [],
    handlers: Transition.ResultHandlers, span: SourceSpan? = nil
  ) {
    self.name = name
    self.flow = flow
    self.title = title
    self.arguments = arguments
    self.handlers = handlers
    self.span = span
  }
}

/// What makes a screen a tabs screen (SPEC §6.1): its tabs, in declared
/// order, and the one shown first. A tabs screen is the first and only
/// screen of its layer's base, which holds one stack per tab.
public struct TabBar: Hashable, Sendable {
  /// The tabs, in declared order (at least two in a graph without errors).
  public var tabs: [Tab]
  /// The index of the tab shown when the tabs screen is shown (`selected`,
  /// else the first).
  public var selected: Int

  /// Creates a tab bar.
  public init(tabs: [Tab], selected: Int = 0) {
    self.tabs = tabs
    self.selected = selected
  }

  /// The index of the tab named `name`.
  public func index(of name: String) -> Int? {
    tabs.firstIndex { $0.name == name }
  }
}

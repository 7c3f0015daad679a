import FlowGraphCore

/// A screen as written (SPEC §2.3).
///
/// What other screens need (name, params, deep link…) is decoded with the
/// file; the `actions` and `back` values are kept as nodes and decoded
/// (``SyntaxDecoder/action(_:_:isIndentedScreen:)``) when the compiler reaches the screen, so
/// that the action syntax of a large file is never all in memory at once.
struct ScreenSyntax: Sendable {
  /// What `back` says.
  enum Back: Sendable {
    /// `back: true` or no `back`: pop.
    case pop
    /// `back: false`.
    case disabled
    /// A transition that runs instead of the pop.
    case custom(TransitionSyntax)
  }

  /// The screen's name key.
  var name: SyntaxName
  /// From the name key to the end of the value.
  var extent: SyntaxRange
  var title: String?
  var description: String?
  var params: [ParameterSyntax] = []
  /// The `actions` value, decoded on demand.
  var actionsNode: YAMLNode?
  /// The `back` value, decoded on demand.
  var backNode: YAMLNode?
  /// The `actions` values that are screens indented into the actions (their
  /// node indices, found while decoding): each compiles to a finding, not
  /// an action.
  var indentedScreenValues: [Int32] = []
  var dismissible = true
  /// The pattern and its scalar.
  var deeplink: SyntaxName?
  /// The `suppress` list's rules.
  var suppress: [RuleID] = []
  /// The misspelled keys: each may hold actions or `back`, so the screen gets
  /// a transition that did not compile in their place.
  var unknownKeys: [SyntaxName] = []
  /// Whether a misspelled key holds a map (it may hold the screen's params).
  var mayMissParams = false
  /// `tabs`, `selected` and `on` (SPEC §6.1); `nil` for a screen without `tabs`.
  var tabBar: TabBarSyntax? {
    get { tabBarBox?.value }
    set { tabBarBox = newValue.map(TabBarBox.init) }
  }
  /// ``tabBar``, out of line: few screens have tabs, and inline it would
  /// make every screen's syntax a third larger (a large file's screens are
  /// all decoded before the first is compiled).
  private var tabBarBox: TabBarBox?

  /// A screen named `name`, with nothing decoded yet.
  init(name: SyntaxName, extent: SyntaxRange) {
    self.name = name
    self.extent = extent
  }
}

/// A screen's ``TabBarSyntax``, boxed (``ScreenSyntax/tabBar``): immutable,
/// so that copies of the screen never share a change.
final class TabBarBox: Sendable {
  let value: TabBarSyntax

  init(_ value: TabBarSyntax) {
    self.value = value
  }
}

/// An action as written: its name, its payload and its transition.
struct ActionSyntax: Sendable {
  /// The action's name key.
  var name: SyntaxName
  /// The payload the screen sends (`params` on the action's value).
  var params: [ParameterSyntax]
  /// What it does.
  var transition: TransitionSyntax
}

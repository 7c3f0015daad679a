import FlowGraphCore

/// A screen as written (SPEC §2.3).
///
/// A flow's screens are decoded when the compiler reaches the flow
/// (``SyntaxDecoder/screens(of:)``), and each screen's `actions` and `back`
/// values are kept as nodes and decoded
/// (``SyntaxDecoder/action(_:_:isIndentedScreen:)``) when the compiler
/// reaches the screen, so that the screen and action syntax of a large file
/// is never all in memory at once.
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
  var dismissible = true
  /// Whether a misspelled key holds a map (it may hold the screen's params).
  var mayMissParams = false
  var title: String?
  var params: [ParameterSyntax] = []
  /// The `actions` value, decoded on demand.
  var actionsNode: YAMLNode?
  /// The `back` value, decoded on demand.
  var backNode: YAMLNode?
  /// What few screens have, out of line (``RareFields``): inline these would
  /// make every screen's syntax nearly twice as large.
  private var rare: RareFieldsBox?

  /// What few screens have: kept out of line by ``ScreenSyntax``.
  struct RareFields: Sendable {
    var description: String?
    var deeplink: SyntaxName?
    var suppress: [RuleID] = []
    var unknownKeys: [SyntaxName] = []
    var indentedScreenValues: [Int32] = []
    /// Boxed again: fewer screens still have tabs, and inline a tab bar
    /// would double the size of every box.
    var tabBar: TabBarBox?
  }

  /// Changes the out-of-line fields (a new box: copies never share a change).
  private mutating func changeRare(_ change: (inout RareFields) -> Void) {
    var fields = rare?.value ?? RareFields()
    change(&fields)
    rare = RareFieldsBox(fields)
  }

  var description: String? {
    get { rare?.value.description }
    set { changeRare { $0.description = newValue } }
  }
  /// The pattern and its scalar.
  var deeplink: SyntaxName? {
    get { rare?.value.deeplink }
    set { changeRare { $0.deeplink = newValue } }
  }
  /// The `suppress` list's rules.
  var suppress: [RuleID] {
    get { rare?.value.suppress ?? [] }
    set { changeRare { $0.suppress = newValue } }
  }
  /// The misspelled keys: each may hold actions or `back`, so the screen gets
  /// a transition that did not compile in their place.
  var unknownKeys: [SyntaxName] {
    get { rare?.value.unknownKeys ?? [] }
    set { changeRare { $0.unknownKeys = newValue } }
  }
  /// The `actions` values that are screens indented into the actions (their
  /// node indices, found while decoding): each compiles to a finding, not
  /// an action.
  var indentedScreenValues: [Int32] {
    get { rare?.value.indentedScreenValues ?? [] }
    set { changeRare { $0.indentedScreenValues = newValue } }
  }
  /// `tabs`, `selected` and `on` (SPEC §6.1); `nil` for a screen without `tabs`.
  var tabBar: TabBarSyntax? {
    get { rare?.value.tabBar?.value }
    set { changeRare { $0.tabBar = newValue.map(TabBarBox.init) } }
  }

  /// A screen named `name`, with nothing decoded yet.
  init(name: SyntaxName, extent: SyntaxRange) {
    self.name = name
    self.extent = extent
  }
}

/// A screen's ``ScreenSyntax/RareFields``, boxed: immutable, so that copies
/// of the screen never share a change.
final class RareFieldsBox: Sendable {
  let value: ScreenSyntax.RareFields

  init(_ value: ScreenSyntax.RareFields) {
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

/// A screen's ``TabBarSyntax``, boxed (``ScreenSyntax/RareFields/tabBar``):
/// immutable, so that copies of the screen never share a change.
final class TabBarBox: Sendable {
  let value: TabBarSyntax

  init(_ value: TabBarSyntax) {
    self.value = value
  }
}

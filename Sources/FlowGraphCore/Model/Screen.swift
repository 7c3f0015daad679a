/// A user action on a screen and the transition it triggers.
public struct Action: Hashable, Sendable {
  /// The action's name (what the user did: `loginButtonPressed`).
  public var name: String
  /// The payload the screen sends with the action.
  public var params: [Parameter]
  /// What the action does.
  public var transition: Transition
  /// The action's name key.
  public var span: SourceSpan?

  /// Creates an action.
  public init(
    name: String, params: [Parameter] = [], transition: Transition, span: SourceSpan? = nil
  ) {
    self.name = name
    self.params = params
    self.transition = transition
    self.span = span
  }
}

/// What the system back button / edge swipe does on a screen that has a screen
/// below it in its layer.
public enum BackBehavior: Hashable, Sendable {
  /// Pop the screen (the default, `back: true`).
  case pop
  /// Back is disabled (`back: false`).
  case disabled
  /// This transition runs instead of the pop.
  indirect case custom(Transition)
}

/// A screen of a flow (SPEC §2.3).
public struct Screen: Hashable, Sendable {
  /// The screen's name, unique within its flow.
  public var name: String
  /// The flow the screen belongs to.
  public var flow: FlowID
  // (Declared beside `flow`: the two share 8 bytes of the record.)
  /// Whether the dismiss gesture may close the layer while this screen is its
  /// first screen.
  public var dismissible: Bool
  /// Free text shown by `run` and in exports.
  public var title: String?
  /// Free text.
  public var description: String?
  /// What the screen is shown with.
  public var params: [Parameter]
  /// The screen's actions, in file order.
  public var actions: [Action]
  /// What system back does.
  public var back: BackBehavior
  /// The deep-link pattern, such as `/posts/{postId}`.
  public var deeplink: String?
  /// The `deeplink` value's scalar (where `unroutable-deeplink` points).
  public var deeplinkSpan: SourceSpan?
  /// The screen's name key.
  public var span: SourceSpan?
  /// From the name key to the end of the screen's value: the region a screen's
  /// `suppress` covers.
  public var extentSpan: SourceSpan?
  /// The tabs of a tabs screen (SPEC §6.1); `nil` for an ordinary screen. A
  /// tabs screen has no actions and no back.
  public var tabBar: TabBar?

  /// Creates a screen.
  public init(
    name: String,
    flow: FlowID,
    title: String? = nil,
    description: String? = nil,
    params: [Parameter] = [],
    actions: [Action] = [],
    back: BackBehavior = .pop,
    dismissible: Bool = true,
    deeplink: String? = nil,
    span: SourceSpan? = nil,
    extentSpan: SourceSpan? = nil,
    tabBar: TabBar? = nil,
    deeplinkSpan: SourceSpan? = nil
  ) {
    self.name = name
    self.flow = flow
    self.title = title
    self.description = description
    self.params = params
    self.actions = actions
    self.back = back
    self.dismissible = dismissible
    self.deeplink = deeplink
    self.span = span
    self.extentSpan = extentSpan
    self.tabBar = tabBar
    self.deeplinkSpan = deeplinkSpan
  }
}

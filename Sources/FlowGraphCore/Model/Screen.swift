/// A user action on a screen and the transition it triggers.
///
/// A handle into its graph's tables: reading it copies nothing.
public struct Action: Hashable, Sendable {
  let tables: GraphTables
  let index: UInt32

  init(tables: GraphTables, index: UInt32) {
    self.tables = tables
    self.index = index
  }

  @inline(__always)
  var record: ActionRecord { tables.actions[Int(index)] }

  /// The action's name (what the user did: `loginButtonPressed`).
  public var name: String {
    get {
      tables.name(record.name)
    }
    set { modify { $0.name = newValue } }
  }
  /// The payload the screen sends with the action.
  public var params: ParameterList {
    get {
      ParameterList(tables: tables, range: tables.params(of: record))
    }
    set { modify { $0.params = Array(newValue) } }
  }
  /// What the action does.
  public var transition: Transition {
    get {
      Transition(tables: tables, index: record.transition)
    }
    set { modify { $0.transition = TransitionValue(newValue) } }
  }
  /// The action's name key.
  public var span: SourceSpan? {
    get {
      let record = record
      return tables.span(record.span, if: record.flags.contains(.span))
    }
    set { modify { $0.span = newValue } }
  }

  /// Replaces the action with a changed copy of its own tables.
  private mutating func modify(_ change: (inout ActionValue) -> Void) {
    var value = ActionValue(self)
    change(&value)
    var writer = GraphTableWriter()
    writer.append(ScreenValue(name: "", flow: FlowID(0), actions: [value]))
    self = Action(tables: writer.finish(), index: 0)
  }

  /// Creates an action.
  public init(
    name: String, params: [Parameter] = [], transition: Transition, span: SourceSpan? = nil
  ) {
    let screen = ScreenValue(
      name: "", flow: FlowID(0),
      actions: [
        ActionValue(
          name: name, params: params, transition: TransitionValue(transition), span: span)
      ])
    var writer = GraphTableWriter()
    writer.append(screen)
    self.init(tables: writer.finish(), index: 0)
  }

  /// Two actions are equal when their names, payloads, transitions and spans
  /// are.
  public static func == (lhs: Action, rhs: Action) -> Bool {
    if lhs.tables === rhs.tables && lhs.index == rhs.index { return true }
    return lhs.name == rhs.name && lhs.span == rhs.span
      && lhs.params.elementsEqual(rhs.params) && lhs.transition == rhs.transition
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(span)
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
  case custom(Transition)
}

/// A screen of a flow (SPEC §2.3).
///
/// A handle into its graph's tables: reading it copies nothing. A screen
/// created with ``init(name:flow:title:description:params:actions:back:dismissible:deeplink:span:extentSpan:tabBar:deeplinkSpan:)``
/// has tables of its own, copied into the graph's when the graph is built.
public struct Screen: Hashable, Sendable {
  let tables: GraphTables
  let index: UInt32

  init(tables: GraphTables, index: UInt32) {
    self.tables = tables
    self.index = index
  }

  @inline(__always)
  var record: ScreenRecord { tables.screens[Int(index)] }

  /// The screen's name, unique within its flow.
  public var name: String {
    get {
      tables.name(record.name)
    }
    set { modify { $0.name = newValue } }
  }
  /// The flow the screen belongs to.
  public var flow: FlowID {
    get {
      record.flow
    }
    set { modify { $0.flow = newValue } }
  }
  /// Whether the dismiss gesture may close the layer while this screen is its
  /// first screen.
  public var dismissible: Bool {
    get {
      record.flags.contains(.first)
    }
    set { modify { $0.dismissible = newValue } }
  }
  /// Free text shown by `run` and in exports.
  public var title: String? {
    get {
      tables.optionalName(record.title)
    }
    set { modify { $0.title = newValue } }
  }
  /// Free text.
  public var description: String? {
    get {
      tables.optionalName(record.description)
    }
    set { modify { $0.description = newValue } }
  }
  /// What the screen is shown with.
  public var params: ParameterList {
    get {
      ParameterList(tables: tables, range: record.params)
    }
    set { modify { $0.params = Array(newValue) } }
  }
  /// The screen's actions, in file order.
  public var actions: ActionList {
    get {
      let range = tables.actions(ofScreen: Int(index))
      return ActionList(tables: tables, start: range.start, count: range.count)
    }
    set { modify { $0.actions = newValue.map { ActionValue($0) } } }
  }
  /// What system back does.
  public var back: BackBehavior {
    get {
      let record = record
      switch record.backKind {
      case 0: return .pop
      case 1: return .disabled
      default: return .custom(Transition(tables: tables, index: tables.customBack(of: record)))
      }
    }
    set { modify { $0.back = BackValue(newValue) } }
  }
  /// The deep-link pattern, such as `/posts/{postId}`.
  public var deeplink: String? {
    get {
      tables.optionalName(record.deeplink)
    }
    set { modify { $0.deeplink = newValue } }
  }
  /// The `deeplink` value's scalar (where `unroutable-deeplink` points).
  public var deeplinkSpan: SourceSpan? {
    get {
      let record = record
      return tables.span(record.deeplinkSpan, if: record.flags.contains(.thirdSpan))
    }
    set { modify { $0.deeplinkSpan = newValue } }
  }
  /// The screen's name key.
  public var span: SourceSpan? {
    get {
      let record = record
      return tables.span(record.span, if: record.flags.contains(.span))
    }
    set { modify { $0.span = newValue } }
  }
  /// From the name key to the end of the screen's value: the region a screen's
  /// `suppress` covers.
  public var extentSpan: SourceSpan? {
    get {
      let record = record
      return tables.span(record.extentSpan, if: record.flags.contains(.secondSpan))
    }
    set { modify { $0.extentSpan = newValue } }
  }
  /// The tabs of a tabs screen (SPEC §6.1); `nil` for an ordinary screen. A
  /// tabs screen has no actions and no back.
  public var tabBar: TabBar? {
    get {
      let bar = tables.tabBar(of: record)
      return bar == noIndex ? nil : tables.tabBars[Int(bar)]
    }
    set { modify { $0.tabBar = newValue } }
  }

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
    let back = BackValue(back)
    self.init(
      ScreenValue(
        name: name, flow: flow, title: title, description: description, params: params,
        actions: actions.map { ActionValue($0) }, back: back, dismissible: dismissible,
        deeplink: deeplink, span: span, extentSpan: extentSpan, tabBar: tabBar,
        deeplinkSpan: deeplinkSpan))
  }

  /// Replaces the screen with a changed copy of its own tables.
  private mutating func modify(_ change: (inout ScreenValue) -> Void) {
    var value = ScreenValue(self)
    change(&value)
    self = Self(value)
  }

  /// A screen of its own tables, from a value.
  package init(_ value: ScreenValue) {
    var writer = GraphTableWriter()
    writer.append(value)
    self.init(tables: writer.finish(), index: 0)
  }

  /// Two screens are equal when everything they say is: names, flow, texts,
  /// params, actions, back, deep link, tabs and spans.
  public static func == (lhs: Screen, rhs: Screen) -> Bool {
    if lhs.tables === rhs.tables && lhs.index == rhs.index { return true }
    let left = lhs.record
    let right = rhs.record
    return left.flow == right.flow && left.flags == right.flags
      && left.backKind == right.backKind && lhs.name == rhs.name && lhs.title == rhs.title
      && lhs.description == rhs.description && lhs.deeplink == rhs.deeplink
      && lhs.span == rhs.span && lhs.extentSpan == rhs.extentSpan
      && lhs.deeplinkSpan == rhs.deeplinkSpan && lhs.params.elementsEqual(rhs.params)
      && lhs.actions.elementsEqual(rhs.actions) && lhs.back == rhs.back
      && lhs.tabBar == rhs.tabBar
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(flow)
    hasher.combine(span)
  }
}

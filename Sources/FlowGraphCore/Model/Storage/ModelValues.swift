/// A screen as a plain value, with its actions inline: what the JSON reader
/// and the public initializers build, one screen at a time, before
/// ``GraphTableWriter`` flattens it into a graph's tables (the YAML compiler
/// and the launch-format reader write records instead).
package struct ScreenValue: Sendable {
  package var name: String
  package var flow: FlowID
  package var dismissible: Bool
  package var title: String?
  package var description: String?
  package var params: [Parameter]
  package var actions: [ActionValue]
  package var back: BackValue
  package var deeplink: String?
  package var deeplinkSpan: SourceSpan?
  package var span: SourceSpan?
  package var extentSpan: SourceSpan?
  package var tabBar: TabBar?
  /// The reader's own key for `name` (the YAML front end's name-table
  /// entry), or -1: the writer maps a key it has seen to the name's id
  /// without hashing the text.
  package var nameKey: Int32 = -1

  package init(
    name: String,
    flow: FlowID,
    title: String? = nil,
    description: String? = nil,
    params: [Parameter] = [],
    actions: [ActionValue] = [],
    back: BackValue = .pop,
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

/// What system back does, as a plain value (``BackBehavior``).
package enum BackValue: Sendable {
  case pop
  case disabled
  indirect case custom(TransitionValue)

  var isDisabled: Bool {
    if case .disabled = self { return true }
    return false
  }
}

/// An action as a plain value (``Action``).
package struct ActionValue: Sendable {
  package var name: String
  package var params: [Parameter]
  package var transition: TransitionValue
  package var span: SourceSpan?
  /// The reader's own key for `name`, or -1 (see ``ScreenValue/nameKey``).
  package var nameKey: Int32 = -1

  package init(
    name: String, params: [Parameter] = [], transition: TransitionValue, span: SourceSpan? = nil,
    nameKey: Int32 = -1
  ) {
    self.nameKey = nameKey
    self.name = name
    self.params = params
    self.transition = transition
    self.span = span
  }
}

/// A transition as a plain value, its nested transitions inline
/// (``Transition``).
package struct TransitionValue: Sendable {
  package enum Kind: Sendable {
    case push(ScreenID)
    case present(ScreenID)
    case replace(ScreenID)
    case root(ScreenID)
    case popTo(ScreenID)
    case pop
    case popToRoot
    case dismiss
    case stay
    case select(String)
    case finish(FlowResultRef)
    // Boxed: the handlers hold transitions (the only recursion by value).
    indirect case start(FlowID, mode: Transition.StartMode, handlers: HandlersValue)
    case run(TaskID, outcomes: [TransitionValue])
    case invalid
  }

  /// A `start`'s handlers as plain values (``Transition/ResultHandlers``).
  package struct HandlersValue: Sendable {
    package var results: [TransitionValue]
    package var dismissed: TransitionValue

    package init(results: [TransitionValue], dismissed: TransitionValue = .stay) {
      self.results = results
      self.dismissed = dismissed
    }
  }

  package var kind: Kind
  package var popTo: Transition.PopTarget?
  package var arguments: [Argument]
  package var span: SourceSpan?
  package var targetSpan: SourceSpan?

  package init(
    _ kind: Kind,
    arguments: [Argument] = [],
    span: SourceSpan? = nil,
    targetSpan: SourceSpan? = nil,
    popTo: Transition.PopTarget? = nil
  ) {
    self.kind = kind
    self.arguments = arguments
    self.span = span
    self.targetSpan = targetSpan
    self.popTo = popTo
  }

  package static let stay = TransitionValue(Kind.stay)
}

/// A transition's kind without the transitions it nests: what a writer that
/// writes those into slots of their own gives
/// (``GraphTableWriter/setTransition(_:_:arguments:nested:span:targetSpan:popTo:)``).
/// The cases are those of ``TransitionValue/Kind``.
package enum TransitionHead: Sendable {
  case push(ScreenID)
  case present(ScreenID)
  case replace(ScreenID)
  case root(ScreenID)
  case popTo(ScreenID)
  case pop
  case popToRoot
  case dismiss
  case stay
  case select(String)
  case finish(FlowResultRef)
  /// Its nested transitions: the result handlers, then `dismissed`.
  case start(FlowID, mode: Transition.StartMode)
  /// Its nested transitions: the outcomes, in the task's order.
  case run(TaskID)
  case invalid
}

// MARK: - From handles

extension TransitionValue {
  /// The value of a transition read from a graph, each span passed through
  /// `map`.
  package init(_ transition: Transition, mapping map: (SourceSpan) -> SourceSpan = { $0 }) {
    let kind = Kind(transition.kind, mapping: map)
    self.init(
      kind, arguments: transition.arguments.map { $0.mappingSpan(map) },
      span: transition.span.map(map), targetSpan: transition.targetSpan.map(map),
      popTo: transition.popTo)
  }
}

extension TransitionValue.Kind {
  /// The value of a kind read from a graph, each span passed through `map`.
  package init(_ kind: Transition.Kind, mapping map: (SourceSpan) -> SourceSpan = { $0 }) {
    switch kind {
    case .push(let screen): self = .push(screen)
    case .present(let screen): self = .present(screen)
    case .replace(let screen): self = .replace(screen)
    case .root(let screen): self = .root(screen)
    case .popTo(let screen): self = .popTo(screen)
    case .pop: self = .pop
    case .popToRoot: self = .popToRoot
    case .dismiss: self = .dismiss
    case .stay: self = .stay
    case .select(let tab): self = .select(tab)
    case .finish(let result): self = .finish(result)
    case .start(let flow, let mode, let handlers):
      self = .start(
        flow, mode: mode, handlers: TransitionValue.HandlersValue(handlers, mapping: map))
    case .run(let task, let outcomes):
      self = .run(task, outcomes: outcomes.map { TransitionValue($0, mapping: map) })
    case .invalid: self = .invalid
    }
  }
}

extension BackValue {
  /// The value of a back behaviour read from a graph, each span passed
  /// through `map`.
  package init(_ back: BackBehavior, mapping map: (SourceSpan) -> SourceSpan = { $0 }) {
    switch back {
    case .pop: self = .pop
    case .disabled: self = .disabled
    case .custom(let transition): self = .custom(TransitionValue(transition, mapping: map))
    }
  }
}

extension TransitionValue.HandlersValue {
  package init(
    _ handlers: Transition.ResultHandlers, mapping map: (SourceSpan) -> SourceSpan = { $0 }
  ) {
    self.init(
      results: handlers.results.map { TransitionValue($0, mapping: map) },
      dismissed: TransitionValue(handlers.dismissed, mapping: map))
  }
}

extension ActionValue {
  package init(_ action: Action, mapping map: (SourceSpan) -> SourceSpan = { $0 }) {
    self.init(
      name: action.name, params: action.params.map { $0.mappingSpan(map) },
      transition: TransitionValue(action.transition, mapping: map), span: action.span.map(map))
  }
}

extension ScreenValue {
  package init(_ screen: Screen, mapping map: (SourceSpan) -> SourceSpan = { $0 }) {
    let back = BackValue(screen.back, mapping: map)
    self.init(
      name: screen.name, flow: screen.flow, title: screen.title,
      description: screen.description, params: screen.params.map { $0.mappingSpan(map) },
      actions: screen.actions.map { ActionValue($0, mapping: map) }, back: back,
      dismissible: screen.dismissible, deeplink: screen.deeplink, span: screen.span.map(map),
      extentSpan: screen.extentSpan.map(map), tabBar: screen.tabBar.map { $0.mappingSpans(map) },
      deeplinkSpan: screen.deeplinkSpan.map(map))
  }
}

extension Parameter {
  func mappingSpan(_ map: (SourceSpan) -> SourceSpan) -> Parameter {
    var parameter = self
    parameter.span = span.map(map)
    return parameter
  }
}

extension Argument {
  func mappingSpan(_ map: (SourceSpan) -> SourceSpan) -> Argument {
    var argument = self
    argument.span = span.map(map)
    return argument
  }
}

extension TabBar {
  func mappingSpans(_ map: (SourceSpan) -> SourceSpan) -> TabBar {
    var bar = self
    bar.tabs = tabs.map { tab in
      var tab = tab
      tab.span = tab.span.map(map)
      tab.arguments = tab.arguments.map { $0.mappingSpan(map) }
      tab.handlers = Transition.ResultHandlers(
        TransitionValue.HandlersValue(tab.handlers, mapping: map))
      return tab
    }
    return bar
  }
}

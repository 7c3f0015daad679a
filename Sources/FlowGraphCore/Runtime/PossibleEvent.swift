/// An event that is possible on the current screen, for menus, error
/// messages and test generation.
public struct PossibleEvent: Hashable, Sendable {
  /// Which event.
  public enum Kind: Hashable, Sendable {
    /// An action of the current screen.
    case action(ActionID)
    /// The system back.
    case back
    /// The dismiss gesture.
    case dismiss
    /// Selecting tab `index` of the top layer's tab bar (`tab:NAME`, SPEC §6.1).
    case tab(Int)
  }

  /// Which event.
  public var kind: Kind
  /// The action's name, `back`, `dismiss` or `tab:NAME`.
  public var name: String
  /// The payload the event takes (an action's `params`).
  public var params: [Parameter]
  /// Whether the event runs a task first (its outcome decides the rest).
  public var runsTask: Bool

  /// Creates a possible event.
  public init(kind: Kind, name: String, params: [Parameter] = [], runsTask: Bool = false) {
    self.kind = kind
    self.name = name
    self.params = params
    self.runsTask = runsTask
  }
}

extension FlowGraph {
  /// An event's signature: `rowSelected(postId: int)`, `back`.
  public func signature(_ event: PossibleEvent) -> String {
    guard !event.params.isEmpty else { return event.name }
    let params = event.params.map(signature(of:))
    return "\(event.name)(\(params.joined(separator: ", ")))"
  }

  /// A field as `name: type`, with ` = value` when it has a default
  /// (`zoom: double = 1.5`).
  package func signature(of field: Parameter) -> String {
    let text = "\(field.name): \(describe(field.type))"
    guard let value = field.defaultValue else { return text }
    return text + " = " + value.eventSyntax
  }
}

extension FlowEngine {
  /// The events that are possible in `state`: the current screen's actions
  /// whose transition can be taken now (an action that runs a task counts as
  /// possible: its outcome is not known yet), then `back`, then `dismiss`,
  /// then the tab selections in tab order when the top layer is a tab bar.
  public func possibleEvents(in state: FlowState) -> [PossibleEvent] {
    guard let top = state.top, state.flow(top.flow) != nil,
      top.screen.index >= 0, top.screen.index < graph.screens.count
    else { return [] }
    let screen = graph.screens[top.screen.index]
    var events: [PossibleEvent] = []
    for (index, action) in screen.actions.enumerated() {
      let id = ActionID(screen: top.screen, index: index)
      let payload = action.params.map { placeholder(for: $0.type) }
      let context = EvaluationContext(flow: top.flow, payload: payload, action: payload)
      let trigger = Trigger(
        transition: action.transition,
        path: TransitionPath(root: .action(id)), context: context,
        label: Label(event: action.name, screen: top.screen))
      if let runsTask = dryRun(trigger, in: state) {
        events.append(
          PossibleEvent(
            kind: .action(id), name: action.name, params: Array(action.params), runsTask: runsTask))
      }
    }
    for (kind, event) in [(PossibleEvent.Kind.back, FlowEvent.back), (.dismiss, .dismiss)] {
      guard let trigger = try? resolve(event, in: state), let runsTask = dryRun(trigger, in: state)
      else { continue }
      events.append(PossibleEvent(kind: kind, name: event.description, runsTask: runsTask))
    }
    if let tabsScreen = state.layers.last?.tabsScreen,
      let tabs = graph.screens[tabsScreen.screen.index].tabBar?.tabs
    {
      for (index, tab) in tabs.enumerated() {
        let event = FlowEvent.tab(tab.name)
        guard let trigger = try? resolve(event, in: state),
          let runsTask = dryRun(trigger, in: state)
        else { continue }
        events.append(PossibleEvent(kind: .tab(index), name: event.description, runsTask: runsTask))
      }
    }
    return events
  }

  /// Whether a trigger can be taken now: `nil` when not, else whether it
  /// stops at a task.
  private func dryRun(_ trigger: Trigger, in state: FlowState) -> Bool? {
    var next = state
    var effects: [Effect] = []
    var queue: [Work] = []
    do {
      if let tab = trigger.tab {
        try tabEvent(tab, &next, &effects, &queue)
      } else if trigger.isDismissGesture {
        try dismissGesture(&next, &effects, &queue)
      } else {
        queue.append(
          .transition(
            trigger.transition,
            path: trigger.path, context: trigger.context))
      }
      if case .suspend = try drain(&queue, &next, &effects, trigger.label) { return true }
      return false
    } catch {
      return nil
    }
  }

  /// A value of a type, for trying an action whose payload is not known yet.
  private func placeholder(for type: ValueType) -> Value {
    switch type {
    case .optional: .null
    case .string: .string("")
    case .int: .int(0)
    case .double: .double(0)
    case .bool: .bool(false)
    case .url: .url("about:blank")
    case .date: .date("2000-01-01")
    case .list: .list([])
    case .named(let id):
      .string(
        id.index >= 0 && id.index < graph.types.count ? graph.types[id.index].cases.first ?? "" : ""
      )
    }
  }
}

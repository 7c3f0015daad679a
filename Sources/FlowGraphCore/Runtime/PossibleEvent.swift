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
  }

  /// Which event.
  public var kind: Kind
  /// The action's name, `back` or `dismiss`.
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
    let params = event.params.map { "\($0.name): \(describe($0.type))" }
    return "\(event.name)(\(params.joined(separator: ", ")))"
  }
}

extension FlowEngine {
  /// The events that are possible in `state`: the current screen's actions
  /// whose transition can be taken now (an action that runs a task counts as
  /// possible: its outcome is not known yet), then `back`, then `dismiss`.
  public func possibleEvents(in state: FlowState) -> [PossibleEvent] {
    guard let top = state.top, let flow = state.flow(top.flow),
      top.screen.index >= 0, top.screen.index < graph.screens.count
    else { return [] }
    let screen = graph.screens[top.screen.index]
    var events: [PossibleEvent] = []
    for (index, action) in screen.actions.enumerated() {
      let id = ActionID(screen: top.screen, index: index)
      let context = EvaluationContext(
        flow: top.flow, screenParams: top.params, flowInput: flow.input,
        payload: [Value](repeating: .null, count: action.params.count))
      let trigger = Trigger(
        transition: action.transition, path: TransitionPath(root: .action(id)), context: context,
        label: Label(event: action.name, screen: screen.name))
      if let runsTask = dryRun(trigger, in: state) {
        events.append(
          PossibleEvent(
            kind: .action(id), name: action.name, params: action.params, runsTask: runsTask))
      }
    }
    for (kind, event) in [(PossibleEvent.Kind.back, FlowEvent.back), (.dismiss, .dismiss)] {
      guard let trigger = try? resolve(event, in: state), let runsTask = dryRun(trigger, in: state)
      else { continue }
      events.append(PossibleEvent(kind: kind, name: event.description, runsTask: runsTask))
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
      if trigger.isDismissGesture {
        try dismissGesture(&next, &effects, &queue)
      } else {
        queue.append(.transition(trigger.transition, path: trigger.path, context: trigger.context))
      }
      if case .suspend = try drain(&queue, &next, &effects, trigger.label) { return true }
      return false
    } catch {
      return nil
    }
  }
}

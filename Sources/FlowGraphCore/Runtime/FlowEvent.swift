/// Something that happens on the current screen: a user action, the system
/// back, or the dismiss gesture. Task outcomes are not events: they come from
/// task hooks while a transition runs.
public enum FlowEvent: Hashable, Sendable {
  /// A user action of the current screen by name, with its payload by field
  /// name (checked against the action's `params`).
  case action(String, arguments: [String: Value] = [:])
  /// A user action by id, with its payload in the action's `params` order:
  /// the fast path (no name lookup). The values are still type-checked.
  case resolved(ActionID, payload: [Value] = [])
  /// The system back button or edge swipe.
  case back
  /// The swipe-down gesture on the top modal layer.
  case dismiss
  /// Selecting tab NAME of the top layer's tab bar (`tab:NAME`, SPEC §6.1);
  /// selecting the selected tab pops its stack to its first screen.
  case tab(String)
  /// Opens a deep link (SPEC §6.2): one atomic step that resets the run,
  /// starts the entry flow afresh and follows the link's route (script
  /// event `open:URL`).
  case open(String)
  /// Drops the pending deep link (script event `cancelPendingLink`).
  case cancelPendingLink
}

extension FlowEvent: CustomStringConvertible {
  /// The event in the `--events` syntax, arguments sorted by name
  /// (``FlowGraph/describe(_:)`` gives the param order when a graph is at hand).
  public var description: String {
    switch self {
    case .back: return "back"
    case .dismiss: return "dismiss"
    case .tab(let name): return "tab:\(name)"
    case .open(let url): return "open:" + url
    case .cancelPendingLink: return "cancelPendingLink"
    case .action(let name, let arguments):
      guard !arguments.isEmpty else { return name }
      let rendered = arguments.sorted { $0.key < $1.key }.map {
        "\($0.key)=\($0.value.eventSyntax)"
      }
      return "\(name)(\(rendered.joined(separator: ",")))"
    case .resolved(let id, let payload):
      guard !payload.isEmpty else { return id.description }
      return "\(id)(\(payload.map(\.eventSyntax).joined(separator: ",")))"
    }
  }
}

extension FlowGraph {
  /// An event in the `--events` syntax with names from this graph and the
  /// arguments in the action's param order.
  public func describe(_ event: FlowEvent) -> String {
    switch event {
    case .back, .dismiss, .tab, .open, .cancelPendingLink:
      return event.description
    case .action(let name, let arguments):
      guard !arguments.isEmpty else { return name }
      return
        "\(name)(\(arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.eventSyntax)" }.joined(separator: ",")))"
    case .resolved(let id, let payload):
      guard id.screen.index >= 0, id.screen.index < screens.count,
        id.index >= 0, id.index < screens[id.screen.index].actions.count
      else { return event.description }
      let action = self[id]
      var parts: [String] = []
      for (index, value) in payload.enumerated() where index < action.params.count {
        if value == .null && action.params[index].type.isOptional { continue }
        parts.append("\(action.params[index].name)=\(value.eventSyntax)")
      }
      return parts.isEmpty ? action.name : "\(action.name)(\(parts.joined(separator: ",")))"
    }
  }
}

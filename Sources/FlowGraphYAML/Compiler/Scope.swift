import FlowGraphCore

/// What an argument can be taken from where a transition runs (SPEC §2.5):
/// the trigger's payload first, then (in a `run`'s outcomes) the params of
/// the action that ran the task (SPEC §6.3), then the current screen's
/// params, then the flow's input.
struct Scope: Sendable {
  /// What triggered the transition (for messages; built only when needed).
  enum Trigger: Sendable {
    case none
    /// An action, by its name's entry in the load's ``NameTable`` (set for
    /// every action a screen compiles: an entry costs no retain, and the
    /// text is looked up only for a message).
    case action(entry: Int32)
    case outcome(String)
    case result(String)
    case back

    /// `action 'rowSelected'`, or `nil` when there is no payload to name;
    /// an action's name is read from `names`.
    func description(names: NameTable) -> String? {
      switch self {
      case .none, .back: nil
      case .action(let entry): "action '\(names.text(ofEntry: entry))'"
      case .outcome(let name): "outcome '\(name)'"
      case .result(let name): "result '\(name)'"
      }
    }
  }

  /// The trigger's payload (an action's params, an outcome's or a result's payload).
  var payload: [Field] = []
  /// What the payload belongs to.
  var trigger = Trigger.none
  /// In a `run`'s outcomes: the params of the action that ran the task
  /// (directly or through a chain of `run`s); empty elsewhere.
  var action: [Field] = []
  /// The name of that action (for messages), as its entry in the load's
  /// ``NameTable`` (``SyntaxName/noEntry`` when there is no such action).
  var actionEntry = SyntaxName.noEntry
  /// The current screen's params.
  var screen: [Field] = []
  /// The current screen, when there is one (not in a flow's start).
  var screenID: ScreenID?
  /// The flow's input.
  var input: [Field] = []
  /// The flow (its index in the compiler's signatures).
  var flowID: FlowID
  /// Whether the screen's params or the flow's input may be incomplete (a
  /// misspelled key may hold some): arguments are then not checked.
  var fieldsMayBeMissing = false
  /// Whether the transition is in a result handler (`on:`), or in a task's
  /// outcomes run from one: no action ran it (for messages).
  var inResultHandler = false
  /// Whether the trigger's payload may be incomplete.
  var payloadMayBeMissing = false
  /// In the handlers of a `start` with `popTo` (SPEC §6.3): the screen it
  /// pops to and whether that one goes too (for messages: the handler runs
  /// on that screen, or on the one below it, which is not known).
  var poppedTo: (screen: String, inclusive: Bool)?

  /// Whether some name in scope may be unknown: then nothing is said about
  /// an argument that the scope should supply, to avoid cascades.
  var isUnknown: Bool { fieldsMayBeMissing || payloadMayBeMissing }

  /// A field found in the scope: where its value comes from and its type
  /// (the field itself is looked up again only for a message).
  struct Match {
    var source: ArgumentSource
    var type: ValueType?
  }

  /// The field named `name`, searched in scope order.
  func lookup(_ name: String) -> Match? {
    for index in payload.indices where payload[index].name == name {
      return Match(source: .payload(index), type: payload[index].type)
    }
    for index in action.indices where action[index].name == name {
      return Match(source: .actionParameter(index), type: action[index].type)
    }
    for index in screen.indices where screen[index].name == name {
      return Match(source: .screenParameter(index), type: screen[index].type)
    }
    for index in input.indices where input[index].name == name {
      return Match(source: .flowInput(index), type: input[index].type)
    }
    return nil
  }

  /// Where the field of a match is declared.
  func range(of match: Match) -> SyntaxRange? {
    switch match.source {
    case .payload(let index): payload[index].range
    case .screenParameter(let index): screen[index].range
    case .actionParameter(let index): action[index].range
    case .flowInput(let index): input[index].range
    case .literal: nil
    }
  }

  /// Every name the scope provides (for "did you mean").
  var names: [String] {
    payload.map(\.name) + action.map(\.name) + screen.map(\.name) + input.map(\.name)
  }

  /// The action whose params a `run` in this scope keeps in its outcomes'
  /// scope: the trigger when it is an action, else the one already kept.
  var actionForOutcomes: (fields: [Field], name: Int32) {
    if case .action(let name) = trigger { return (payload, name) }
    return (action, actionEntry)
  }

  /// The scope with another trigger and its payload, and no action's params.
  func with(payload: [Field], trigger: Trigger, mayBeMissing: Bool = false) -> Scope {
    var copy = self
    copy.payload = payload
    copy.trigger = trigger
    copy.payloadMayBeMissing = mayBeMissing
    copy.action = []
    copy.actionEntry = SyntaxName.noEntry
    return copy
  }
}

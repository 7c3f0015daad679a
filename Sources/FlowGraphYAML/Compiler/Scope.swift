import FlowGraphCore

/// What an argument can be taken from where a transition runs (SPEC §2.5):
/// the trigger's payload first, then the current screen's params, then the
/// flow's input.
struct Scope: Sendable {
  /// The trigger's payload (an action's params, an outcome's or a result's payload).
  var payload: [Field] = []
  /// What the payload belongs to, for messages (`action 'rowSelected'`).
  var payloadOwner = ""
  /// The current screen's params.
  var screen: [Field] = []
  /// The current screen's name, when there is one (not in a flow's start).
  var screenName: String?
  /// The flow's input.
  var input: [Field] = []
  /// The flow's name.
  var flowName = ""
  /// Whether the screen's params or the flow's input may be incomplete (a
  /// misspelled key may hold some): arguments are then not checked.
  var fieldsMayBeMissing = false
  /// Whether the trigger's payload may be incomplete.
  var payloadMayBeMissing = false

  /// Whether some name in scope may be unknown: then nothing is said about
  /// an argument that the scope should supply, to avoid cascades.
  var isUnknown: Bool { fieldsMayBeMissing || payloadMayBeMissing }

  /// A field found in the scope: where its value comes from and what it is.
  struct Match {
    var source: ArgumentSource
    var field: Field
    /// Where the field comes from, for messages.
    var origin: String
  }

  /// The field named `name`, searched in scope order.
  func lookup(_ name: String) -> Match? {
    if let index = payload.firstIndex(where: { $0.name == name }) {
      return Match(
        source: .payload(index), field: payload[index], origin: "the payload of \(payloadOwner)")
    }
    if let index = screen.firstIndex(where: { $0.name == name }) {
      return Match(
        source: .screenParameter(index), field: screen[index],
        origin: "the params of screen '\(screenName ?? "")'")
    }
    if let index = input.firstIndex(where: { $0.name == name }) {
      return Match(
        source: .flowInput(index), field: input[index], origin: "the input of flow '\(flowName)'")
    }
    return nil
  }

  /// Every name the scope provides (for "did you mean").
  var names: [String] { payload.map(\.name) + screen.map(\.name) + input.map(\.name) }

  /// The scope with another trigger payload (an outcome's or a result's).
  func with(payload: [Field], owner: String, mayBeMissing: Bool = false) -> Scope {
    var copy = self
    copy.payload = payload
    copy.payloadOwner = owner
    copy.payloadMayBeMissing = mayBeMissing
    return copy
  }
}

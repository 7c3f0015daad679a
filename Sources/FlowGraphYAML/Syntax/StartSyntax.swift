import FlowGraphCore

/// A flow's `start` as written (SPEC §2.2): a screen name, a task whose
/// outcomes pick further starts, or a finish.
struct StartSyntax: Sendable {
  /// The forms of start.
  enum Kind: Sendable {
    /// A screen of the flow.
    case screen(SyntaxName)
    /// `{ run: T, outcomes: { outcome: <start> } }`.
    case run(SyntaxName, outcomes: [StartHandlerSyntax])
    /// `{ finish: R }`.
    case finish(SyntaxName)
    /// A form that did not decode (reported).
    case invalid
  }

  /// The form.
  var kind: Kind
  /// The screen-name scalar, the `run:` or `finish:` key, or the value.
  var range: SyntaxRange
  /// The `with` bindings (map forms only).
  var with: [WithBinding] = []
  /// Whether the map had a misspelled key: missing arguments and outcomes
  /// are then not reported.
  var hasUnknownKeys = false
}

/// One entry of a start's `outcomes`.
struct StartHandlerSyntax: Sendable {
  /// The outcome's name key.
  var name: SyntaxName
  /// The start it picks.
  var start: StartSyntax
}

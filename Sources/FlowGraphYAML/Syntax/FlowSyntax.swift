import FlowGraphCore

/// A flow as written (SPEC §2.2).
struct FlowSyntax: Sendable {
  /// The flow's name key.
  var name: SyntaxName
  /// From the name key to the end of the value.
  var extent: SyntaxRange
  var description: String?
  var input: [ParameterSyntax] = []
  var results: [PayloadSyntax] = []
  /// The start, or `nil` when missing (reported).
  var start: StartSyntax?
  /// The `screens` value (a map, or null), decoded into screens when the
  /// compiler reaches the flow (``SyntaxDecoder/screens(of:)``): a large
  /// file's screen syntax is then never all in memory at once. `nil` when
  /// the flow has no `screens`, or a value that is not a map (reported).
  var screensValue: YAMLNode?
  /// The flow's keys that look like screens indented too little (reported):
  /// decoded as its last screens.
  var dedentedScreens: [(key: YAMLNode, value: YAMLNode)] = []
  /// The `suppress` list's rules.
  var suppress: [RuleID] = []
  /// Whether a misspelled key holds a map (it may hold the flow's screens,
  /// input or results): the flow's names and fields may then be missing.
  var mayBeIncomplete = false
  /// What of its file's YAML arena the compiler may release once this flow
  /// is compiled (`nil`: nothing).
  var arenaRelease: FlowArenaRelease?
}

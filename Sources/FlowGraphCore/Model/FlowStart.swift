/// How a flow begins: a screen, a task whose outcome picks the start, or a
/// finish (SPEC §2.2 `start`).
public struct FlowStart: Hashable, Sendable {
  /// The kinds of start.
  public enum Kind: Hashable, Sendable {
    /// Show this screen first; its params come from the flow's input by name.
    case screen(ScreenID)
    /// Run a task; each outcome (in the task's order) picks a further start.
    case run(TaskID, outcomes: [FlowStart])
    /// End at once with a result (the flow shows nothing).
    case finish(FlowResultRef)
    /// A start that did not compile (already reported).
    case invalid
  }

  /// What the start does.
  public var kind: Kind
  /// The arguments: for `.screen`, the screen's params from the flow input;
  /// for `.run`, the task's input; for `.finish`, the result's payload.
  public var arguments: [Argument]
  /// The `start` value's scalar, or the `run:`/`finish:` key.
  public var span: SourceSpan?

  /// Creates a start.
  public init(_ kind: Kind, arguments: [Argument] = [], span: SourceSpan? = nil) {
    self.kind = kind
    self.arguments = arguments
    self.span = span
  }
}

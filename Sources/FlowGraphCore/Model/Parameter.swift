/// A named, typed field: a screen param, a flow input, a task input, an action's
/// params, or an outcome's or result's payload field.
public struct Parameter: Hashable, Sendable {
  /// The field's name.
  public var name: String
  /// The field's type.
  public var type: ValueType
  /// The field's name key in the source.
  public var span: SourceSpan?
  /// The value the field takes when nothing binds it (SPEC §6.3,
  /// `name: { type: T, default: LITERAL }`), already of ``type``; `nil` when
  /// it has no default.
  public var defaultValue: Value?

  /// Creates a field.
  public init(
    name: String, type: ValueType, span: SourceSpan? = nil, defaultValue: Value? = nil
  ) {
    self.name = name
    self.type = type
    self.span = span
    self.defaultValue = defaultValue
  }

  /// Whether the field may be left out: it is optional or has a default.
  public var mayBeOmitted: Bool { defaultValue != nil || type.isOptional }
}

/// Where an argument's value comes from when a transition runs.
public enum ArgumentSource: Hashable, Sendable {
  /// A literal written in `with`.
  case literal(Value)
  /// A field of the trigger's payload (the action's params, the outcome's or
  /// the result's payload), by index.
  case payload(Int)
  /// A param of the current screen, by index.
  case screenParameter(Int)
  /// In a `run`'s outcome transitions: a param of the action that ran the
  /// task (directly or through a chain of `run`s), by index (SPEC §6.3).
  case actionParameter(Int)
  /// A field of the current flow's input, by index.
  case flowInput(Int)
}

/// One resolved argument of a transition: which param of the target it fills
/// and where its value comes from. Compiled transitions list an argument for
/// every param of the target they supply, in the target's param order.
public struct Argument: Hashable, Sendable {
  /// The index of the filled param in the target's param list (a screen's
  /// params, a flow's input, a result's payload, a task's input).
  public var parameter: Int
  /// Where the value comes from.
  public var source: ArgumentSource
  /// The `with` key, or `nil` for an argument bound implicitly by name.
  public var span: SourceSpan?

  /// Creates an argument.
  public init(parameter: Int, source: ArgumentSource, span: SourceSpan? = nil) {
    self.parameter = parameter
    self.source = source
    self.span = span
  }
}

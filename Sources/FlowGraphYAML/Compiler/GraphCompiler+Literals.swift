import FlowGraphCore

extension GraphCompiler {
  /// The value of `literal` as a `type`, or `nil` when it does not fit
  /// (SPEC §2.5), by the rule the runtime checks values by
  /// (``Value/typed(as:isCase:)``): its core-schema type must match, except
  /// that an integer fits `double`, a case name fits its enum (any name, for
  /// an enum whose declaration is broken), a string with a scheme fits
  /// `url`, an ISO 8601 date or date-time fits `date`, and null fits `T?`;
  /// a `double` must be finite.
  func literalValue(_ literal: LiteralSyntax, as type: ValueType) -> Value? {
    literal.plainValue.typed(as: type) { id, text in
      typeIsIncomplete[id.index] || types[id.index].cases.contains(text)
    }
  }
}

extension LiteralSyntax {
  /// The literal as a value of its own core-schema type.
  var plainValue: Value {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .double(let value): .double(value)
    case .string(let value): .string(value)
    case .list(let items): .list(items.map(\.plainValue))
    }
  }
}

import FlowGraphCore

extension GraphCompiler {
  /// The value of `literal` as a `type`, or `nil` when it does not fit
  /// (SPEC §2.5): its core-schema type must match, except that an integer
  /// fits `double`, a case name fits its enum, a string with a scheme fits
  /// `url`, an ISO 8601 date or date-time fits `date`, and null fits `T?`.
  func literalValue(_ literal: LiteralSyntax, as type: ValueType) -> Value? {
    switch (type, literal) {
    case (.optional, .null): return .null
    case (.optional(let wrapped), _): return literalValue(literal, as: wrapped)
    case (.string, .string(let text)): return .string(text)
    case (.int, .int(let value)): return .int(value)
    case (.double, .int(let value)): return .double(Double(value))
    case (.double, .double(let value)): return .double(value)
    case (.bool, .bool(let value)): return .bool(value)
    case (.url, .string(let text)) where ValueText.isURL(text): return .url(text)
    case (.date, .string(let text)) where ValueText.isDate(text): return .date(text)
    case (.named(let id), .string(let text))
    where typeIsIncomplete[id.index] || types[id.index].cases.contains(text):
      return .string(text)
    case (.list(let element), .list(let items)):
      var values: [Value] = []
      values.reserveCapacity(items.count)
      for item in items {
        guard let value = literalValue(item, as: element) else { return nil }
        values.append(value)
      }
      return .list(values)
    default: return nil
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

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

extension Value {
  /// Whether every double in the value is finite: `.inf` and `.nan` fit no
  /// type (``Value/typed(as:isCase:)``), so a graph never holds them.
  var hasOnlyFiniteNumbers: Bool {
    switch self {
    case .double(let number): number.isFinite
    case .list(let items): items.allSatisfy(\.hasOnlyFiniteNumbers)
    case .null, .bool, .int, .string, .url, .date: true
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
    case .outOfRangeInteger(_, let read): read.plainValue
    }
  }
}

extension GraphCompiler {
  /// Why `literal` is not a value of `type`, for a `type-mismatch` message:
  /// `the string "purple"; the cases of Theme are light, dark; did you mean
  /// 'light'?`, or, in a list, which item is wrong (`a list whose item 2 is
  /// the string "x"`).
  /// The "did you mean" (a case of an enum) is returned apart, for a note.
  mutating func literalMismatch(_ literal: LiteralSyntax, as type: ValueType) -> (
    text: String, suggestion: String?
  ) {
    switch (type, literal) {
    case (.optional(let wrapped), _) where literal.isNotNull:
      return literalMismatch(literal, as: wrapped)
    case (.named(let id), _):
      let cases = types[id.index].cases
      // An enum declared with no case has its own finding: nothing to list.
      guard !cases.isEmpty else { return (literal.summary, nil) }
      let list = "the cases of \(types[id.index].name) are \(cases.joined(separator: ", "))"
      if case .string(let text) = literal, let suggestion = suggestion(for: text, among: cases) {
        return ("\(literal.summary); \(list); did you mean '\(suggestion)'?", suggestion)
      }
      return ("\(literal.summary); \(list)", nil)
    case (.list(let element), .list(let items)):
      for (index, item) in items.enumerated() where literalValue(item, as: element) == nil {
        let inner = literalMismatch(item, as: element)
        // A suggestion for one item is said, not offered as a replacement
        // of the whole list.
        return ("a list whose item \(index + 1) is \(inner.text)", nil)
      }
      return (literal.summary, nil)
    default:
      return (literal.summary, nil)
    }
  }
}

extension GraphCompiler {
  /// Why `literal` is not a `type` when the reason is an integer that `int`
  /// cannot hold (``IntegerLiteral``): `integer literal N is out of range
  /// for int (…)`, or for a list whose first wrong item is one, `in item 2,
  /// integer literal N is …`; `nil` for any other reason.
  func integerOverflow(_ literal: LiteralSyntax, as type: ValueType) -> String? {
    switch (type.nonOptional, literal) {
    case (.int, .outOfRangeInteger(let text, _)):
      return IntegerLiteral.outOfRange(text)
    case (.list(let element), .list(let items)):
      guard let index = items.firstIndex(where: { literalValue($0, as: element) == nil }),
        let inner = integerOverflow(items[index], as: element)
      else { return nil }
      return "in item \(index + 1), \(inner)"
    default:
      return nil
    }
  }
}

extension LiteralSyntax {
  /// Whether the literal is anything but `null`.
  fileprivate var isNotNull: Bool {
    if case .null = self { return false }
    return true
  }
}

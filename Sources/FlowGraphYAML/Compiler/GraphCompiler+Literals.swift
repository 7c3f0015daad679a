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
  /// Why a literal is not a value of a type, for a `type-mismatch` message:
  /// what the literal is, then what would fit.
  struct LiteralMismatch {
    /// What the literal is: `the string "purple"`, or in a list, which item
    /// is wrong (`a list whose item 2 is the string "x"`).
    var subject: String
    /// What would fit, to follow the message (empty when there is nothing
    /// to add): `; the cases of Theme are light, dark; did you mean 'light'?`.
    var detail: String
    /// The case of an enum the literal is a near miss of, for a note; `nil`
    /// in a list (a suggestion for one item is said, not offered as a
    /// replacement of the whole list).
    var suggestion: String?

    /// The "did you mean" note, when there is a suggestion (at the finding).
    var notes: [Diagnostic.Note] {
      suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
    }
  }

  /// Why `literal` is not a value of `type`: what it is, the cases of an
  /// enum with a "did you mean" when one is close, and in a list, which item
  /// is wrong. One description for every place a literal is typed (a `with`
  /// argument, a field's default).
  mutating func literalMismatch(_ literal: LiteralSyntax, as type: ValueType) -> LiteralMismatch {
    switch (type, literal) {
    case (.optional(let wrapped), _) where literal.isNotNull:
      return literalMismatch(literal, as: wrapped)
    case (.bool, .string(let text)):
      // A string meant as a boolean (`yes`, `ture`): `true` or `false`.
      let meant = SyntaxDecoder.booleanMeant(by: text)
      return LiteralMismatch(
        subject: literal.summary, detail: meant?.tail ?? "", suggestion: meant?.value)
    case (.named(let id), _):
      var suggestion: String?
      if case .string(let text) = literal {
        suggestion = self.suggestion(for: text, among: types[id.index].cases)
      }
      return LiteralMismatch(
        subject: literal.summary, detail: types[id.index].casesHint(suggesting: suggestion),
        suggestion: suggestion)
    case (.list(let element), .list(let items)):
      for (index, item) in items.enumerated() where literalValue(item, as: element) == nil {
        let inner = literalMismatch(item, as: element)
        return LiteralMismatch(
          subject: "a list whose item \(index + 1) is \(inner.subject)", detail: inner.detail)
      }
      return LiteralMismatch(subject: literal.summary, detail: "")
    default:
      return LiteralMismatch(subject: literal.summary, detail: "")
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

extension GraphCompiler {
  /// The fix that writes `suggestion` over a literal: `true` or `false`
  /// for a `bool` field, or the case of an enum when it reads back as that
  /// case written plain (a name that YAML would read as a boolean, a
  /// number or null is only suggested, in a note).
  func literalFix(_ suggestion: String?, as type: ValueType, at range: SyntaxRange)
    -> [Diagnostic.Fix]
  {
    guard let suggestion else { return [] }
    switch type.nonOptional {
    case .bool: break
    case .named: guard Self.readsAsPlainString(suggestion) else { return [] }
    default: return []
    }
    return [Diagnostic.Fix(replacing: sourceRange(range), with: suggestion)]
  }

  /// Whether `text`, written as a plain scalar, is read as the string `text`.
  private static func readsAsPlainString(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isAlphabetic,
      text.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
      })
    else { return false }
    return !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(
      text.lowercased())
  }
}

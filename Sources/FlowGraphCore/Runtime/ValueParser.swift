/// Turns an argument's text into a typed value (SPEC §4): `int` decimal,
/// `double` decimal (an integer is fine), `bool` `true`/`false`, `url` with a
/// scheme, `date` ISO 8601, `list<T>` a JSON array, an enum one of its cases,
/// a string as is; `null` for an absent optional.
package struct ValueParser {
  package let graph: FlowGraph

  package init(graph: FlowGraph) { self.graph = graph }

  /// The value of `text` as `type`, or `nil` when it is not one.
  package func value(_ text: String, quoted: Bool, as type: ValueType) -> Value? {
    if case .optional(let wrapped) = type {
      if !quoted && text == "null" { return .null }
      return value(text, quoted: quoted, as: wrapped)
    }
    switch type {
    case .string:
      return .string(text)
    case .int:
      return Self.isInteger(text) ? Int(text).map(Value.int) : nil
    case .double:
      guard Self.isDecimal(text), let number = Double(text), number.isFinite else { return nil }
      return .double(number)
    case .bool:
      switch text {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default: return nil
      }
    case .url, .date, .named:
      return graph.coerce(.string(text), to: type)
    case .list(let element):
      guard case .array(let items)? = JSONItem.read(text) else { return nil }
      var values: [Value] = []
      for item in items {
        guard let value = value(item, as: element) else { return nil }
        values.append(value)
      }
      return .list(values)
    case .optional:
      return nil
    }
  }

  /// Whether `text`, which is not a `type` (``value(_:quoted:as:)`` gave
  /// `nil`), is an integer that `int` cannot hold, for an `int` or `int?`
  /// (``IntegerLiteral``): the reason to give rather than "not an int".
  package static func isOutOfRange(_ text: String, quoted: Bool, as type: ValueType) -> Bool {
    guard case .int = type.nonOptional, !quoted else { return false }
    return IntegerLiteral.isOutOfRange(text, radixPrefixes: false)
  }

  /// The value of a JSON item (a list element) as `type`.
  private func value(_ item: JSONItem, as type: ValueType) -> Value? {
    switch (item, type) {
    case (.null, .optional): return .null
    case (_, .optional(let wrapped)): return value(item, as: wrapped)
    case (.number(let text), .int), (.number(let text), .double):
      return value(text, quoted: false, as: type)
    case (.bool(let flag), .bool): return .bool(flag)
    case (.string(let text), .string), (.string(let text), .url), (.string(let text), .date),
      (.string(let text), .named):
      return value(text, quoted: true, as: type)
    case (.array, .list):
      guard case .array(let items) = item, case .list(let element) = type else { return nil }
      var values: [Value] = []
      for inner in items {
        guard let value = value(inner, as: element) else { return nil }
        values.append(value)
      }
      return .list(values)
    default:
      return nil
    }
  }

  private static func isInteger(_ text: String) -> Bool {
    var body = Substring(text)
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func isDecimal(_ text: String) -> Bool {
    guard let item = JSONItem.read(text.hasPrefix("+") ? String(text.dropFirst()) : text),
      case .number = item
    else { return false }
    return !text.contains(where: \.isWhitespace)
  }
}

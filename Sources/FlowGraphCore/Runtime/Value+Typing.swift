extension Value {
  /// The value as a `type`, or `nil` when it does not fit: the one typing
  /// rule of values (SPEC §2.5), for a literal in a flow file (the compiler)
  /// and a value from outside the graph (the runtime) alike. Exact, with the
  /// conversions a Swift caller expects: an `int` fits `double`; a string
  /// with a scheme fits `url`; an ISO 8601 date or date-time fits `date`; a
  /// string that `isCase` accepts fits the enum; `null` fits only an
  /// optional. A `double` is a finite number: `.inf`, `-.inf` and `.nan` fit
  /// nothing (JSON, the trace and saved states cannot hold them).
  package func typed(as type: ValueType, isCase: (TypeID, String) -> Bool) -> Value? {
    switch (type, self) {
    case (.optional, .null): return .null
    case (.optional(let wrapped), _): return typed(as: wrapped, isCase: isCase)
    case (_, .null): return nil
    case (.string, .string): return self
    case (.int, .int): return self
    case (.double, .double(let number)): return number.isFinite ? self : nil
    case (.double, .int(let number)): return .double(Double(number))
    case (.bool, .bool): return self
    case (.url, .url(let text)), (.url, .string(let text)):
      return ValueText.isURL(text) ? .url(text) : nil
    case (.date, .date(let text)), (.date, .string(let text)):
      return ValueText.isDate(text) ? .date(text) : nil
    case (.named(let id), .string(let text)):
      return isCase(id, text) ? self : nil
    case (.list(let element), .list(let items)):
      var converted: [Value] = []
      converted.reserveCapacity(items.count)
      for item in items {
        guard let item = item.typed(as: element, isCase: isCase) else { return nil }
        converted.append(item)
      }
      return .list(converted)
    default:
      return nil
    }
  }
}

extension FlowGraph {
  /// The value converted to `type` when it fits, else `nil`: the type check
  /// for values that come from outside the graph (event arguments, task
  /// outcome payloads, flow input, restored state), by
  /// ``Value/typed(as:isCase:)``, the rule the compiler checks literals by.
  public func coerce(_ value: Value, to type: ValueType) -> Value? {
    value.typed(as: type) { id, text in
      id.index >= 0 && id.index < types.count && types[id.index].cases.contains(text)
    }
  }

  /// A short description of a value's kind for messages (`int 3`, `string "a"`).
  public func describeValue(_ value: Value) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "bool \(flag)"
    case .int(let number): "int \(number)"
    case .double(let number): "double \(number)"
    case .string(let text): "string \(Value.jsonQuoted(text))"
    case .url(let text): "url \(Value.jsonQuoted(text))"
    case .date(let text): "date \(Value.jsonQuoted(text))"
    case .list: "list \(value.eventSyntax)"
    }
  }
}

extension Value {
  /// The value in the `--events` argument syntax: numbers and booleans as
  /// written, a string bare when that is unambiguous and otherwise in double
  /// quotes with JSON escapes, a list as a JSON array.
  public var eventSyntax: String {
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return Value.render(number)
    case .string(let text), .url(let text), .date(let text):
      return Value.needsQuotes(text) ? Value.jsonQuoted(text) : text
    case .list: return json
    }
  }

  /// The value as JSON (strings quoted, lists as arrays).
  public var json: String {
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return Value.render(number)
    case .string(let text), .url(let text), .date(let text): return Value.jsonQuoted(text)
    case .list(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
    }
  }

  static func render(_ number: Double) -> String {
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
      return String(Int64(number)) + ".0"
    }
    return String(number)
  }

  static func needsQuotes(_ text: String) -> Bool {
    if text.isEmpty || text == "null" || text == "true" || text == "false" { return true }
    if let first = text.unicodeScalars.first, first.properties.isWhitespace { return true }
    if let last = text.unicodeScalars.last, last.properties.isWhitespace { return true }
    for scalar in text.unicodeScalars {
      switch scalar {
      case ",", "(", ")", "\"", "[", "]", "\\": return true
      default: if scalar.value < 0x20 || scalar.value == 0x7F { return true }
      }
    }
    return false
  }

  /// `text` as a JSON string literal.
  public static func jsonQuoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
    return result
  }
}

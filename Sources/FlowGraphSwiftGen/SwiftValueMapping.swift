import FlowGraphCore

// FoundationEssentials where there is one: `Foundation` would load ICU into
// the CLI at every start (18M instructions, docs/performance.md).
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How each DSL type appears in Swift, and the expressions that convert a
/// Swift value to a runtime ``Value`` and back (the latter call the helpers
/// of the generated `Bridge`).
///
/// `url` is `URL`; `date` stays the ISO 8601 text as written (`String`): the
/// DSL allows a date-time without a time zone, which no `Date` can hold.
struct SwiftValueMapping {
  /// The Swift names of the graph's `types:`, by ``TypeID`` index.
  var typeNames: [String]

  /// The Swift type of a DSL type.
  func swiftType(_ type: ValueType) -> String {
    switch type {
    case .string, .date: "String"
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .url: "URL"
    case .list(let element): "[\(swiftType(element))]"
    case .optional(let wrapped): swiftType(wrapped) + "?"
    case .named(let id): typeNames[id.index]
    }
  }

  /// An expression of type `Value` for the Swift expression `value`.
  func encode(_ type: ValueType, _ value: String) -> String {
    switch type {
    case .string: "Value.string(\(value))"
    case .date: "Value.date(\(value))"
    case .int: "Value.int(\(value))"
    case .double: "Value.double(\(value))"
    case .bool: "Value.bool(\(value))"
    case .url: "Value.url(\(value).absoluteString)"
    case .named: "Value.string(\(value).rawValue)"
    case .list(let element): "Value.list(\(value).map { \(encode(element, "$0")) })"
    case .optional(let wrapped): "(\(value).map { \(encode(wrapped, "$0")) } ?? Value.null)"
    }
  }

  /// An expression of the Swift type for the `Value` expression `value`.
  func decode(_ type: ValueType, _ value: String) -> String {
    switch type {
    case .string, .date: "string(\(value))"
    case .int: "int(\(value))"
    case .double: "double(\(value))"
    case .bool: "bool(\(value))"
    case .url: "url(\(value))"
    case .named(let id): "named(\(value), as: \(typeNames[id.index]).self)"
    case .list(let element): "list(\(value)) { \(decode(element, "$0")) }"
    case .optional(let wrapped): "optional(\(value)) { \(decode(wrapped, "$0")) }"
    }
  }

  /// The default of a field as a Swift expression, for the generated cases
  /// that an app constructs (events, flows, outcomes, results): SPEC §6.3's
  /// param defaults become default argument values (none where Swift has no
  /// literal for the value).
  func defaultExpression(for parameter: Parameter) -> String? {
    parameter.defaultValue.flatMap { literal($0, of: parameter.type) }
  }

  /// A runtime value as a Swift expression of the field's Swift type, or
  /// `nil` when there is none: a `url` is `URL(string: "…")!`, only when
  /// Foundation reads the text as a URL here (a text it does not read would
  /// trap in the app).
  func literal(_ value: Value, of type: ValueType) -> String? {
    switch (type, value) {
    case (.url, .url(let text)), (.url, .string(let text)):
      guard URL(string: text) != nil else { return nil }
      return "URL(string: \(Self.stringLiteral(text)))!"
    case (.optional, .null): return "nil"
    case (.optional(let wrapped), _): return literal(value, of: wrapped)
    case (.bool, .bool(let flag)): return flag ? "true" : "false"
    case (.int, .int(let number)): return "\(number)"
    case (.double, .int(let number)): return "\(number)"
    case (.double, .double(let number)) where number.isFinite: return "\(number)"
    case (.string, .string(let text)), (.date, .date(let text)), (.date, .string(let text)):
      return Self.stringLiteral(text)
    case (.named, .string(let name)): return "." + SwiftName.escaped(SwiftName.member(name))
    case (.list(let element), .list(let items)):
      let elements = items.map { literal($0, of: element) }
      guard !elements.contains(where: { $0 == nil }) else { return nil }
      return "[" + elements.compactMap { $0 }.joined(separator: ", ") + "]"
    default: return nil
    }
  }

  /// `text` as a Swift string literal.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

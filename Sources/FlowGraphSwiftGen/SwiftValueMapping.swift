import FlowGraphCore

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
}

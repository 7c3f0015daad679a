/// The type of a param, payload field, input or literal (SPEC §2.5).
public enum ValueType: Hashable, Sendable {
  case string
  case int
  case double
  case bool
  /// A string with a scheme.
  case url
  /// An ISO 8601 date or date-time.
  case date
  /// `list<T>`.
  indirect case list(ValueType)
  /// `T?`: may be absent (`null`); an optional never fills a non-optional.
  indirect case optional(ValueType)
  /// A name from the file's `types` (an enum).
  case named(TypeID)

  /// Whether the type is `T?`.
  public var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// The type without its outermost `?`.
  public var nonOptional: ValueType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }
}

extension ValueType {
  /// The type as written in the DSL (`list<int>`, `Theme?`), each named type
  /// by `name`: for a reader that has the types but no graph yet.
  package func written(naming name: (TypeID) -> String) -> String {
    switch self {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .url: "url"
    case .date: "date"
    case .list(let element): "list<\(element.written(naming: name))>"
    case .optional(let wrapped): "\(wrapped.written(naming: name))?"
    case .named(let id): name(id)
    }
  }
}

extension FlowGraph {
  /// The type as written in the DSL (`list<int>`, `Theme?`).
  public func describe(_ type: ValueType) -> String {
    type.written { types[$0.index].name }
  }
}

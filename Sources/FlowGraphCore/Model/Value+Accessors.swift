// Reading and writing values in app code: `call["email"]?.string`,
// `["postId": 42]` instead of `["postId": .int(42)]`.

extension Value {
  /// The boolean, for a `.bool`.
  public var bool: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The integer, for an `.int`.
  public var int: Int? {
    if case .int(let value) = self { value } else { nil }
  }

  /// The number, for a `.double` or an `.int` (a `double` param accepts both).
  public var double: Double? {
    switch self {
    case .double(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }

  /// The text, for a `.string` (an enum value is a string too).
  public var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The text as written, for a `.url`.
  public var url: String? {
    if case .url(let value) = self { value } else { nil }
  }

  /// The text as written, for a `.date`.
  public var date: String? {
    if case .date(let value) = self { value } else { nil }
  }

  /// The elements, for a `.list`.
  public var list: [Value]? {
    if case .list(let value) = self { value } else { nil }
  }

  /// Whether it is `.null` (an absent optional).
  public var isNull: Bool { self == .null }
}

extension Value: ExpressibleByBooleanLiteral {
  /// A `.bool`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
  /// An `.int`.
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension Value: ExpressibleByFloatLiteral {
  /// A `.double`.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: ExpressibleByStringLiteral {
  /// A `.string` (write `.url("…")` or `.date("…")` for those types).
  public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
  /// A `.list`.
  public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

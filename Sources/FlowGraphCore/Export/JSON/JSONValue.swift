/// A JSON value to write: objects keep their members in the order given, so
/// that output is deterministic and reads in a meaningful order.
indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number, as its JSON text (`3`, `-0.5`, `1e+20`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// An integer.
  static func int(_ value: Int) -> JSONValue { .number(String(value)) }

  /// Whether the value is a scalar (written inline inside an array).
  var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }
}

/// One member of a JSON object.
struct JSONMember: Equatable, Sendable {
  var key: String
  var value: JSONValue

  init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// Builds an object's members, leaving out the optional ones that are absent.
struct JSONObjectBuilder {
  private(set) var members: [JSONMember] = []

  /// Adds a member.
  mutating func add(_ key: String, _ value: JSONValue) {
    members.append(JSONMember(key, value))
  }

  /// Adds a member when `value` is not `nil`.
  mutating func add(_ key: String, _ value: JSONValue?) {
    if let value { members.append(JSONMember(key, value)) }
  }

  /// Adds an array member unless it is empty.
  mutating func addUnlessEmpty(_ key: String, _ values: [JSONValue]) {
    if !values.isEmpty { members.append(JSONMember(key, .array(values))) }
  }

  /// The object.
  var value: JSONValue { .object(members) }
}

/// An object of the document being decoded, keyed by a DTO's `CodingKeys`: it
/// refuses keys that are not coding keys (with a "did you mean"), and reads
/// members kind-checked, with errors at the member's path.
struct StrictObject<Key: CodingKey & CaseIterable & Equatable> {
  /// The object's decoder.
  let decoder: any Decoder
  /// What the object is, in words ("a screen").
  let what: String
  /// The members, by any name (one container: Foundation builds a table of
  /// the members for each).
  private let container: KeyedDecodingContainer<AnyCodingKey>

  /// Reads the value as an object; unless `checkingKeys` is false, refuses
  /// keys that are not in `Key` (call ``rejectUnknownKeys(allowed:what:)`` then).
  init(_ decoder: any Decoder, what: String, checkingKeys: Bool = true) throws {
    guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else {
      throw decoder.mismatch(expected: "\(what) (an object)")
    }
    self.decoder = decoder
    self.what = what
    self.container = container
    if checkingKeys { try rejectUnknownKeys() }
  }

  /// The object's path.
  var path: String { decoder.jsonPath }

  /// The path of a member.
  func path(_ key: Key) -> String { GraphJSONPath.member(path, key.stringValue) }

  /// Throws for a key that is not in `allowed` (the first in sorted order).
  func rejectUnknownKeys(allowed: [Key] = Array(Key.allCases), what: String? = nil)
    throws(GraphJSONError)
  {
    let unknown = container.allKeys.map(\.stringValue).filter { name in
      guard let key = Key(stringValue: name) else { return true }
      return !allowed.contains(key)
    }
    guard let first = unknown.sorted().first else { return }
    let names = allowed.map(\.stringValue)
    throw GraphJSONError(
      "unknown key '\(first)' in \(what ?? self.what)"
        + NameSuggestion.hint(for: first, in: names)
        + "; allowed: \(names.joined(separator: ", "))",
      path: path)
  }

  /// The container's key for `key`.
  private func member(_ key: Key) -> AnyCodingKey { AnyCodingKey(key.stringValue) }

  /// Whether the member is present (even as `null`).
  func has(_ key: Key) -> Bool { container.contains(member(key)) }

  /// An error about this object.
  func error(_ message: String) -> GraphJSONError { GraphJSONError(message, path: path) }

  /// An error about one of its members.
  func error(_ message: String, at key: Key) -> GraphJSONError {
    GraphJSONError(message, path: path(key))
  }

  private func missing(_ key: Key) -> GraphJSONError {
    error("missing key '\(key.stringValue)'")
  }

  // MARK: Scalars

  /// An optional string member.
  func optionalString(_ key: Key) throws -> String? {
    guard has(key) else { return nil }
    if let text = try? container.decode(String.self, forKey: member(key)) { return text }
    return try container.superDecoder(forKey: member(key)).string()
  }

  /// A required string member.
  func string(_ key: Key) throws -> String {
    guard let text = try optionalString(key) else { throw missing(key) }
    return text
  }

  /// An optional integer member.
  func optionalInt(_ key: Key) throws -> Int? {
    guard has(key) else { return nil }
    if let number = try? container.decode(Int.self, forKey: member(key)) { return number }
    return try container.superDecoder(forKey: member(key)).int()
  }

  /// A required integer member.
  func int(_ key: Key) throws -> Int {
    guard let number = try optionalInt(key) else { throw missing(key) }
    return number
  }

  /// An optional boolean member.
  func optionalBool(_ key: Key) throws -> Bool? {
    guard has(key) else { return nil }
    if let flag = try? container.decode(Bool.self, forKey: member(key)) { return flag }
    return try container.superDecoder(forKey: member(key)).bool()
  }

  /// A required boolean member.
  func bool(_ key: Key) throws -> Bool {
    guard let flag = try optionalBool(key) else { throw missing(key) }
    return flag
  }

  // MARK: Nested values

  /// An optional member read by its own `Decodable` conformance (which checks
  /// its kind); `null` is given to it too.
  func optional<T: Decodable>(_ key: Key) throws -> T? {
    guard has(key) else { return nil }
    return try container.decode(T.self, forKey: member(key))
  }

  /// A required member read by its own `Decodable` conformance.
  func required<T: Decodable>(_ key: Key) throws -> T {
    guard let value: T = try optional(key) else { throw missing(key) }
    return value
  }

  /// An optional array member; `nil` when absent.
  func optionalList<T: Decodable>(_ key: Key) throws -> [T]? {
    guard has(key) else { return nil }
    guard var array = try? container.nestedUnkeyedContainer(forKey: member(key)) else {
      throw try container.superDecoder(forKey: member(key)).mismatch(expected: "an array")
    }
    var elements: [T] = []
    elements.reserveCapacity(array.count ?? 0)
    while !array.isAtEnd {
      elements.append(try array.decode(T.self))
    }
    return elements
  }

  /// A required array member.
  func list<T: Decodable>(_ key: Key) throws -> [T] {
    guard let elements: [T] = try optionalList(key) else { throw missing(key) }
    return elements
  }

  /// An optional array of strings; `nil` when absent.
  func optionalStrings(_ key: Key) throws -> [String]? {
    let elements: [JSONStringElement]? = try optionalList(key)
    return elements?.map(\.value)
  }

  /// A required array of strings.
  func strings(_ key: Key) throws -> [String] {
    guard let elements = try optionalStrings(key) else { throw missing(key) }
    return elements
  }

  /// An optional object keyed by names (`on`, `outcomes`), each value read by
  /// its own `Decodable` conformance; `nil` when absent.
  func namedMembers<T: Decodable>(_ key: Key, what: String) throws -> [String: T]? {
    guard has(key) else { return nil }
    guard
      let object = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: member(key))
    else {
      throw try container.superDecoder(forKey: member(key)).mismatch(
        expected: "\(what) (an object)")
    }
    var members: [String: T] = [:]
    for name in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      members[name.stringValue] = try object.decode(T.self, forKey: name)
    }
    return members
  }

  /// The `kind` member, which must be one of `kinds`.
  func kind(_ key: Key, in kinds: [String], what kindOf: String) throws -> String {
    guard has(key) else { throw error("missing key 'kind' in \(kindOf)") }
    let kind = try string(key)
    guard kinds.contains(kind) else {
      throw error(
        "unknown \(kindOf) kind '\(kind)'" + NameSuggestion.hint(for: kind, in: kinds)
          + "; expected one of: \(kinds.joined(separator: ", "))", at: key)
    }
    return kind
  }
}

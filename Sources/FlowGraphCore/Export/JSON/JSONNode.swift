/// A 1-based line and column in a JSON text (columns count Unicode scalars).
struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
  var line: Int
  var column: Int

  var description: String { "\(line):\(column)" }
}

/// A JSON value read by ``JSONParser``, with the position where it starts.
struct JSONNode: Sendable {
  /// The kinds of JSON value.
  indirect enum Value: Sendable {
    case null
    case bool(Bool)
    /// A number, as written.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([Member])
  }

  /// One member of an object, with its key's position.
  struct Member: Sendable {
    var key: String
    var keyPosition: JSONPosition
    var value: JSONNode
  }

  var value: Value
  var position: JSONPosition

  /// What kind of value this is, in words, for error messages.
  var kindName: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

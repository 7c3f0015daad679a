/// Strict access to a parsed JSON document for a decoder: every accessor
/// checks the value's kind and throws a ``GraphJSONError`` with the value's
/// position and path.
struct JSONObjectView {
  /// The object node.
  let node: JSONNode
  /// The object's path in the document (`flows[0].screens[2]`).
  let path: String
  private let members: [String: JSONNode.Member]

  /// Views `node` as an object that may contain only `allowed` keys.
  init(_ node: JSONNode, path: String, allowed: [String], what: String) throws(GraphJSONError) {
    guard case .object(let list) = node.value else {
      throw JSONAccess.error("expected \(what) (an object), found \(node.kindName)", node, path)
    }
    var members: [String: JSONNode.Member] = [:]
    for member in list {
      guard allowed.contains(member.key) else {
        throw GraphJSONError(
          "unknown key '\(member.key)' in \(what)"
            + NameSuggestion.hint(for: member.key, in: allowed)
            + "; allowed: \(allowed.joined(separator: ", "))",
          path: path, line: member.keyPosition.line, column: member.keyPosition.column)
      }
      members[member.key] = member
    }
    self.node = node
    self.path = path
    self.members = members
  }

  /// The path of a member.
  func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The member's value, when present.
  func optional(_ key: String) -> JSONNode? { members[key]?.value }

  /// The member's value; throws when it is missing.
  func required(_ key: String) throws(GraphJSONError) -> JSONNode {
    guard let value = members[key]?.value else {
      throw JSONAccess.error("missing key '\(key)'", node, path)
    }
    return value
  }

  /// A required string member.
  func string(_ key: String) throws(GraphJSONError) -> String {
    try JSONAccess.string(try required(key), path(key))
  }

  /// An optional string member.
  func optionalString(_ key: String) throws(GraphJSONError) -> String? {
    guard let value = optional(key) else { return nil }
    return try JSONAccess.string(value, path(key))
  }

  /// An optional array member (absent means empty).
  func array(_ key: String) throws(GraphJSONError) -> [JSONNode] {
    guard let value = optional(key) else { return [] }
    return try JSONAccess.array(value, path(key))
  }
}

/// Kind-checked reads of JSON values.
enum JSONAccess {
  /// An error at `node`.
  static func error(_ message: String, _ node: JSONNode, _ path: String) -> GraphJSONError {
    GraphJSONError(message, path: path, line: node.position.line, column: node.position.column)
  }

  static func string(_ node: JSONNode, _ path: String) throws(GraphJSONError) -> String {
    guard case .string(let text) = node.value else {
      throw error("expected a string, found \(node.kindName)", node, path)
    }
    return text
  }

  static func bool(_ node: JSONNode, _ path: String) throws(GraphJSONError) -> Bool {
    guard case .bool(let flag) = node.value else {
      throw error("expected true or false, found \(node.kindName)", node, path)
    }
    return flag
  }

  static func int(_ node: JSONNode, _ path: String) throws(GraphJSONError) -> Int {
    guard case .number(let text) = node.value else {
      throw error("expected an integer, found \(node.kindName)", node, path)
    }
    guard let value = Int(text) else {
      throw error("expected an integer, found \(text)", node, path)
    }
    return value
  }

  static func array(_ node: JSONNode, _ path: String) throws(GraphJSONError) -> [JSONNode] {
    guard case .array(let elements) = node.value else {
      throw error("expected an array, found \(node.kindName)", node, path)
    }
    return elements
  }

  /// The members of an object node, in document order.
  static func members(_ node: JSONNode, _ path: String, what: String) throws(GraphJSONError)
    -> [JSONNode.Member]
  {
    guard case .object(let members) = node.value else {
      throw error("expected \(what) (an object), found \(node.kindName)", node, path)
    }
    return members
  }
}

import FlowGraphCore

/// What a name in a flow file may look like: letters, digits, `_` and `-`
/// (so that names work in event scripts such as `rowSelected(postId=3)` and
/// become Swift identifiers in generated code). Reserved words per place.
enum NameRules {
  /// Whether an ASCII byte may appear in a name (non-ASCII bytes are checked
  /// per character by ``isValid(_:)``).
  @inline(__always)
  static func isNameByte(_ byte: UInt8) -> Bool { NameCharacters.isNameByte(byte) }

  /// Whether `text` is a valid name.
  static func isValid(_ text: String) -> Bool { NameCharacters.isValid(text) }

  static let reservedScreenNames: Set<String> = ["pop", "popToRoot", "dismiss", "stay"]
  /// Action names taken by the system events.
  static let reservedActionNames: Set<String> = ["back", "dismiss"]
  /// The built-in result of every flow.
  static let dismissed = "dismissed"
  /// Type names taken by the built-in types.
  static let reservedTypeNames: Set<String> = [
    "string", "int", "double", "bool", "url", "date", "list",
  ]
}

/// What a name in a flow file may look like: letters, digits, `_` and `-`
/// (so that names work in event scripts such as `rowSelected(postId=3)` and
/// become Swift identifiers in generated code). Reserved words per place.
enum NameRules {
  /// Whether an ASCII byte may appear in a name (non-ASCII bytes are checked
  /// per character by ``isValid(_:)``).
  static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Whether `text` is a valid name.
  static func isValid(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    var text = text
    // One pass over contiguous UTF-8 (a small string is copied to the stack).
    let verdict: Bool? = text.withUTF8 { bytes in
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if !isNameByte(byte) { return false }
      }
      return true
    }
    if let verdict { return verdict }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII ? isNameByte(UInt8(scalar.value)) : scalar.properties.isAlphabetic
    }
  }

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

/// What a name in a flow file may look like: letters, digits, `_` and `-`
/// (so that names work in event scripts such as `rowSelected(postId=3)` and
/// become Swift identifiers in generated code). The YAML front end's name
/// rules and the deep-link check (``DeeplinkPattern/check(_:params:report:)``)
/// of every input format use it.
package enum NameCharacters {
  /// Whether an ASCII byte may appear in a name (non-ASCII bytes are checked
  /// per character by ``isValid(_:)``).
  @inlinable @inline(__always)
  package static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Whether `text` is a valid name.
  @inlinable
  package static func isValid(_ text: String) -> Bool {
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
}

extension YAMLNode {
  /// Whether the node is a null scalar (`~`, `null`, `Null`, `NULL`, an empty
  /// plain scalar, or anything tagged `!!null`), decided from its bytes
  /// without making a `String`: the same answer as `scalar?.coreValue == .null`.
  @inline(__always)
  public var isNullScalar: Bool {
    let flags = flags
    guard flags.kind == .scalar else { return false }
    if flags.tag == .null { return true }
    guard flags.tag == .none, flags.style == .plain else { return false }
    return document.withText(Int(index)) { text in
      switch text.count {
      case 0: return true
      case 1: return text[0] == UInt8(ascii: "~")
      case 4:
        let rest = (text[1], text[2], text[3])
        if text[0] == UInt8(ascii: "n") || text[0] == UInt8(ascii: "N") {
          if rest == (UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")) { return true }
        }
        return text[0] == UInt8(ascii: "N")
          && rest == (UInt8(ascii: "U"), UInt8(ascii: "L"), UInt8(ascii: "L"))
      default: return false
      }
    }
  }

  /// ``isNullScalar`` for a node whose text is known to be `count` bytes
  /// long: an untagged null is spelled in 0, 1 or 4 bytes, so most texts
  /// (a name already read) are answered from their length and the node's
  /// tag, without reading the bytes again.
  @inline(__always)
  func isNullScalar(textCount count: Int) -> Bool {
    guard count <= 1 || count == 4 || flags.tag == .null else { return false }
    return isNullScalar
  }

  /// The scalar's text length in UTF-8 bytes (`nil` for collections).
  public var textUTF8Count: Int? {
    withUTF8Text { $0.count }
  }
}

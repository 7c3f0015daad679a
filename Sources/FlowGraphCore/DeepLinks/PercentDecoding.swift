/// Percent-decoding of URL path segments and query items (SPEC §6.2): `%XX`
/// becomes its byte, `+` stays `+`, and the bytes must be UTF-8.
enum PercentDecoding {
  /// The decoded text, or `nil` when an escape is malformed (`%` not followed
  /// by two hex digits) or the decoded bytes are not UTF-8.
  static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    // Most segments have no escape: their bytes are the text (ASCII needs no
    // validation).
    if !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      index = bytes.index(after: index)
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      guard index != bytes.endIndex, let high = hexValue(bytes[index]) else { return nil }
      index = bytes.index(after: index)
      guard index != bytes.endIndex, let low = hexValue(bytes[index]) else { return nil }
      index = bytes.index(after: index)
      decoded.append(high << 4 | low)
    }
    return String(validating: decoded, as: UTF8.self)
  }

  /// The decoded text of `text`.
  static func decode(_ text: Substring) -> String? { decode(Array(text.utf8)) }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// Percent-encoding for the URLs path generation writes: every byte but the
/// unreserved characters (`A–Z a–z 0–9 - . _ ~`) as `%XX`, so that
/// ``PercentDecoding`` reads the text back and no script quoting is needed.
enum PercentEncoding {
  /// `text` with every reserved byte escaped.
  static func encode(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    let hex = Array("0123456789ABCDEF")
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.append(Character(Unicode.Scalar(byte)))
      default:
        result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    return result
  }
}

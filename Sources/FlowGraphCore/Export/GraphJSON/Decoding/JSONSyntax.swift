/// Where text is not JSON, in the words of full Foundation's
/// `JSONSerialization` on Linux ("Invalid value around character 18."), for
/// the message of text that `JSONDecoder` refused, without needing full
/// Foundation. It follows that parser's steps and byte offsets: trailing
/// commas are accepted, fragments allowed; nesting is limited before this
/// runs (``JSONDepthLimit``).
struct JSONSyntax {
  private struct Failure: Error {
    var reason: String
  }

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The first syntax error in `bytes`, or `nil` when they are JSON.
  static func error(in bytes: some Collection<UInt8>) -> String? {
    var parser = JSONSyntax(Array(bytes))
    do {
      try parser.document()
      return nil
    } catch {
      return error.reason
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func read() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  private static func invalid(at index: Int) -> Failure {
    Failure(reason: "Invalid value around character \(index).")
  }

  private static let endOfFile = Failure(reason: "Unexpected end of file during JSON parse.")

  /// The next byte that is not whitespace, not consumed.
  private mutating func skipSpace() throws(Failure) -> UInt8 {
    while let byte = peek() {
      if !Self.isSpace(byte) { return byte }
      index += 1
    }
    throw Self.endOfFile
  }

  private mutating func document() throws(Failure) {
    _ = try? skipSpace()
    try value()
    while let byte = peek() {
      guard Self.isSpace(byte) else { throw Self.invalid(at: index) }
      index += 1
    }
  }

  private mutating func value() throws(Failure) {
    var offset = 0
    while let byte = peek(offset) {
      switch byte {
      case UInt8(ascii: "\""):
        index += offset
        return try string()
      case UInt8(ascii: "{"):
        index += offset
        return try object()
      case UInt8(ascii: "["):
        index += offset
        return try array()
      case UInt8(ascii: "t"):
        index += offset
        return try literal("true")
      case UInt8(ascii: "f"):
        index += offset
        return try literal("false")
      case UInt8(ascii: "n"):
        index += offset
        return try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        index += offset
        return try number()
      case _ where Self.isSpace(byte):
        offset += 1
      default:
        throw Self.invalid(at: index)
      }
    }
    throw Self.endOfFile
  }

  private mutating func literal(_ word: String) throws(Failure) {
    for expected in word.utf8 where read() != expected {
      guard index < bytes.count else { throw Self.endOfFile }
      throw Self.invalid(at: index - 1)
    }
  }

  private mutating func array() throws(Failure) {
    index += 1
    if try skipSpace() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      try value()
      let next = try skipSpace()
      if next == UInt8(ascii: "]") {
        index += 1
        return
      }
      guard next == UInt8(ascii: ",") else { throw Self.invalid(at: index) }
      index += 1
      if try skipSpace() == UInt8(ascii: "]") {
        index += 1
        return
      }
    }
  }

  private mutating func object() throws(Failure) {
    index += 1
    if try skipSpace() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      try string()
      guard try skipSpace() == UInt8(ascii: ":") else { throw Self.invalid(at: index) }
      index += 1
      _ = try skipSpace()
      try value()
      let next = try skipSpace()
      if next == UInt8(ascii: "}") {
        index += 1
        return
      }
      guard next == UInt8(ascii: ",") else { throw Self.invalid(at: index) }
      index += 1
      if try skipSpace() == UInt8(ascii: "}") {
        index += 1
        return
      }
    }
  }

  private mutating func string() throws(Failure) {
    guard read() == UInt8(ascii: "\"") else {
      throw Self.invalid(at: index - 1)
    }
    var start = index
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        try checkUTF8(start..<index)
        index += 1
        return
      case 0...31:
        throw Failure(reason: "Unescaped control character around character \(index).")
      case UInt8(ascii: "\\"):
        try checkUTF8(start..<index)
        try escape()
        start = index
      default:
        index += 1
      }
    }
    throw Self.endOfFile
  }

  private func checkUTF8(_ range: Range<Int>) throws(Failure) {
    var decoder = UTF8()
    var iterator = bytes[range].makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return
      case .error:
        throw Failure(
          reason:
            "Invalid UTF-8 sequence \(range.count) bytes starting from character \(range.lowerBound)."
        )
      }
    }
  }

  private mutating func escape() throws(Failure) {
    index += 1
    guard let byte = read() else { throw Self.endOfFile }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return
    case UInt8(ascii: "u"):
      let high = try hexQuad()
      if high & 0xFC00 == 0xD800 {
        guard let backslash = read(), let u = read() else { throw Self.endOfFile }
        guard backslash == UInt8(ascii: "\\"), u == UInt8(ascii: "u"),
          try hexQuad() & 0xFC00 == 0xDC00
        else {
          throw Failure(
            reason: "Unexpected end of file during string parse"
              + " (expected low-surrogate code point but did not find one).")
        }
      } else if Unicode.Scalar(high) == nil {
        throw Failure(
          reason:
            "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.")
      }
    default:
      throw Failure(reason: "Invalid escape sequence around character \(index - 2).")
    }
  }

  private mutating func hexQuad() throws(Failure) -> UInt16 {
    let start = index
    guard index + 4 <= bytes.count else {
      index = bytes.count
      throw Self.endOfFile
    }
    let digits = bytes[index..<index + 4]
    index += 4
    var value: UInt16 = 0
    for digit in digits {
      guard let nibble = Self.hexValue(digit) else {
        let text = String(decoding: digits, as: UTF8.self)
        throw Failure(reason: "Invalid hex encoded sequence in \"\(text)\" at \(start).")
      }
      value = value << 4 | UInt16(nibble)
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private enum NumberPart { case operand, decimalPoint, exponent, exponentSign }

  private mutating func number() throws(Failure) {
    var part = NumberPart.operand
    var digits = bytes[index] == UInt8(ascii: "-") ? 0 : 1
    var leadingZero = bytes[index] == UInt8(ascii: "0")
    var length = 1
    while let byte = peek(length) {
      let at = index + length
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if leadingZero { throw Failure(reason: "Number with leading zero around character \(at).") }
        if byte == UInt8(ascii: "0"), digits == 0, part == .operand { leadingZero = true }
        length += 1
        digits += 1
      case UInt8(ascii: "."):
        guard digits > 0, part == .operand else { throw Self.invalid(at: at) }
        length += 1
        leadingZero = false
        part = .decimalPoint
        digits = 0
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard digits > 0, part == .operand || part == .decimalPoint else {
          throw Self.invalid(at: at)
        }
        length += 1
        leadingZero = false
        part = .exponent
        digits = 0
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard digits == 0, part == .exponent else { throw Self.invalid(at: at) }
        length += 1
        part = .exponentSign
        digits = 0
      case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
        guard digits > 0 else { throw Self.invalid(at: at) }
        index += length
        return
      default:
        throw Self.invalid(at: at)
      }
    }
    guard digits > 0 else { throw Self.endOfFile }
    index = bytes.count
  }
}

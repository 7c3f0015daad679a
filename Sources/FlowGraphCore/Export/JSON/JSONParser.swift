/// A JSON syntax error, at a position of the text.
struct JSONSyntaxError: Error, Sendable {
  var message: String
  var position: JSONPosition
}

/// A strict RFC 8259 JSON parser that keeps the position of every value.
///
/// It refuses what a lenient parser lets through: comments, trailing commas,
/// leading zeros, unescaped control characters, lone surrogates, duplicate
/// object keys, and nesting deeper than ``maxDepth``. A leading UTF-8 byte
/// order mark is skipped.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maxDepth = 256

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0

  /// Parses `text` as one JSON value.
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try parser.parseDocument()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var position: JSONPosition { JSONPosition(line: line, column: column) }

  private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    let node = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw fail("unexpected \(describeCurrent()) after the JSON value")
    }
    return node
  }

  private func fail(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, position: position)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  /// Moves past one byte, keeping line and column (in scalars) up to date.
  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advance()
      default: return
      }
    }
  }

  private mutating func expect(_ literal: String) throws(JSONSyntaxError) {
    for byte in literal.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw fail("expected '\(literal)', found \(describeCurrent())")
      }
      advance()
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    let start = position
    guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONNode(value: .object(try parseObject()), position: start)
    case UInt8(ascii: "["): return JSONNode(value: .array(try parseArray()), position: start)
    case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
    case UInt8(ascii: "t"):
      try expect("true")
      return JSONNode(value: .bool(true), position: start)
    case UInt8(ascii: "f"):
      try expect("false")
      return JSONNode(value: .bool(false), position: start)
    case UInt8(ascii: "n"):
      try expect("null")
      return JSONNode(value: .null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(value: .number(try parseNumber()), position: start)
    default:
      throw fail("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maxDepth {
      throw fail("nesting deeper than \(Self.maxDepth) arrays and objects")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> [JSONNode.Member] {
    try enter()
    defer { depth -= 1 }
    advance()  // {
    var members: [JSONNode.Member] = []
    var seen: Set<String> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      advance()
      return members
    }
    while true {
      skipWhitespace()
      let keyPosition = position
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a string key, found \(describeCurrent())")
      }
      let key = try parseString()
      guard seen.insert(key).inserted else {
        throw JSONSyntaxError(message: "duplicate key \"\(key)\"", position: keyPosition)
      }
      skipWhitespace()
      try expect(":")
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        advance()
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        advance()
        return members
      }
      throw fail("expected ',' or '}', found \(describeCurrent())")
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> [JSONNode] {
    try enter()
    defer { depth -= 1 }
    advance()  // [
    var elements: [JSONNode] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      advance()
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of input in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        advance()
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        advance()
        return elements
      }
      throw fail("expected ',' or ']', found \(describeCurrent())")
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { advance() }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw fail("expected a digit, found \(describeCurrent())")
    }
    if bytes[index] == UInt8(ascii: "0") {
      advance()
      if index < bytes.count, isDigit(bytes[index]) {
        throw fail("a number may not have a leading zero")
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      advance()
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("expected a digit after '.', found \(describeCurrent())")
      }
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      advance()
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        advance()
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("expected a digit in the exponent, found \(describeCurrent())")
      }
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    advance()  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ parser: JSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
      if end > runStart {
        scalars.append(
          contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard index < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(self, upTo: index, into: &scalars)
        advance()
        return String(scalars)
      }
      if byte < 0x20 {
        throw fail(
          "a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped in a string"
        )
      }
      if byte == UInt8(ascii: "\\") {
        flush(self, upTo: index, into: &scalars)
        advance()
        scalars.append(try parseEscape())
        runStart = index
        continue
      }
      advance()
    }
  }

  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard index < bytes.count else { throw fail("unterminated string") }
    let byte = bytes[index]
    advance()
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex4()
      if (0xD800..<0xDC00).contains(first) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw fail(
            "a high surrogate \\u\(String(first, radix: 16)) must be followed by a low surrogate")
        }
        advance()
        advance()
        let second = try parseHex4()
        guard (0xDC00..<0xE000).contains(second) else {
          throw fail("expected a low surrogate after \\u\(String(first, radix: 16))")
        }
        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return Unicode.Scalar(value)!
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw fail("a lone low surrogate \\u\(String(first, radix: 16)) is not a character")
      }
      return scalar
    default:
      index -= 1
      column -= 1
      throw fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw fail("expected four hex digits after \\u")
      }
      value = value * 16 + digit
      advance()
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

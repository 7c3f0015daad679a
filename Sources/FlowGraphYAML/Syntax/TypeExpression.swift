/// A type expression as written (`int`, `list<string>`, `Theme?`), before
/// named types are resolved (SPEC §2.5).
indirect enum TypeExpression: Hashable, Sendable {
  case string, int, double, bool, url, date
  /// `list<T>`.
  case list(TypeExpression)
  /// `T?`.
  case optional(TypeExpression)
  /// A name from `types` (resolved by the compiler).
  case named(String)

  /// Whether the expression is `T?`.
  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// Parses a type expression; `nil` when it is malformed (`list<int`, `int??`).
  ///
  /// Grammar: `type := base "?"?`, `base := "list" "<" type ">" | name`; spaces
  /// around the tokens are allowed.
  static func parse(_ text: String) -> TypeExpression? {
    // Over the text's own bytes: no array of them, and no `String` but a
    // named type's name.
    var text = text
    return text.withUTF8 { bytes in
      var parser = Parser(bytes: bytes)
      guard let type = parser.parseType(depth: 0) else { return nil }
      parser.skipSpaces()
      return parser.atEnd ? type : nil
    }
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var atEnd: Bool { position == bytes.count }

    mutating func skipSpaces() {
      while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 {
        position += 1
      }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
      skipSpaces()
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    mutating func parseType(depth: Int) -> TypeExpression? {
      guard depth < 32, var base = parseBase(depth: depth) else { return nil }
      if consume(UInt8(ascii: "?")) { base = .optional(base) }
      return base
    }

    mutating func parseBase(depth: Int) -> TypeExpression? {
      skipSpaces()
      let start = position
      while position < bytes.count, NameRules.isNameByte(bytes[position]) { position += 1 }
      guard position > start else { return nil }
      // Name bytes are ASCII: comparing them is comparing the words.
      let word = UnsafeBufferPointer(rebasing: bytes[start..<position])
      if word.elementsEqual("string".utf8) { return .string }
      if word.elementsEqual("int".utf8) { return .int }
      if word.elementsEqual("double".utf8) { return .double }
      if word.elementsEqual("bool".utf8) { return .bool }
      if word.elementsEqual("url".utf8) { return .url }
      if word.elementsEqual("date".utf8) { return .date }
      if word.elementsEqual("list".utf8) {
        guard consume(UInt8(ascii: "<")), let element = parseType(depth: depth + 1),
          consume(UInt8(ascii: ">"))
        else { return nil }
        return .list(element)
      }
      return .named(String(decoding: word, as: UTF8.self))
    }
  }
}

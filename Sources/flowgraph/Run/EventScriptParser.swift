/// Reads the `--events` syntax (SPEC §4): `a,b(x=1,text="a, b"),back`.
///
/// An event is a name, optionally followed by arguments in parentheses,
/// `name=value` separated by commas. A value is bare text (trimmed; it ends at
/// `,` or `)`), a JSON string in double quotes (for text with `,`, `)` or
/// `"`), or a JSON array in brackets (commas inside are fine).
struct EventScriptParser {
  private let characters: [Character]
  private var index = 0

  private init(_ text: String) {
    characters = Array(text)
  }

  /// The events of a comma-separated list (`--events`). An empty list is no events.
  static func parseList(_ text: String) throws(EventSyntaxError) -> [ScriptedEvent] {
    var parser = EventScriptParser(text)
    parser.skipSpaces()
    guard !parser.atEnd else { return [] }
    var events: [ScriptedEvent] = []
    while true {
      events.append(try parser.event(number: events.count + 1))
      parser.skipSpaces()
      if parser.atEnd { return events }
      guard parser.peek == "," else {
        throw parser.error("expected ',' between events, found '\(parser.peek!)'")
      }
      parser.index += 1
    }
  }

  /// Exactly one event (a line of `--events-file`).
  static func parseOne(_ text: String) throws(EventSyntaxError) -> ScriptedEvent {
    var parser = EventScriptParser(text)
    let event = try parser.event(number: nil)
    parser.skipSpaces()
    guard parser.atEnd else {
      if parser.peek == "," {
        throw parser.error("one event per line: this line goes on after the event with ','")
      }
      throw parser.error("unexpected '\(parser.peek!)' after the event")
    }
    return event
  }

  // MARK: Grammar

  private var atEnd: Bool { index >= characters.count }
  private var peek: Character? { atEnd ? nil : characters[index] }

  private mutating func skipSpaces() {
    while let character = peek, character.isWhitespace { index += 1 }
  }

  private func error(_ message: String, at column: Int? = nil) -> EventSyntaxError {
    EventSyntaxError(message: message, column: (column ?? index) + 1)
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    !character.isWhitespace && !"(),=\"[]".contains(character)
  }

  private mutating func event(number: Int?) throws(EventSyntaxError) -> ScriptedEvent {
    skipSpaces()
    let start = index
    let which = number.map { "event \($0)" } ?? "the event"
    if let link = try openEvent(which) { return link }
    while let character = peek, Self.isNameCharacter(character) { index += 1 }
    let name = String(characters[start..<index])
    guard !name.isEmpty else {
      if atEnd || peek == "," { throw error("\(which) is empty") }
      throw error("\(which) must start with an action name, not '\(peek!)'")
    }
    var arguments: [ScriptedEvent.Argument] = []
    skipSpaces()
    if peek == "(" {
      let open = index
      index += 1
      skipSpaces()
      if peek == ")" {
        index += 1
      } else {
        while true {
          skipSpaces()
          let argumentStart = index
          let argument = try self.argument(in: name, open: open)
          if arguments.contains(where: { $0.name == argument.name }) {
            throw error(
              "argument '\(argument.name)' is given twice in '\(name)'", at: argumentStart)
          }
          arguments.append(argument)
          skipSpaces()
          guard let character = peek else {
            throw error("'(' of '\(name)' is never closed", at: open)
          }
          index += 1
          if character == ")" { break }
        }
      }
    }
    if name == "back" || name == "dismiss" || name == "cancelPendingLink" || name.hasPrefix("tab:"),
      !arguments.isEmpty
    {
      throw error("'\(name)' is a system event and takes no arguments", at: start)
    }
    if name == "tab:" {
      throw error("'tab:' needs a tab name: tab:NAME selects tab NAME of the tab bar", at: start)
    }
    let source = String(characters[start..<index])
    return ScriptedEvent(name: name, arguments: arguments, source: source)
  }

  /// `open:URL` (SPEC §6.2): the URL bare (it ends at `,` or a space) or in
  /// double quotes with JSON escapes (`open:"myapp://search?q=a,b"`); `nil`
  /// when the event is not an `open:`.
  private mutating func openEvent(_ which: String) throws(EventSyntaxError) -> ScriptedEvent? {
    let prefix = Array("open:")
    guard index + prefix.count <= characters.count,
      Array(characters[index..<index + prefix.count]) == prefix
    else { return nil }
    let start = index
    index += prefix.count
    let url: String
    if peek == "\"" {
      url = try quoted()
    } else {
      let urlStart = index
      while let character = peek, character != ",", !character.isWhitespace {
        if character == "\"" {
          throw error("a URL with '\"' must be written in double quotes, with JSON escapes")
        }
        index += 1
      }
      url = String(characters[urlStart..<index])
    }
    guard !url.isEmpty else {
      throw error("\(which) 'open:' needs a URL: open:myapp://posts/42", at: start)
    }
    return ScriptedEvent(
      name: "open:", arguments: [], source: String(characters[start..<index]), url: url)
  }

  /// `key=value`, leaving the parser on the `,` or `)` after it.
  private mutating func argument(in event: String, open: Int) throws(EventSyntaxError)
    -> ScriptedEvent.Argument
  {
    skipSpaces()
    let start = index
    while let character = peek, Self.isNameCharacter(character) { index += 1 }
    let name = String(characters[start..<index])
    skipSpaces()
    guard !name.isEmpty else {
      if atEnd { throw error("'(' of '\(event)' is never closed", at: open) }
      throw error("expected an argument name in '\(event)', found '\(peek!)'")
    }
    guard peek == "=" else {
      throw error("argument '\(name)' of '\(event)' needs a value: \(name)=VALUE")
    }
    index += 1
    skipSpaces()
    let value: ScriptedEvent.Argument
    switch peek {
    case "\"":
      value = ScriptedEvent.Argument(name: name, text: try quoted(), quoted: true)
    case "[":
      value = ScriptedEvent.Argument(name: name, text: try bracketed(), quoted: false)
    default:
      let valueStart = index
      while let character = peek, character != ",", character != ")" {
        if character == "\"" {
          throw error("a value with '\"' must be written in double quotes, with JSON escapes")
        }
        index += 1
      }
      var text = String(characters[valueStart..<index])
      while text.last?.isWhitespace == true { text.removeLast() }
      value = ScriptedEvent.Argument(name: name, text: text, quoted: false)
    }
    skipSpaces()
    guard let next = peek else { throw error("'(' of '\(event)' is never closed", at: open) }
    guard next == "," || next == ")" else {
      throw error("unexpected '\(next)' after the value of '\(name)'; quote values that contain it")
    }
    return value
  }

  /// A JSON string in double quotes, unescaped.
  private mutating func quoted() throws(EventSyntaxError) -> String {
    let open = index
    index += 1
    var text = ""
    while let character = peek {
      index += 1
      switch character {
      case "\"":
        return text
      case "\\":
        guard let escape = peek else { break }
        index += 1
        switch escape {
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "/": text.append("/")
        case "b": text.append("\u{08}")
        case "f": text.append("\u{0C}")
        case "n": text.append("\n")
        case "r": text.append("\r")
        case "t": text.append("\t")
        case "u":
          text.unicodeScalars.append(try unicodeEscape())
        default:
          throw error("'\\\(escape)' is not a JSON escape", at: index - 2)
        }
      default:
        text.append(character)
      }
    }
    throw error("the quote is never closed", at: open)
  }

  /// The scalar of `\uXXXX` (with a surrogate pair when needed).
  private mutating func unicodeEscape() throws(EventSyntaxError) -> Unicode.Scalar {
    func hex() throws(EventSyntaxError) -> UInt32 {
      guard index + 4 <= characters.count,
        let value = UInt32(String(characters[index..<index + 4]), radix: 16)
      else { throw error("'\\u' needs four hex digits") }
      index += 4
      return value
    }
    let first = try hex()
    if (0xD800...0xDBFF).contains(first) {
      guard index + 6 <= characters.count, characters[index] == "\\", characters[index + 1] == "u"
      else { throw error("a lone surrogate in '\\u' escapes") }
      index += 2
      let second = try hex()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw error("a lone surrogate in '\\u' escapes")
      }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    guard let scalar = Unicode.Scalar(first) else {
      throw error("a lone surrogate in '\\u' escapes")
    }
    return scalar
  }

  /// A bracketed JSON array's text, brackets matched outside strings.
  private mutating func bracketed() throws(EventSyntaxError) -> String {
    let open = index
    var depth = 0
    var inString = false
    while let character = peek {
      index += 1
      if inString {
        if character == "\\" {
          index += 1
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"": inString = true
      case "[": depth += 1
      case "]":
        depth -= 1
        if depth == 0 { return String(characters[open..<index]) }
      default: break
      }
    }
    throw error("'[' is never closed", at: open)
  }
}

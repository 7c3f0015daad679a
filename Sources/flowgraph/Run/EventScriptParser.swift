import FlowGraphCore

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

  /// A JSON string in double quotes, unescaped (``JSONStringLiteral``); a
  /// control character may be written as it is.
  private mutating func quoted() throws(EventSyntaxError) -> String {
    // The literal's scalars from its quote on; positions are counted back
    // in characters, the unit of the columns.
    let rest = String(characters[index...])
    let scalars = Array(rest.unicodeScalars)
    var end = 0
    switch JSONStringLiteral.read(scalars, at: &end, allowsControlCharacters: true) {
    case .success(let text):
      index += Self.characterCount(scalars[..<end])
      return text
    case .failure(let failure):
      let at = index + Self.characterCount(scalars[..<failure.index])
      switch failure.reason {
      case .unterminated: throw error("the quote is never closed", at: at)
      case .unknownEscape(let escape): throw error("'\\\(escape)' is not a JSON escape", at: at)
      case .badHexDigits: throw error("'\\u' needs four hex digits", at: at)
      case .loneSurrogate: throw error("a lone surrogate in '\\u' escapes", at: at)
      case .controlCharacter: throw error("a control character in a quoted value", at: at)
      }
    }
  }

  /// How many characters these scalars make.
  private static func characterCount(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text).count
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

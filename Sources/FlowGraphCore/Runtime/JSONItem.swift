/// A small JSON reader for list values (`tags=["a", "b, c"]`): keeps number
/// literals as text so that their type can be decided by the declared type.
package enum JSONItem: Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONItem])
  case object

  /// Reads one JSON value that spans all of `text`.
  package static func read(_ text: String) -> JSONItem? {
    var reader = Reader(Array(text.unicodeScalars))
    guard let value = reader.value() else { return nil }
    reader.skipSpaces()
    return reader.atEnd ? value : nil
  }

  private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }

    mutating func skipSpaces() {
      while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
    }

    mutating func literal(_ word: String) -> Bool {
      let word = Array(word.unicodeScalars)
      guard index + word.count <= scalars.count, Array(scalars[index..<index + word.count]) == word
      else { return false }
      index += word.count
      return true
    }

    mutating func value() -> JSONItem? {
      skipSpaces()
      guard index < scalars.count else { return nil }
      switch scalars[index] {
      case "n": return literal("null") ? .null : nil
      case "t": return literal("true") ? .bool(true) : nil
      case "f": return literal("false") ? .bool(false) : nil
      case "\"": return string().map(JSONItem.string)
      case "[": return array()
      case "{": return skipObject() ? .object : nil
      default: return number()
      }
    }

    mutating func number() -> JSONItem? {
      let start = index
      if index < scalars.count, scalars[index] == "-" { index += 1 }
      let digitsStart = index
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      guard index > digitsStart else { return nil }
      if index < scalars.count, scalars[index] == "." {
        index += 1
        let fraction = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index > fraction else { return nil }
      }
      if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
        index += 1
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        let exponent = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index > exponent else { return nil }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[start..<index])
      return .number(text)
    }

    mutating func string() -> String? {
      try? JSONStringLiteral.read(scalars, at: &index).get()
    }

    mutating func array() -> JSONItem? {
      index += 1
      var items: [JSONItem] = []
      skipSpaces()
      if index < scalars.count, scalars[index] == "]" {
        index += 1
        return .array(items)
      }
      while true {
        guard let item = value() else { return nil }
        items.append(item)
        skipSpaces()
        guard index < scalars.count else { return nil }
        let scalar = scalars[index]
        index += 1
        if scalar == "]" { return .array(items) }
        guard scalar == "," else { return nil }
      }
    }

    mutating func skipObject() -> Bool {
      var depth = 0
      var inString = false
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if inString {
          if scalar == "\\" { index += 1 } else if scalar == "\"" { inString = false }
          continue
        }
        switch scalar {
        case "\"": inString = true
        case "{", "[": depth += 1
        case "}", "]":
          depth -= 1
          if depth == 0 { return true }
        default: break
        }
      }
      return false
    }
  }
}

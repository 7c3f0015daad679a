/// What a line holds as a mapping key: its name and the value on its line.
extension YAMLShapeDiagnosis {
  /// A plain key of a block mapping on one line: `key:` or `key: value`.
  struct KeyLine {
    /// The key's name.
    var name: String
    /// The byte offset of the key's first byte.
    var start: Int
    /// The value written on the key's line, without a comment; empty when
    /// the value follows on the next lines (or there is none).
    var value: String
  }

  /// `line` read as `key:` or `key: value`; `nil` for anything else (a list
  /// item, a quoted key, a plain scalar).
  func keyLine(_ line: Line) -> KeyLine? {
    let start = line.start + line.indent
    guard line.hasContent, isKeyOrItem(line), bytes[start] != UInt8(ascii: "-") else { return nil }
    var colon = start
    while bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    return KeyLine(
      name: text(start, colon), start: start, value: content(of: line, from: colon + 1))
  }

  /// The text of `line` from byte `offset` to its end or its comment,
  /// without the blanks around it.
  func content(of line: Line, from offset: Int) -> String {
    var first = offset
    while first < line.end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
    var end = first
    while end < line.end {
      if bytes[end] == UInt8(ascii: "#"), end == first || bytes[end - 1] == 0x20 { break }
      end += 1
    }
    while end > first, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return text(first, end)
  }
}

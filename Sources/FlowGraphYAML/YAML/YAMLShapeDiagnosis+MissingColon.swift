/// `title Card` for `title: Card`: a plain scalar of two words or more where
/// a mapping key stands. libyaml reads it as a key still looking for its `:`
/// ("could not find expected ':'", on a later line) or, as the first line
/// of a block, as a value that runs on into the next key ("mapping values
/// are not allowed in this context", on the next line; "did not find
/// expected key" when a comment ends the value). Named at the word
/// that is the key, when that word is a key: of the DSL, or elsewhere in
/// the file (so that an indented line of a long value is not taken for one).
extension YAMLShapeDiagnosis {
  /// The key without its `:` that made libyaml report `problem` while on
  /// line index `last` (the key scanned since `contextLine`, 1-based).
  func missingColon(problem: String, at last: Int, contextLine: Int?) -> Finding? {
    let candidate: Int
    if problem.hasPrefix("could not find expected ':'"), let contextLine,
      contextLine >= 1, contextLine <= lines.count
    {
      candidate = contextLine - 1
    } else if Self.valueProblems.contains(where: problem.hasPrefix),
      let line = previousContentLine(before: last), opensBlock(before: line),
      lines[line].indent == lines[last].indent, keyLine(lines[last]) != nil
    {
      candidate = line
    } else {
      return nil
    }
    let line = lines[candidate]
    let start = line.start + line.indent
    var wordEnd = start
    while wordEnd < line.end, Self.isKeyByte(bytes[wordEnd]) { wordEnd += 1 }
    guard line.hasContent, wordEnd > start, bytes[start] != UInt8(ascii: "-"), wordEnd < line.end,
      bytes[wordEnd] == 0x20 || bytes[wordEnd] == 0x09
    else { return nil }
    let word = text(start, wordEnd)
    let value = content(of: line, from: wordEnd)
    guard !value.isEmpty, !value.contains(": "), !value.hasSuffix(":"), isKnownKey(word) else {
      return nil
    }
    return Finding(
      message: YAMLFindings.missingColon(key: word, value: value), start: start, end: wordEnd,
      replacement: word + ":")
  }

  /// `actions` for `actions:` with its value on the lines below: a line of
  /// one word, followed by a line indented deeper that is a key. libyaml
  /// reads the word as a value running on into that key and stops there
  /// ("mapping values are not allowed in this context"); the two lines can
  /// only mean a key and its map.
  func loneKey(before last: Int) -> Finding? {
    guard let wordLine = previousContentLine(before: last), keyLine(lines[last]) != nil,
      lines[wordLine].indent < lines[last].indent
    else { return nil }
    // Not the last line of a value that runs over lines (`this` / `is`).
    if let above = previousContentLine(before: wordLine), !isKeyOrItem(lines[above]) {
      return nil
    }
    let line = lines[wordLine]
    let start = line.start + line.indent
    var wordEnd = start
    while wordEnd < line.end, Self.isKeyByte(bytes[wordEnd]) { wordEnd += 1 }
    guard wordEnd > start, bytes[start] != UInt8(ascii: "-"),
      content(of: line, from: wordEnd).isEmpty
    else { return nil }
    let word = text(start, wordEnd)
    return Finding(
      message: YAMLFindings.missingColon(key: word), start: start, end: wordEnd,
      replacement: word + ":")
  }

  /// libyaml's words when a key without its `:` is the first line of a block.
  private static let valueProblems = [
    "mapping values are not allowed in this context", "did not find expected key",
  ]

  /// Whether the content line before line index `line` is `key:` with its
  /// value on the next lines, less indented than `line`.
  private func opensBlock(before line: Int) -> Bool {
    guard let previous = previousContentLine(before: line), let key = keyLine(lines[previous])
    else { return false }
    return key.value.isEmpty && lines[previous].indent < lines[line].indent
  }

  /// Whether `word` is a key of the DSL or a key of another line of the file.
  private func isKnownKey(_ word: String) -> Bool {
    Self.dslKeys.contains(word) || lines.contains { keyLine($0)?.name == word }
  }

  /// Every key the DSL has, anywhere in a file.
  static let dslKeys = Set(
    DSLKeys.document + DSLKeys.flow + DSLKeys.screen + DSLKeys.tab + DSLKeys.task
      + DSLKeys.typeDefinition + DSLKeys.transition + DSLKeys.field + DSLKeys.start)
}

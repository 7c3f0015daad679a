import FlowGraphCore

/// A post-mortem of an error that stopped libyaml: reads the source lines
/// around where it stopped to name the real cause of the most common
/// YAML-shape mistakes (a tab in the indentation, a line indented a space or
/// two off its siblings, a key indented less than the keys around it, a
/// missing space after a key's `:`, a key without its `:`), in place of
/// libyaml's words, at the line and column of the cause.
struct YAMLShapeDiagnosis {
  /// What was found: the message and the bytes it is about.
  struct Finding: Equatable {
    var message: String
    var start: Int
    var end: Int
    /// The text that replaces `start..<end` to mend the file, when certain.
    var replacement: String? = nil
    /// How to mend the file, said as a `help:` note.
    var help: String? = nil
  }

  /// One line of the file.
  struct Line {
    /// The byte offset of its first byte.
    var start: Int
    /// The byte offset of its line break (or the end of the file).
    var end: Int
    /// The number of spaces before its first other character.
    var indent: Int
    /// Whether it holds more than blanks and a comment.
    var hasContent: Bool
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let lines: [Line]

  init(bytes: UnsafeBufferPointer<UInt8>, lineStarts: [UInt32]) {
    self.bytes = bytes
    var lines: [Line] = []
    lines.reserveCapacity(lineStarts.count)
    for (index, start) in lineStarts.enumerated() {
      let start = Int(start)
      var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) : bytes.count
      while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
      var first = start
      while first < end, bytes[first] == 0x20 { first += 1 }
      var content = first
      while content < end, bytes[content] == 0x20 || bytes[content] == 0x09 { content += 1 }
      let hasContent = content < end && bytes[content] != UInt8(ascii: "#")
      lines.append(Line(start: start, end: end, indent: first - start, hasContent: hasContent))
    }
    self.lines = lines
  }

  /// The cause of the error libyaml reported as `problem` on 1-based line
  /// `problemLine`, with its context (if any) on `contextLine`; `nil` when
  /// the lines show none of the known shapes.
  func diagnose(problem: String, problemLine: Int, contextLine: Int?) -> Finding? {
    let last = min(problemLine, lines.count) - 1
    guard last >= 0 else { return nil }
    let first = max(0, min((contextLine ?? problemLine) - 1, last))
    if let tab = tabInIndentation(lines: first...last) { return tab }
    if let colon = missingSpaceAfterColon(near: last, contextLine: contextLine) { return colon }
    if let colon = missingColon(problem: problem, at: last, contextLine: contextLine) {
      return colon
    }
    if Self.indentationProblems.contains(where: problem.hasPrefix) {
      return loneKey(before: last) ?? dedentedKey(before: last) ?? misindentedLine(at: last)
    }
    return nil
  }

  /// libyaml's words for a line that does not fit the indentation around it.
  static let indentationProblems = [
    "did not find expected key", "mapping values are not allowed in this context",
    "did not find expected '-' indicator", "could not find expected ':'",
  ]

  // MARK: Tabs

  private func tabInIndentation(lines range: ClosedRange<Int>) -> Finding? {
    for line in lines[range] {
      var i = line.start
      while i < line.end, bytes[i] == 0x20 || bytes[i] == 0x09 {
        if bytes[i] == 0x09 {
          return Finding(
            message: "a tab character is not allowed for indentation; use spaces",
            start: i, end: i + 1)
        }
        i += 1
      }
    }
    return nil
  }

  // MARK: A missing space after ':'

  /// The line libyaml stopped on, the content line before it and the line
  /// its context started on, checked for `key:value`.
  private func missingSpaceAfterColon(near last: Int, contextLine: Int?) -> Finding? {
    var candidates = [last]
    if let previous = previousContentLine(before: last) { candidates.append(previous) }
    if let contextLine, contextLine - 1 < lines.count, contextLine - 1 >= 0 {
      candidates.append(contextLine - 1)
    }
    for index in candidates {
      if let finding = keyWithoutSpace(lines[index]) { return finding }
    }
    return nil
  }

  /// `key:value` on a line that is not already `key: value`.
  private func keyWithoutSpace(_ line: Line) -> Finding? {
    guard line.hasContent else { return nil }
    var i = line.start + line.indent
    let keyStart = i
    while i < line.end, Self.isKeyByte(bytes[i]) { i += 1 }
    guard i > keyStart, i + 1 < line.end, bytes[i] == UInt8(ascii: ":") else { return nil }
    let next = bytes[i + 1]
    // (`http://…` is a URL, not a key.)
    guard next != 0x20, next != 0x09, next != UInt8(ascii: ":"), next != UInt8(ascii: "/") else {
      return nil
    }
    // The rest of the line must not be a `key: value` of its own.
    var j = i + 1
    while j < line.end {
      if bytes[j] == UInt8(ascii: ":"), j + 1 == line.end || bytes[j + 1] == 0x20 { return nil }
      if bytes[j] == UInt8(ascii: "#"), bytes[j - 1] == 0x20 { break }
      j += 1
    }
    var valueEnd = j
    while valueEnd > i + 1, bytes[valueEnd - 1] == 0x20 { valueEnd -= 1 }
    let key = text(keyStart, i)
    let value = text(i + 1, valueEnd)
    return Finding(
      message: YAMLFindings.missingSpaceAfterColon(key: key, value: value), start: i, end: i + 1,
      replacement: ": ")
  }

  static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "$"), UInt8(ascii: "."):
      true
    default: byte >= 0x80
    }
  }

  // MARK: Indentation

  /// A line among siblings whose indentation differs from theirs, found from
  /// the line libyaml stopped on and the content line before it.
  private func misindentedLine(at problem: Int) -> Finding? {
    guard lines[problem].hasContent, let before = previousContentLine(before: problem) else {
      return nil
    }
    let p = lines[problem].indent
    let q = lines[before].indent
    // The lines that hold `before`, from the nearest out: each less indented.
    var levels: [(indent: Int, line: Int)] = [(q, before)]
    var index = before
    while let previous = previousContentLine(before: index) {
      index = previous
      if lines[index].indent < levels[levels.count - 1].indent {
        levels.append((lines[index].indent, index))
      }
    }
    // The two groups of would-be siblings: `other` (the indentation of the
    // lines before) and `p`; `parent` holds them both.
    let other: Int
    let parent: (indent: Int, line: Int)?
    if p > q {
      other = q
      parent = levels.count > 1 ? levels[1] : nil
    } else if p < q, !levels.contains(where: { $0.indent == p }) {
      guard let deeper = levels.last(where: { $0.indent > p }) else { return nil }
      other = deeper.indent
      parent = levels.first { $0.indent < p }
    } else {
      return nil
    }
    let parentIndent = parent?.indent ?? -1
    let blockStart = (parent?.line ?? -1) + 1
    var blockEnd = blockStart
    while blockEnd < lines.count,
      !lines[blockEnd].hasContent || lines[blockEnd].indent > parentIndent
    {
      blockEnd += 1
    }
    let block = lines[blockStart..<blockEnd].filter(\.hasContent)
    let otherCount = block.count { $0.indent == other }
    let problemCount = block.count { $0.indent == p }
    // The expected indentation, when the file shows its step before the block.
    let expected: Int? =
      if let parent { indentStep(before: parent.line + 1).map { parent.indent + $0 } } else { 0 }
    let problemIsOff: Bool
    if let expected, other == expected, p != expected {
      problemIsOff = true
    } else if let expected, p == expected, other != expected {
      problemIsOff = false
    } else {
      problemIsOff = otherCount >= problemCount
    }
    let culprit: Line
    if problemIsOff {
      culprit = lines[problem]
    } else {
      guard let firstOther = block.first(where: { $0.indent == other }) else { return nil }
      culprit = firstOther
    }
    let (off, siblings) = problemIsOff ? (p, other) : (other, p)
    // Only keys and list items have siblings to be aligned with (a line of a
    // block scalar or of a multi-line scalar is another matter).
    let sibling = problemIsOff ? block.first { $0.indent == other } : lines[problem]
    guard isKeyOrItem(culprit), let sibling, isKeyOrItem(sibling) else { return nil }
    let start = culprit.start + culprit.indent
    var end = start
    while end < culprit.end, bytes[end] != UInt8(ascii: ":"), bytes[end] != 0x20 { end += 1 }
    let what = bytes[start] == UInt8(ascii: "-") ? "item" : "key"
    return Finding(
      message: "this \(what) is indented \(Self.spaces(off)); its siblings use \(siblings)",
      start: start, end: max(end, start + 1))
  }

  /// The indentation step the file uses before line index `limit` (the
  /// lines in question are not counted): the most common increase from a
  /// line to the next more indented one; 2 on a tie, `nil` when there is none.
  private func indentStep(before limit: Int) -> Int? {
    var counts: [Int: Int] = [:]
    var previous: Int? = nil
    for line in lines[0..<limit] where line.hasContent {
      if let previous, line.indent > previous { counts[line.indent - previous, default: 0] += 1 }
      previous = line.indent
    }
    guard let most = counts.values.max() else { return nil }
    let steps = counts.filter { $0.value == most }.keys
    return steps.count == 1 ? steps.first! : 2
  }

  /// Whether a line is `key:` / `key: value` (a plain key) or a list item `- …`.
  func isKeyOrItem(_ line: Line) -> Bool {
    var i = line.start + line.indent
    guard i < line.end else { return false }
    if bytes[i] == UInt8(ascii: "-") {
      return i + 1 == line.end || bytes[i + 1] == 0x20
    }
    let keyStart = i
    while i < line.end, Self.isKeyByte(bytes[i]) { i += 1 }
    guard i > keyStart, i < line.end, bytes[i] == UInt8(ascii: ":") else { return false }
    return i + 1 == line.end || bytes[i + 1] == 0x20
  }

  // MARK: Helpers

  func previousContentLine(before index: Int) -> Int? {
    var i = index - 1
    while i >= 0 {
      if lines[i].hasContent { return i }
      i -= 1
    }
    return nil
  }

  func text(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  static func spaces(_ count: Int) -> String {
    count == 1 ? "1 space" : "\(count) spaces"
  }
}

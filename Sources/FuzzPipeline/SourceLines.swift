import FlowGraphCore

/// The lines of a file as libyaml counts them (LF, CR, CRLF, NEL, LS and PS
/// end a line), each line's length in columns (Unicode scalars; a leading BOM
/// is not a column; an invalid byte counts as one column when it is not a
/// continuation byte), and the way back from a byte offset to a position.
/// The fuzz targets check every diagnostic position against it.
struct SourceLines {
  /// The bytes of the file.
  let bytes: [UInt8]
  /// For each line, its first byte's offset.
  private(set) var starts: [Int] = []
  /// For each line, its length in columns (without the line break).
  private(set) var lengths: [Int] = []

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var index = Self.bomLength(bytes)
    var lineStart = 0
    var columns = 0
    while index < bytes.count {
      let breakLength = Self.lineBreakLength(bytes, at: index)
      if breakLength > 0 {
        starts.append(lineStart)
        lengths.append(columns)
        index += breakLength
        lineStart = index
        columns = 0
        continue
      }
      if bytes[index] & 0xC0 != 0x80 { columns += 1 }
      index += 1
    }
    starts.append(lineStart)
    lengths.append(columns)
  }

  /// The number of lines (a file ending with a line break has an empty last line).
  var lineCount: Int { lengths.count }

  static func bomLength(_ bytes: [UInt8]) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// The length of the line break at `index`, or 0 when there is none.
  static func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int {
    let byte = bytes[index]
    let count = bytes.count
    if byte == 0x0A { return 1 }
    if byte == 0x0D { return index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1 }
    if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0x85 { return 2 }
    if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
    {
      return 3
    }
    return 0
  }

  /// Why `position` does not lie inside the file, or `nil` when it does:
  /// line within the line count, column within the line's length + 1, and a
  /// byte offset inside the file that names the same line and column.
  func problem(with position: SourcePosition) -> String? {
    guard position.line >= 1, position.line <= lineCount else {
      return "line \(position.line) is outside the file's \(lineCount) lines"
    }
    let length = lengths[position.line - 1]
    guard position.column >= 1, position.column <= length + 1 else {
      return
        "column \(position.column) of line \(position.line) is outside the line's \(length) columns"
    }
    guard position.offset >= 0, position.offset <= bytes.count else {
      return "byte offset \(position.offset) is outside the file's \(bytes.count) bytes"
    }
    let (line, column) = lineAndColumn(ofByte: position.offset)
    guard line == position.line, column == position.column else {
      return
        "byte offset \(position.offset) is at \(line):\(column), not \(position.line):\(position.column)"
    }
    return nil
  }

  /// The 1-based line and column of the byte at `offset`.
  func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
    // The last line starting at or before `offset`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var index = max(starts[low], low == 0 ? Self.bomLength(bytes) : 0)
    var column = 1
    while index < offset, index < bytes.count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return (low + 1, column)
  }
}

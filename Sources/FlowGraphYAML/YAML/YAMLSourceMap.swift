internal import CFlowGraphLibYAML
import FlowGraphCore

/// Turns libyaml marks (0-based line and column, an index counted in
/// characters after any BOM) into ``SourcePosition``s (1-based, with the byte
/// offset in the file), and byte offsets into positions for reader errors.
struct YAMLSourceMap {
  let bytes: UnsafeBufferPointer<UInt8>
  /// 3 when the file starts with a UTF-8 BOM, else 0.
  let bomLength: Int
  /// Whether every byte is ASCII (then a character index is a byte offset).
  let isASCII: Bool
  private var cursorIndex = 0
  private var cursorOffset: Int

  /// Where the lines start.
  let lines: SourceLineTable

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    bomLength = Self.hasUTF8BOM(bytes) ? 3 : 0
    lines = SourceLineTable(bytes: bytes, bomLength: bomLength)
    isASCII = lines.isASCII
    cursorOffset = bomLength
  }

  static func hasUTF8BOM(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The position of a libyaml mark. libyaml ends the stream on a line of its
  /// own, so at the end of a file whose last line has no line break its marks
  /// are one line past the last; the end of the last line is the real position.
  @inline(__always)
  mutating func position(_ mark: yaml_mark_t) -> SourcePosition {
    let offset = byteOffset(ofCharacter: mark.index)
    if offset == bytes.count, mark.column == 0 { return position(ofOffset: offset) }
    return SourcePosition(line: mark.line + 1, column: mark.column + 1, offset: offset)
  }

  /// The byte offset of a libyaml mark.
  @inline(__always)
  mutating func offset(_ mark: yaml_mark_t) -> Int {
    let offset = byteOffset(ofCharacter: mark.index)
    // The arena keeps offsets only: its positions come from the line table,
    // which must agree with libyaml's own count.
    assert(position(ofOffset: offset) == position(mark), "line table disagrees with libyaml")
    return offset
  }

  /// The position of a byte offset, from the line table.
  @inline(__always)
  func position(ofOffset offset: Int) -> SourcePosition {
    lines.position(ofOffset: offset)
  }

  /// The byte offset of the character at libyaml index `index`.
  @inline(__always)
  mutating func byteOffset(ofCharacter index: Int) -> Int {
    if isASCII { return min(index + bomLength, bytes.count) }
    while cursorIndex < index, cursorOffset < bytes.count {
      cursorOffset += 1
      while cursorOffset < bytes.count, bytes[cursorOffset] & 0xC0 == 0x80 { cursorOffset += 1 }
      cursorIndex += 1
    }
    while cursorIndex > index, cursorOffset > bomLength {
      cursorOffset -= 1
      while cursorOffset > bomLength, bytes[cursorOffset] & 0xC0 == 0x80 { cursorOffset -= 1 }
      cursorIndex -= 1
    }
    return cursorOffset
  }

  /// The position of the byte at `offset`, counting lines as libyaml does
  /// (LF, CR, CRLF, NEL, LS, PS) and columns in Unicode scalars (a BOM is not
  /// a column). Invalid UTF-8 before `offset` counts one column per lead byte.
  func position(ofByte offset: Int) -> SourcePosition {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var column = 1
    var i = bomLength <= end ? bomLength : 0
    while i < end {
      let byte = bytes[i]
      if byte == 0x0A {
        line += 1
        column = 1
        i += 1
      } else if byte == 0x0D {
        line += 1
        column = 1
        i += (i + 1 < end && bytes[i + 1] == 0x0A) ? 2 : 1
      } else if byte == 0xC2, i + 1 < end, bytes[i + 1] == 0x85 {
        line += 1
        column = 1
        i += 2
      } else if byte == 0xE2, i + 2 < end, bytes[i + 1] == 0x80,
        bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
      {
        line += 1
        column = 1
        i += 3
      } else {
        if byte & 0xC0 != 0x80 { column += 1 }
        i += 1
      }
    }
    return SourcePosition(line: line, column: column, offset: end)
  }
}

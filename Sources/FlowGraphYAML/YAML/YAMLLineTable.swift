import FlowGraphCore

/// Where every line of a file starts, so that a byte offset becomes a
/// line:column position without storing either per node.
///
/// Lines are counted as libyaml counts them (LF, CR, CRLF, NEL, LS, PS) and
/// columns in Unicode scalars (a leading BOM is not a column), as
/// ``YAMLSourceMap/position(ofByte:)`` does.
struct YAMLLineTable: Sendable {
  /// The byte offset of the first byte of each line (line 1 first).
  let lineStarts: [UInt32]
  /// Whether every byte is ASCII (then a column is a byte count).
  let isASCII: Bool

  /// Scans `bytes`, whose first `bomLength` bytes are a BOM.
  init(bytes: UnsafeBufferPointer<UInt8>, bomLength: Int) {
    var starts: [UInt32] = []
    starts.reserveCapacity(bytes.count / 32 + 2)
    starts.append(UInt32(clamping: bomLength))
    var ascii = true
    let count = bytes.count
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      var i = bomLength
      while i < count {
        // Eight bytes at a time while none is LF, CR or non-ASCII (a false
        // positive only sends the word to the byte loop).
        if i &+ 8 <= count {
          let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          let lf = word ^ 0x0A0A_0A0A_0A0A_0A0A
          let cr = word ^ 0x0D0D_0D0D_0D0D_0D0D
          let ones: UInt64 = 0x0101_0101_0101_0101
          let found = (word | ((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & 0x8080_8080_8080_8080
          if found == 0 {
            i &+= 8
            continue
          }
          // The lowest flagged byte is a real hit (false positives only
          // follow a real one).
          i &+= found.trailingZeroBitCount >> 3
        }
        let byte = base[i]
        if byte == 0x0A {
          i &+= 1
          starts.append(UInt32(clamping: i))
        } else if byte == 0x0D {
          i &+= (i &+ 1 < count && base[i &+ 1] == 0x0A) ? 2 : 1
          starts.append(UInt32(clamping: i))
        } else if byte >= 0x80 {
          ascii = false
          if byte == 0xC2, i &+ 1 < count, base[i &+ 1] == 0x85 {
            i &+= 2
            starts.append(UInt32(clamping: i))
          } else if byte == 0xE2, i &+ 2 < count, base[i &+ 1] == 0x80,
            base[i &+ 2] == 0xA8 || base[i &+ 2] == 0xA9
          {
            i &+= 3
            starts.append(UInt32(clamping: i))
          } else {
            i &+= 1
          }
        } else {
          i &+= 1
        }
      }
    }
    lineStarts = starts
    isASCII = ascii
    blockLines = Self.blockLines(starts: starts, count: count)
  }

  /// The bytes covered by one entry of `blockLines`.
  static let blockShift = 7

  /// Per block of 128 bytes: the index of the line holding its first byte
  /// (0 before the first line), so that finding a line scans a few starts.
  let blockLines: [UInt32]

  private static func blockLines(starts: [UInt32], count: Int) -> [UInt32] {
    let blocks = count >> blockShift + 1
    var lines = [UInt32](repeating: 0, count: blocks)
    var line = 0
    for block in 0..<blocks {
      let offset = block << blockShift
      while line + 1 < starts.count, Int(starts[line + 1]) <= offset { line += 1 }
      lines[block] = UInt32(line)
    }
    return lines
  }

  /// The position of the byte at `offset` of `bytes` (the file the table
  /// was made from; only read when the file is not all ASCII).
  @inline(__always)
  func position(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
    position(ofOffset: offset, line: lineIndex(ofOffset: offset), in: bytes)
  }

  /// The positions of a range's two ends (the end's line is found from the
  /// start's when they are close).
  @inline(__always)
  func positions(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    start: SourcePosition, end: SourcePosition
  ) {
    let startLine = lineIndex(ofOffset: start)
    var endLine = startLine
    if startLine >= 0, end >= start, end - start <= 1 << Self.blockShift {
      lineStarts.withUnsafeBufferPointer { starts in
        while endLine + 1 < starts.count, Int(starts[endLine + 1]) <= end { endLine += 1 }
      }
    } else {
      endLine = lineIndex(ofOffset: end)
    }
    return (
      position(ofOffset: start, line: startLine, in: bytes),
      position(ofOffset: end, line: endLine, in: bytes)
    )
  }

  /// The position of the byte at `offset`, on line index `line`.
  @inline(__always)
  private func position(ofOffset offset: Int, line: Int, in bytes: UnsafeBufferPointer<UInt8>)
    -> SourcePosition
  {
    guard line >= 0 else { return SourcePosition(line: 1, column: 1, offset: offset) }
    let start = lineStarts.withUnsafeBufferPointer { Int($0[line]) }
    var column = offset - start
    if !isASCII {
      column = 0
      for i in start..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
    }
    return SourcePosition(line: line + 1, column: column + 1, offset: offset)
  }

  /// The index of the line holding `offset` (-1 before the first line: in a BOM).
  @inline(__always)
  func lineIndex(ofOffset offset: Int) -> Int {
    lineStarts.withUnsafeBufferPointer { starts in
      guard offset >= Int(starts[0]) else { return -1 }
      var line = blockLines.withUnsafeBufferPointer {
        Int($0[min(offset >> Self.blockShift, $0.count - 1)])
      }
      while line + 1 < starts.count, Int(starts[line + 1]) <= offset { line += 1 }
      return line
    }
  }
}

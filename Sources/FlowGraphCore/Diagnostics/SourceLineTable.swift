/// Where every line of a file starts, so that a byte offset becomes a
/// line:column position without storing either per node or per range: the one
/// implementation of "offset to position", used by the YAML front end while it
/// loads and by a graph's ``SourceMap`` afterwards.
///
/// Lines are counted as libyaml counts them (LF, CR, CRLF, NEL, LS, PS) and
/// columns in Unicode scalars (a leading BOM is not a column; an invalid UTF-8
/// byte that is not a continuation byte counts as one column). The table keeps
/// no text: in a file that is not all ASCII it keeps the offsets of the UTF-8
/// continuation bytes, which a column does not count.
package struct SourceLineTable: Hashable, Sendable {
  /// The byte offset of the first byte of each line (line 1 first).
  package let lineStarts: [UInt32]
  /// Whether every byte is ASCII (then a column is a byte count).
  package let isASCII: Bool
  /// The offsets of the UTF-8 continuation bytes (`10xxxxxx`), ascending;
  /// empty when the file is all ASCII.
  package let continuations: [UInt32]
  /// The file's size in bytes.
  package let byteCount: Int

  /// Scans `bytes`, whose first `bomLength` bytes are a BOM.
  package init(bytes: UnsafeBufferPointer<UInt8>, bomLength: Int) {
    var starts: [UInt32] = []
    starts.reserveCapacity(bytes.count / 32 + 2)
    starts.append(UInt32(clamping: bomLength))
    var continuations: [UInt32] = []
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
            continuations.append(UInt32(clamping: i &+ 1))
            i &+= 2
            starts.append(UInt32(clamping: i))
          } else if byte == 0xE2, i &+ 2 < count, base[i &+ 1] == 0x80,
            base[i &+ 2] == 0xA8 || base[i &+ 2] == 0xA9
          {
            continuations.append(UInt32(clamping: i &+ 1))
            continuations.append(UInt32(clamping: i &+ 2))
            i &+= 3
            starts.append(UInt32(clamping: i))
          } else {
            if byte & 0xC0 == 0x80 { continuations.append(UInt32(clamping: i)) }
            i &+= 1
          }
        } else {
          i &+= 1
        }
      }
    }
    lineStarts = starts
    isASCII = ascii
    self.continuations = continuations
    byteCount = count
    blockLines = Self.blockLines(starts: starts, count: count)
  }

  /// A table read back from its parts (the compiled format), or `nil` when
  /// they do not describe a file of `byteCount` bytes: line starts ascending
  /// from at most 3 (a BOM) and within the file, continuation offsets
  /// ascending, within the file and never a line start.
  ///
  /// Without `indexed`, the table keeps no index of lines per block of
  /// bytes, and finds a line by binary search: for a graph that is loaded
  /// to be run, whose positions are needed only for what it reports.
  package init?(
    lineStarts: [UInt32], continuations: [UInt32], byteCount: Int, indexed: Bool = true
  ) {
    guard byteCount >= 0, byteCount <= Int(UInt32.max), let first = lineStarts.first, first <= 3,
      Int(first) <= byteCount
    else { return nil }
    for index in lineStarts.indices.dropFirst() {
      guard lineStarts[index] > lineStarts[index - 1], Int(lineStarts[index]) <= byteCount else {
        return nil
      }
    }
    for index in continuations.indices {
      guard Int(continuations[index]) < byteCount,
        index == 0 || continuations[index] > continuations[index - 1]
      else { return nil }
    }
    self.lineStarts = lineStarts
    self.continuations = continuations
    self.isASCII = continuations.isEmpty
    self.byteCount = byteCount
    blockLines = indexed ? Self.blockLines(starts: lineStarts, count: byteCount) : []
  }

  package static func == (lhs: SourceLineTable, rhs: SourceLineTable) -> Bool {
    lhs.byteCount == rhs.byteCount && lhs.lineStarts == rhs.lineStarts
      && lhs.continuations == rhs.continuations
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(byteCount)
    hasher.combine(lineStarts.count)
  }

  /// The bytes covered by one entry of `blockLines`.
  static let blockShift = 7

  /// Per block of 128 bytes: the index of the line holding its first byte
  /// (0 before the first line), so that finding a line scans a few starts;
  /// empty in a table made without this index (then a line is found by
  /// binary search).
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

  /// The position of the byte at `offset`.
  @inline(__always)
  package func position(ofOffset offset: Int) -> SourcePosition {
    position(ofOffset: offset, line: lineIndex(ofOffset: offset))
  }

  /// The positions of a range's two ends (the end's line is found from the
  /// start's when they are close).
  @inline(__always)
  package func positions(from start: Int, to end: Int) -> (
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
      position(ofOffset: start, line: startLine),
      position(ofOffset: end, line: endLine)
    )
  }

  /// The position of the byte at `offset`, on line index `line`.
  @inline(__always)
  private func position(ofOffset offset: Int, line: Int) -> SourcePosition {
    guard line >= 0 else { return SourcePosition(line: 1, column: 1, offset: offset) }
    let start = lineStarts.withUnsafeBufferPointer { Int($0[line]) }
    let end = min(offset, byteCount)
    var column = max(end - start, 0)
    if !isASCII, column > 0 {
      column -= continuationCount(before: end) - continuationCount(before: start)
    }
    return SourcePosition(line: line + 1, column: column + 1, offset: offset)
  }

  /// How many continuation bytes lie before `offset` (a binary search).
  private func continuationCount(before offset: Int) -> Int {
    continuations.withUnsafeBufferPointer { offsets in
      var low = 0
      var high = offsets.count
      while low < high {
        let middle = (low + high) >> 1
        if Int(offsets[middle]) < offset { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The index of the line holding `offset` (-1 before the first line: in a BOM).
  @inline(__always)
  package func lineIndex(ofOffset offset: Int) -> Int {
    lineStarts.withUnsafeBufferPointer { starts in
      guard offset >= Int(starts[0]) else { return -1 }
      guard !blockLines.isEmpty else {
        // The last line whose start is at or before `offset`.
        var low = 0
        var high = starts.count
        while high - low > 1 {
          let middle = (low + high) / 2
          if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
      }
      var line = blockLines.withUnsafeBufferPointer {
        Int($0[min(offset >> Self.blockShift, $0.count - 1)])
      }
      while line + 1 < starts.count, Int(starts[line + 1]) <= offset { line += 1 }
      return line
    }
  }
}

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
          let found = word | ((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)
          if found & 0x8080_8080_8080_8080 == 0 {
            i &+= 8
            continue
          }
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
  }

  /// The position of the byte at `offset` of `bytes` (the file the table
  /// was made from; only read when the file is not all ASCII).
  @inline(__always)
  func position(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
    let line = lineIndex(ofOffset: offset)
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
      // Lines are about the same length: start at the proportional guess,
      // then bisect the bracket around it.
      var low = 0
      var high = starts.count
      let last = Int(starts[starts.count - 1])
      if last > 0, starts.count > 16 {
        let guess = min(
          starts.count - 1, Int(Double(offset) / Double(last) * Double(starts.count - 1)))
        var step = 8
        if Int(starts[guess]) <= offset {
          low = guess
          while low + step < starts.count, Int(starts[low + step]) <= offset {
            low += step
            step &*= 2
          }
          high = min(starts.count, low + step)
        } else {
          high = guess
          while high - step > 0, Int(starts[high - step]) > offset {
            high -= step
            step &*= 2
          }
          low = max(0, high - step)
        }
      }
      // starts[low] <= offset < starts[high] (high == count: past the last start).
      while high - low > 1 {
        let middle = (low + high) >> 1
        if Int(starts[middle]) <= offset { low = middle } else { high = middle }
      }
      return low
    }
  }
}

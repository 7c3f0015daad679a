extension ActionTable {
  /// The index of the action named `name` on a screen (the first one, as
  /// the screen declares them). Each entry is compared by length and by
  /// three words of the name (its first sixteen bytes and its last eight,
  /// read once from `name`), which decide equality for names of up to 24
  /// bytes; only a longer name that matches them is then compared byte by
  /// byte in the middle. No hashing, no copy of the name.
  @inline(__always)
  func action(named name: String, onScreen screen: Int) -> Int? {
    if let found = name.utf8.withContiguousStorageIfAvailable({ name in
      find(UnsafeRawBufferPointer(name), onScreen: screen)
    }) {
      return found
    }
    let copy = Array(name.utf8)
    return copy.withUnsafeBytes { find($0, onScreen: screen) }
  }

  @inline(__always)
  private func find(_ name: UnsafeRawBufferPointer, onScreen screen: Int) -> Int? {
    guard name.count <= Int(Int32.max) else { return nil }
    let key = Self.fingerprint(of: name)
    let count = Int32(truncatingIfNeeded: name.count)
    let start = Int(starts[screen])
    let end = Int(starts[screen + 1])
    return entries.withUnsafeBufferPointer { entries in
      var index = start
      while index < end {
        if entries[index].head == key.head, entries[index].count == count,
          entries[index].middle == key.middle, entries[index].tail == key.tail,
          name.count <= 24 || middleMatches(name, at: Int(entries[index].nameStart))
        {
          return index - start
        }
        index += 1
      }
      return nil
    }
  }

  /// Whether the bytes of `name` between its first sixteen and last eight
  /// equal those of the stored name at `start` (of the same length).
  @inline(never)
  private func middleMatches(_ name: UnsafeRawBufferPointer, at start: Int) -> Bool {
    bytes.withUnsafeBytes { bytes in
      let stored = bytes.baseAddress! + start
      let given = name.baseAddress!
      var offset = 16
      let end = name.count - 8
      while offset + 8 <= end {
        if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != given.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      while offset < end {
        if stored.load(fromByteOffset: offset, as: UInt8.self)
          != given.load(fromByteOffset: offset, as: UInt8.self)
        {
          return false
        }
        offset += 1
      }
      return true
    }
  }

  /// Three words of a name: its bytes 0..<8, 8..<16 and its last eight
  /// (zero-padded and overlapping as its length requires). With the length,
  /// they decide equality for names of up to 24 bytes.
  @inline(__always)
  static func fingerprint(
    of bytes: UnsafeRawBufferPointer
  ) -> (head: UInt64, middle: UInt64, tail: UInt64) {
    let count = bytes.count
    if count >= 8 {
      let base = bytes.baseAddress!
      return (
        base.loadUnaligned(as: UInt64.self),
        count >= 16 ? base.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0,
        base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      )
    }
    var head: UInt64 = 0
    var offset = 0
    while offset < count {
      head |= UInt64(bytes[offset]) << UInt64(offset * 8)
      offset += 1
    }
    return (head, 0, head)
  }
}

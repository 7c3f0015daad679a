extension UncheckedRunnerCore {
  /// The ``ActionTable/NameWords`` of a name, read from the string's UTF-8
  /// storage with unaligned 8-byte loads (no copy of the name, no
  /// hashing): the quick path's name lookup compares them instead of the
  /// strings. The one place the runtime reads a string's bytes through a
  /// pointer; the table's words are made by the same function.
  @inline(__always)
  static func nameWords(of name: String) -> ActionTable.NameWords {
    if let words = name.utf8.withContiguousStorageIfAvailable({
      nameWords(of: UnsafeRawBufferPointer($0))
    }) {
      return words
    }
    return Array(name.utf8).withUnsafeBytes { nameWords(of: $0) }
  }

  /// The words of a name's UTF-8 bytes: `bytes[0 ..< 8]`, `bytes[8 ..< 16]`
  /// and the last eight (zero-padded and overlapping as the length
  /// requires). Every load stays inside `bytes`.
  @inline(__always)
  private static func nameWords(of bytes: UnsafeRawBufferPointer) -> ActionTable.NameWords {
    let count = bytes.count
    guard count >= 8, let base = bytes.baseAddress else {
      var head: UInt64 = 0
      var offset = 0
      while offset < count {
        head |= UInt64(bytes[offset]) << UInt64(offset &* 8)
        offset += 1
      }
      return ActionTable.NameWords(count: count, head: head, middle: 0, tail: head)
    }
    return ActionTable.NameWords(
      count: count,
      head: base.loadUnaligned(as: UInt64.self),
      middle: count >= 16 ? base.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0,
      tail: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
  }
}

extension UncheckedRunnerCore {
  /// The index of the first of `entries[start ..< end]` whose name has
  /// `key`'s length and words, or `nil`: the quick path's name lookup. The
  /// range is checked once against the array; the entries are then read
  /// through a pointer, without a bounds check each.
  @inline(__always)
  static func firstEntry(
    matching key: ActionTable.NameWords, in entries: [ActionTable.Entry], from start: Int,
    to end: Int
  ) -> Int? {
    precondition(start >= 0 && end <= entries.count, "an action table's range is out of bounds")
    let count = Int32(truncatingIfNeeded: key.count)
    return entries.withUnsafeBufferPointer { entries in
      guard let base = entries.baseAddress else { return nil }
      // By index, not by pointer: the found entry's index is then at hand
      // (a pointer's distance from the base is a division by the stride).
      var index = start
      while index < end {
        let entry = base + index
        if entry.pointee.head == key.head, entry.pointee.count == count,
          entry.pointee.middle == key.middle, entry.pointee.tail == key.tail
        {
          return index
        }
        index &+= 1
      }
      return nil
    }
  }
}

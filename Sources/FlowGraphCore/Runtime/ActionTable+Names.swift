extension ActionTable {
  /// A name's length and three words of its UTF-8 bytes (its first sixteen
  /// and its last eight; ``UncheckedRunnerCore/nameWords(of:)``): equal
  /// words mean equal names for names of up to ``decisiveCount`` bytes.
  struct NameWords {
    /// How many UTF-8 bytes the name has.
    var count: Int
    /// Bytes 0 ..< 8 (zero-padded).
    var head: UInt64
    /// Bytes 8 ..< 16 (zero when the name is shorter than sixteen).
    var middle: UInt64
    /// The last eight bytes (for a name shorter than eight, ``head``).
    var tail: UInt64

    /// The longest name whose words decide its equality.
    static let decisiveCount = 24
  }

  /// The index of the action named `name` on a screen (the first one, as
  /// the screen declares them): entries are compared by length and words
  /// (``NameWords``), and a name longer than
  /// ``NameWords/decisiveCount`` bytes that matches them as strings. A name
  /// that matches only by canonical equivalence (other bytes) is not found
  /// here; the general path then finds it.
  @inline(__always)
  func action(named name: String, onScreen screen: Int) -> Int? {
    let key = UncheckedRunnerCore.nameWords(of: name)
    let count = Int32(truncatingIfNeeded: key.count)
    guard Int(count) == key.count else { return nil }
    let start = Int(starts[screen])
    var index = start
    let end = Int(starts[screen + 1])
    while index < end {
      if entries[index].head == key.head, entries[index].count == count,
        entries[index].middle == key.middle, entries[index].tail == key.tail,
        key.count <= NameWords.decisiveCount || names[index] == name
      {
        return index - start
      }
      index += 1
    }
    return nil
  }
}

extension ActionTable {
  /// A name's length and three words of its UTF-8 bytes (its first sixteen
  /// and its last eight; ``UncheckedRunnerCore/Names/words(of:)-(String)``): equal
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
  /// (``NameWords``, scanned by ``UncheckedRunnerCore/firstEntry(matching:in:from:to:)``),
  /// and a name longer than ``NameWords/decisiveCount`` bytes that matches
  /// them as strings too. A name that matches only by canonical equivalence
  /// (other bytes) is not found here; the general path then finds it.
  @inline(__always)
  func action(named name: String, onScreen screen: Int) -> Int? {
    let key = UncheckedRunnerCore.nameWords(of: name)
    let start = Int(starts[screen])
    let end = Int(starts[screen + 1])
    guard key.count <= NameWords.decisiveCount else {
      return longAction(named: name, key, from: start, to: end)
    }
    guard
      let index = UncheckedRunnerCore.firstEntry(matching: key, in: entries, from: start, to: end)
    else { return nil }
    return index - start
  }

  /// ``action(named:onScreen:)`` for a name longer than
  /// ``NameWords/decisiveCount`` bytes: the entries whose words match are
  /// also compared as strings (out of line, so that the common lookup makes
  /// no call and keeps its values in registers).
  @inline(never)
  private func longAction(named name: String, _ key: NameWords, from start: Int, to end: Int)
    -> Int?
  {
    var from = start
    while let index = UncheckedRunnerCore.firstEntry(
      matching: key, in: entries, from: from, to: end)
    {
      if names[index] == name { return index - start }
      from = index + 1
    }
    return nil
  }
}

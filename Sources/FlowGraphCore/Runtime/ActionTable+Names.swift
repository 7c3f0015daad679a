extension ActionTable {
  /// The index of the action named `name` on a screen (the first one, as
  /// the screen declares them): entries whose name has `name`'s UTF-8 length
  /// are compared as strings, as the general path compares them. A name
  /// that matches only by canonical equivalence (other bytes, another
  /// length) is not found here; the general path then finds it.
  @inline(__always)
  func action(named name: String, onScreen screen: Int) -> Int? {
    let count = name.utf8.count
    let start = Int(starts[screen])
    var index = start
    let end = Int(starts[screen + 1])
    while index < end {
      if Int(entries[index].count) == count, names[index] == name { return index - start }
      index += 1
    }
    return nil
  }
}

/// The keys of a document's large mappings, hashed: open-addressing tables
/// of pair indices, all in one array, found by the mapping's node index.
struct YAMLKeyTables: Sendable {
  /// A mapping's table: `capacity` slots (a power of two) from `first`.
  struct Table: Sendable {
    var first: Int
    var capacity: Int
  }

  /// Mapping node → its table.
  var tables: [Int32: Table] = [:]
  /// Pair index + 1 per slot; 0 is an empty slot.
  var slots: [Int32] = []

  /// The table of mapping `node`, when it has one.
  @inline(__always)
  func table(of node: Int32) -> Table? {
    tables.isEmpty ? nil : tables[node]
  }

  /// The hash of a key's UTF-8 text (seeded per process, so that crafted
  /// keys cannot make lookups quadratic).
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }

  /// The slot count for `pairs` keys: a power of two, at most half full.
  static func capacity(for pairs: Int) -> Int {
    var capacity = 16
    while capacity < 2 * pairs { capacity *= 2 }
    return capacity
  }

  /// The pair whose key is `key` (`isKey(pair)` compares a candidate).
  func find(_ key: UnsafeBufferPointer<UInt8>, in table: Table, isKey: (Int) -> Bool) -> Int? {
    let mask = table.capacity - 1
    var slot = Self.hash(key) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let entry = Int(slots[table.first + slot])
        if entry == 0 { return nil }
        if isKey(entry - 1) { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }
  }
}

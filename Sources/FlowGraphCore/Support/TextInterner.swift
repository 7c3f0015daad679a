/// One `String` per distinct text, found again by a hash of its UTF-8 bytes
/// and a byte comparison: cheaper than a `[String: Int]` lookup, which
/// hashes through `String`'s Unicode-aware hashing. The YAML front end's name
/// table and ``GraphTableWriter``'s name table are built on it.
package struct TextInterner {
  /// Open addressing: the index of an entry plus one, or 0 when empty.
  private var slots: [UInt32]
  /// How many entries are in ``slots``.
  private var indexed = 0
  package private(set) var strings: [String] = []
  private var hashes: [UInt32] = []
  private var offsets: [UInt32] = []
  private var lengths: [UInt32] = []
  /// The bytes of every entry, back to back.
  private var bytes: [UInt8] = []

  package init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
  }

  /// The index of `text`'s entry, added when new.
  @inline(__always)
  package mutating func entry(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    entry(text, string: nil)
  }

  /// The index of `text`'s entry, added (sharing `text`'s storage) when new.
  package mutating func entry(_ text: String) -> Int {
    var bytes = text
    return bytes.withUTF8 { entry($0, string: text) }
  }

  /// Adds `text` as an entry of its own, not found by ``entry(_:)``: for
  /// free text (titles, descriptions), which is rarely repeated and not worth
  /// hashing.
  package mutating func appendUnindexed(_ text: String) -> Int {
    strings.append(text)
    hashes.append(0)
    offsets.append(0)
    lengths.append(Self.unindexed)
    return strings.count - 1
  }

  /// The length of an entry that ``appendUnindexed(_:)`` added.
  private static let unindexed = UInt32.max

  private mutating func entry(_ text: UnsafeBufferPointer<UInt8>, string: String?) -> Int {
    let hash = Self.hash(text)
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return insert(text, string: string, hash: hash, at: slot) }
      if hashes[entry - 1] == hash, matches(entry - 1, text) { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  @inline(__always)
  private func matches(_ entry: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard Int(lengths[entry]) == text.count else { return false }
    guard let wanted = text.baseAddress, text.count > 0 else { return true }
    let start = Int(offsets[entry])
    let count = text.count
    // Eight bytes at a time, inline: names are short, and a call to
    // `memcmp` cost more than the comparison itself.
    return bytes.withUnsafeBufferPointer { stored in
      let a = UnsafeRawPointer(stored.baseAddress! + start)
      let b = UnsafeRawPointer(wanted)
      var i = 0
      while i &+ 8 <= count {
        guard
          a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        else { return false }
        i &+= 8
      }
      // The tail with overlapping loads that stay inside both texts.
      if i == count { return true }
      if count >= 8 {
        return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      }
      if count >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
          && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      }
      while i < count {
        guard
          a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self)
        else { return false }
        i &+= 1
      }
      return true
    }
  }

  private mutating func insert(
    _ text: UnsafeBufferPointer<UInt8>, string: String?, hash: UInt32, at slot: Int
  ) -> Int {
    let string = string ?? String(decoding: text, as: UTF8.self)
    offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    lengths.append(UInt32(truncatingIfNeeded: text.count))
    bytes.append(contentsOf: text)
    strings.append(string)
    hashes.append(hash)
    slots[slot] = UInt32(truncatingIfNeeded: strings.count)
    indexed += 1
    if indexed * 2 > slots.count { grow() }
    return strings.count - 1
  }

  private mutating func grow() {
    var larger = [UInt32](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for entry in hashes.indices where lengths[entry] != Self.unindexed {
      var slot = Int(hashes[entry]) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = UInt32(truncatingIfNeeded: entry + 1)
    }
    slots = larger
  }

  /// A multiplicative hash over eight bytes at a time (then the tail):
  /// names are short, and the table compares bytes anyway. The slot is
  /// taken from the high bits of the last product.
  @inline(__always)
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(truncatingIfNeeded: text.count) &* multiplier
    guard let base = text.baseAddress else { return UInt32(truncatingIfNeeded: hash >> 32) }
    let raw = UnsafeRawPointer(base)
    let count = text.count
    var i = 0
    while i &+ 8 <= count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      i &+= 8
    }
    // The last `count - i` bytes, little-endian, from loads that stay
    // inside the text.
    var tail: UInt64 = 0
    let rest = count &- i
    if rest > 0, count >= 8 {
      tail =
        raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) >> UInt64(64 &- 8 &* rest)
    } else if rest >= 4 {
      let low = UInt64(raw.loadUnaligned(as: UInt32.self))
      let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
      tail = low | (high >> UInt64(64 &- 8 &* rest)) << 32
    } else {
      var shift: UInt64 = 0
      while i < count {
        tail |= UInt64(base[i]) << shift
        shift &+= 8
        i &+= 1
      }
    }
    hash = (hash ^ tail) &* multiplier
    return UInt32(truncatingIfNeeded: hash >> 32)
  }
}

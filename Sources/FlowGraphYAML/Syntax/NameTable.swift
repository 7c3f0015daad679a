import FlowGraphCore

/// One `String` per distinct name or key text in a load: the decoder reads
/// the same few hundred names (keys such as `push`, action names such as
/// `closeButtonPressed`) tens of thousands of times in a large file, and the
/// table turns each read after the first into a hash and a byte comparison.
///
/// Every model value that holds a name shares its storage, so a graph of
/// 100,000 screens keeps one copy of `closeButtonPressed`, not one per
/// action. The table lives as long as the load (it is a class so that the
/// decoders of every file and screen share it) and only holds text that is in
/// the files, so it is bounded by the loader's file-size limits.
final class NameTable {
  /// The table itself, behind a pointer: the decoders call ``string(_:)``
  /// for every key they read, and going through a pointer spares each call
  /// the dynamic exclusivity checks of a class's stored properties. The
  /// table is used by one load on one thread (the class is not `Sendable`).
  private let storage: UnsafeMutablePointer<Storage>

  init(capacity: Int = 512) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage(capacity: capacity))
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// How many distinct texts the table holds.
  var count: Int { storage.pointee.strings.count }

  /// The `String` for `text`, made the first time and shared after.
  @inline(__always)
  func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
    let entry = storage.pointee.entry(text)
    return storage.pointee.strings[entry]
  }

  /// The `String` for `text` and its entry (see ``SyntaxName/entry``).
  @inline(__always)
  func entry(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, entry: Int32) {
    let entry = storage.pointee.entry(text)
    return (storage.pointee.strings[entry], Int32(truncatingIfNeeded: entry))
  }

  /// The `String` for `text`, its entry and whether it is a valid DSL name
  /// (``NameRules/isValid(_:)``, checked once per distinct text).
  @inline(__always)
  func name(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, entry: Int32, isValid: Bool) {
    storage.pointee.name(text)
  }

  /// The DSL key `text` spells (``DSLKey/other`` for any other text),
  /// recognised once per distinct text.
  @inline(__always)
  func key(_ text: UnsafeBufferPointer<UInt8>) -> DSLKey {
    storage.pointee.key(text)
  }

  struct Storage {
    /// Open addressing: the index of an entry plus one, or 0 when empty.
    private var slots: [UInt32]
    private(set) var strings: [String] = []
    /// Per entry: 0 not checked yet, 1 a valid name, 2 not one.
    private var validity: [UInt8] = []
    /// Per entry: the ``DSLKey`` raw value, or `unknownKey` when not
    /// recognised yet.
    private var keys: [UInt8] = []
    private static let unknownKey: UInt8 = 0xFF
    private var hashes: [UInt32] = []
    private var offsets: [UInt32] = []
    private var lengths: [UInt32] = []
    /// The bytes of every entry, back to back.
    private var bytes: [UInt8] = []

    init(capacity: Int) {
      var size = 16
      while size < capacity * 2 { size <<= 1 }
      slots = Array(repeating: 0, count: size)
    }

    /// The index of `text`'s entry, added when new.
    mutating func entry(_ text: UnsafeBufferPointer<UInt8>) -> Int {
      let hash = Self.hash(text)
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { return insert(text, hash: hash, at: slot) }
        if hashes[entry - 1] == hash, matches(entry - 1, text) { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }

    mutating func name(_ text: UnsafeBufferPointer<UInt8>) -> (
      text: String, entry: Int32, isValid: Bool
    ) {
      let entry = entry(text)
      if validity[entry] == 0 { validity[entry] = NameRules.isValid(strings[entry]) ? 1 : 2 }
      return (strings[entry], Int32(truncatingIfNeeded: entry), validity[entry] == 1)
    }

    mutating func key(_ text: UnsafeBufferPointer<UInt8>) -> DSLKey {
      let entry = entry(text)
      if keys[entry] == Self.unknownKey { keys[entry] = DSLKey(strings[entry]).rawValue }
      return DSLKey(rawValue: keys[entry]) ?? .other
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
      _ text: UnsafeBufferPointer<UInt8>, hash: UInt32, at slot: Int
    ) -> Int {
      let string = String(decoding: text, as: UTF8.self)
      validity.append(0)
      keys.append(Self.unknownKey)
      offsets.append(UInt32(truncatingIfNeeded: bytes.count))
      lengths.append(UInt32(truncatingIfNeeded: text.count))
      bytes.append(contentsOf: text)
      strings.append(string)
      hashes.append(hash)
      slots[slot] = UInt32(truncatingIfNeeded: strings.count)
      if strings.count * 2 > slots.count { grow() }
      return strings.count - 1
    }

    private mutating func grow() {
      var larger = [UInt32](repeating: 0, count: slots.count * 2)
      let mask = larger.count - 1
      for entry in hashes.indices {
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
}

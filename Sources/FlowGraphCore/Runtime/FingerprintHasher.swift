/// FNV-1a, 64 bits: a small, fixed, platform-independent hash (unlike
/// Swift's `Hasher`, which is seeded per process).
struct FingerprintHasher {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func combine(byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* 0x0000_0100_0000_01b3
  }

  /// A tag that separates kinds of content.
  mutating func combine(tag: String) {
    combine(byte: 0xFE)
    for byte in tag.utf8 { combine(byte: byte) }
  }

  /// A string, length first (so `ab`+`c` differs from `a`+`bc`).
  mutating func combine(_ string: String) {
    combine(string.utf8.count)
    for byte in string.utf8 { combine(byte: byte) }
  }

  mutating func combine(_ number: Int) {
    var bits = UInt64(bitPattern: Int64(number))
    for _ in 0..<8 {
      combine(byte: UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
  }

  mutating func combine(_ flag: Bool) { combine(byte: flag ? 1 : 0) }

  /// The hash as 16 lowercase hex digits.
  var hex: String { Self.hex(value) }

  /// `value` as 16 lowercase hex digits, as ``FlowGraph/fingerprint`` gives it.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// The fuzz input's choices: bytes read in order, then (once they run out)
/// nothing, so that a run ends where its input ends.
struct ByteSource {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been used.
  var isExhausted: Bool { position >= bytes.count }

  /// The next byte, or 0 when none is left.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<count` (0 when `count` is 0).
  mutating func pick(_ count: Int) -> Int {
    guard count > 0 else { return 0 }
    return Int(byte()) % count
  }

  /// True with probability about `percent` in 100.
  mutating func chance(_ percent: Int) -> Bool {
    Int(byte()) * 100 < percent * 256
  }
}

/// A fixed pseudo-random byte stream (SplitMix64) for inputs without an
/// event part, so that every seed flow file is run.
enum SeededBytes {
  static func make(seed: UInt64, count: Int) -> [UInt8] {
    var state = seed
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
        bytes.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
      }
    }
    return bytes
  }

  /// FNV-1a of the bytes.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}

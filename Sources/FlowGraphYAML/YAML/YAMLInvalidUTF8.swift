/// The first invalid UTF-8 sequence of a file, found again from its bytes
/// when libyaml's reader stopped on one (the error path only).
///
/// libyaml reports a bad continuation byte at that byte's offset (one to
/// three bytes after the sequence's lead byte) and names it in its own
/// terms ("invalid trailing UTF-8 octet"); this finds the sequence's first
/// byte, which is where the mistake is, and what is wrong with it, by the
/// rules of Unicode's table 3-7 (which libyaml applies too).
struct YAMLInvalidUTF8: Equatable {
  /// What is wrong with the sequence.
  enum Problem: Equatable {
    /// A continuation byte (0x80–0xBF) with no lead byte before it.
    case strayContinuation
    /// A byte that begins no UTF-8 sequence: 0xC0, 0xC1 (they could only
    /// begin an overlong encoding) or 0xF5–0xFF.
    case invalidLead
    /// A lead byte of a `length`-byte sequence followed by only `found`
    /// continuation bytes, then `next` (`nil` at the end of the file).
    case truncated(length: Int, found: Int, next: UInt8?)
    /// A complete sequence that encodes a code point in more bytes than it needs.
    case overlong(UInt32)
    /// A complete sequence that encodes a UTF-16 surrogate (U+D800–U+DFFF).
    case surrogate(UInt32)
    /// A complete sequence that encodes a value above U+10FFFF.
    case beyondUnicode(UInt32)
  }

  /// The byte offset of the sequence's first byte.
  let offset: Int
  /// The sequence's bytes: its first byte and the continuation bytes that
  /// belong to it.
  let bytes: [UInt8]
  let problem: Problem

  /// The first invalid sequence in `bytes[start..<end]`, where `start` is at
  /// a character boundary; `nil` when there is none.
  static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Self? {
    var i = start
    let end = min(end, bytes.count)
    while i < end {
      switch sequence(in: bytes, at: i) {
      case .valid(let length): i += length
      case .invalid(let found): return found
      }
    }
    return nil
  }

  /// What the bytes at `offset` are: a valid sequence (its length), or the
  /// first invalid one.
  enum Sequence {
    case valid(Int)
    case invalid(YAMLInvalidUTF8)
  }

  /// Reads the sequence at `offset` (which is below `bytes.count`).
  static func sequence(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Sequence {
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0x00...0x7F: return .valid(1)
    case 0x80...0xBF:
      return .invalid(Self(offset: offset, bytes: [lead], problem: .strayContinuation))
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .invalid(Self(offset: offset, bytes: [lead], problem: .invalidLead))
    }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for k in 1..<length {
      let next = offset + k < bytes.count ? bytes[offset + k] : nil
      guard let next, next & 0xC0 == 0x80 else {
        let found = Array(bytes[offset..<offset + k])
        return .invalid(
          Self(
            offset: offset, bytes: found,
            problem: .truncated(length: length, found: k - 1, next: next)))
      }
      value = value << 6 | UInt32(next & 0x3F)
    }
    let found = Array(bytes[offset..<offset + length])
    let shortest = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
    if shortest < length {
      return .invalid(Self(offset: offset, bytes: found, problem: .overlong(value)))
    }
    if (0xD800...0xDFFF).contains(value) {
      return .invalid(Self(offset: offset, bytes: found, problem: .surrogate(value)))
    }
    if value > 0x10_FFFF {
      return .invalid(Self(offset: offset, bytes: found, problem: .beyondUnicode(value)))
    }
    return .valid(length)
  }

  /// Whether `bytes` holds a valid UTF-8 sequence of two bytes or more: a
  /// file that does is UTF-8 with a mistake, not a file in another encoding.
  static func hasMultiByteCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < bytes.count {
      guard bytes[i] >= 0x80 else {
        i += 1
        continue
      }
      if case .valid(let length) = sequence(in: bytes, at: i) { return length > 1 }
      i += 1
    }
    return false
  }
}

extension YAMLSourceMap {
  /// The invalid UTF-8 sequence that libyaml's reader stopped on, from the
  /// offset it reported (the sequence's first byte, or one of the three
  /// after it): the first one on that line, since libyaml read everything
  /// before it as valid. `nil` when there is none (not a UTF-8 error).
  func invalidUTF8(endingAt problemOffset: Int) -> YAMLInvalidUTF8? {
    guard problemOffset >= bomLength, problemOffset < bytes.count else { return nil }
    var lineStart = problemOffset
    while lineStart > bomLength, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D {
      lineStart -= 1
    }
    return YAMLInvalidUTF8.first(in: bytes, from: lineStart, to: problemOffset + 1)
  }
}

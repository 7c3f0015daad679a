/// Windows-1252 (the Latin-1 that editors on Windows save, and what
/// "ISO-8859-1" files usually are), for the message about a file that is
/// not UTF-8 (the error path only).
enum YAMLWindows1252 {
  /// The characters of bytes 0x80–0x9F (`nil`: not defined); from 0xA0 on
  /// a byte is the code point of the same value.
  private static let high: [UInt32?] = [
    0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
    nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
  ]

  /// The character that byte `byte` (0x80 or more) is in Windows-1252.
  static func character(_ byte: UInt8) -> Unicode.Scalar? {
    guard byte >= 0x80 else { return nil }
    guard byte < 0xA0 else { return Unicode.Scalar(byte) }
    return high[Int(byte - 0x80)].flatMap(Unicode.Scalar.init)
  }

  /// How the character reads in a message: `'é'`, or a name for the two
  /// that do not show (a no-break space, a soft hyphen).
  static func describe(_ character: Unicode.Scalar) -> String {
    switch character.value {
    case 0xA0: "a no-break space"
    case 0xAD: "a soft hyphen"
    default: "'\(character)'"
    }
  }

  /// Whether `bytes` look like a Windows-1252 file: every byte above ASCII
  /// is a Windows-1252 character, and none of them forms a valid UTF-8
  /// sequence of two bytes or more (a file that has one is UTF-8 with a
  /// mistake).
  static func looksLikeWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 || character($0) != nil }
      && !YAMLInvalidUTF8.hasMultiByteCharacter(bytes)
  }
}

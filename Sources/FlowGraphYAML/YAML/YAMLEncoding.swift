/// The encodings YAML 1.2 §5.2 detects from a stream's first bytes; only
/// UTF-8 is accepted.
enum YAMLEncoding: Equatable {
  case utf8, utf16BE, utf16LE, utf32BE, utf32LE

  /// Detects the encoding as YAML 1.2 §5.2 says (a BOM, or the pattern of
  /// zero bytes in the first character).
  static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLEncoding {
    let b = (0..<4).map { $0 < bytes.count ? Int(bytes[$0]) : -1 }
    switch (b[0], b[1], b[2], b[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): return .utf32BE
    case (0x00, 0x00, 0x00, let x) where x >= 0: return .utf32BE
    case (0xFF, 0xFE, 0x00, 0x00): return .utf32LE
    case (let x, 0x00, 0x00, 0x00) where x >= 0: return .utf32LE
    case (0xFE, 0xFF, _, _): return .utf16BE
    case (0x00, let x, _, _) where x >= 0: return .utf16BE
    case (0xFF, 0xFE, _, _): return .utf16LE
    case (let x, 0x00, _, _) where x >= 0: return .utf16LE
    default: return .utf8
    }
  }

  /// The encoding's name for messages.
  var name: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16BE: "UTF-16 (big-endian)"
    case .utf16LE: "UTF-16 (little-endian)"
    case .utf32BE: "UTF-32 (big-endian)"
    case .utf32LE: "UTF-32 (little-endian)"
    }
  }
}

/// The bytes of a parsed file, kept by its document: scalars that libyaml
/// returned unchanged are read from them, and so are the columns of a file
/// that is not all ASCII.
///
/// A file read by ``YAMLParser/parseFile(atPath:)`` is kept as the `String`
/// the parser returns for diagnostic excerpts (the two share one buffer).
enum YAMLSourceText: Sendable {
  /// UTF-8 text whose bytes are exactly the file's (no BOM, valid UTF-8).
  case string(String)
  /// The file's bytes as given.
  case bytes([UInt8])

  /// Calls `body` with the file's bytes.
  @inline(__always)
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    switch self {
    case .bytes(let bytes): return try bytes.withUnsafeBufferPointer(body)
    case .string(let string):
      if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
      return try Array(string.utf8).withUnsafeBufferPointer(body)
    }
  }
}

/// The bytes of a parsed file, kept by its document: scalars that libyaml
/// returned unchanged are read from them, and so are the columns of a file
/// that is not all ASCII.
///
/// A file read by ``YAMLParser/parseFile(atPath:)`` is kept as the `String`
/// the parser returns for diagnostic excerpts (the two share one buffer); a
/// large file whose text no one keeps, in pages the document gives back
/// (``YAMLPageBuffer``).
enum YAMLSourceText: Sendable {
  /// UTF-8 text whose bytes are exactly the file's (no BOM, valid UTF-8).
  case string(String)
  /// The file's bytes as given (a `ContiguousArray`: always a native buffer,
  /// whose address is stable, even for an array bridged from Objective-C).
  case bytes(ContiguousArray<UInt8>)
  /// The file's bytes in pages the document owns and gives back as it
  /// finishes with them (no one else keeps the text).
  case pages(YAMLPageBuffer)

  /// Calls `body` with the file's bytes.
  @inline(__always)
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    switch self {
    case .bytes(let bytes): return try bytes.withUnsafeBufferPointer(body)
    case .pages(let pages): return try body(pages.bytes)
    case .string(let string):
      if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
      return try Array(string.utf8).withUnsafeBufferPointer(body)
    }
  }

  /// Whether ``withBytes(_:)`` sees a heap buffer of the owner's (not a copy
  /// or the owner's inline bytes), so that ``YAMLSourceBytes`` may keep its
  /// address. A short `String` keeps its bytes inside itself and hands out a
  /// temporary copy; only strings well past the small-string size are shared.
  var isSharedStorage: Bool {
    switch self {
    case .bytes, .pages: true
    case .string(let string):
      string.utf8.count > Self.smallStringLimit
        && (string.utf8.withContiguousStorageIfAvailable { _ in true } ?? false)
    }
  }

  /// Strings up to this many bytes may be stored inline (15 on 64-bit platforms).
  static let smallStringLimit = 64
}

/// A file's bytes and their address, read without retaining the storage on
/// every access (the hot path of every scalar's text and every position).
///
/// The address stays valid because `owner` holds the immutable `String` or
/// array whose native storage it is: nothing mutates or frees it while this
/// value (kept by a ``YAMLDocument``) exists.
struct YAMLSourceBytes: @unchecked Sendable {
  /// The storage.
  let owner: YAMLSourceText
  /// Its bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// A copy, when the owner's storage is not contiguous (never for native strings and arrays).
  private let copy: UnsafeMutableBufferPointer<UInt8>?

  init(_ owner: YAMLSourceText) {
    self.owner = owner
    if owner.isSharedStorage {
      bytes = owner.withBytes { $0 }
      copy = nil
    } else {
      let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: owner.withBytes { $0.count })
      _ = owner.withBytes { copy.initialize(from: $0) }
      self.copy = copy
      bytes = UnsafeBufferPointer(copy)
    }
  }

  /// Frees the copy, if one was made (called by the document's `deinit`).
  func release() {
    copy?.deallocate()
  }
}

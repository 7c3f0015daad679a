import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension YAMLParser {
  /// Reads and parses the file at `path`. The size limit is checked with
  /// `fstat` before reading (and reading stops past it, for files that grow
  /// or lie about their size). `text` is the file decoded as UTF-8 without
  /// its BOM, for diagnostic excerpts; `nil` when the file is too large or
  /// not UTF-8.
  ///
  /// - Throws: ``YAMLFileError/unreadable(path:reason:)`` when the file is
  ///   missing, a folder, not permitted, or cannot be read.
  public func parseFile(atPath path: String) throws(YAMLFileError) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic], text: String?
  ) {
    try parseFile(atPath: path, keepingText: true)
  }

  /// Reads and parses the file at `path`, like ``parseFile(atPath:)``; when
  /// `keepingText` is `false` the text is not returned (`nil`), and a large
  /// regular UTF-8 file (``pagedFileMinimum`` bytes or more) is read into
  /// pages of its own, which its document gives back as a reader finishes
  /// with its parts (``YAMLDocument/release(upTo:)``).
  ///
  /// - Throws: ``YAMLFileError/unreadable(path:reason:)``, as ``parseFile(atPath:)``.
  package func parseFile(atPath path: String, keepingText: Bool) throws(YAMLFileError) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic], text: String?
  ) {
    if !keepingText, let pages = Self.readPages(path: path, limit: limits.maxFileSize) {
      let (document, diagnostics) = parse(source: .pages(pages), file: path)
      return (document, diagnostics, nil)
    }
    let parsed = try parseKeepingText(atPath: path)
    return keepingText ? parsed : (parsed.document, parsed.diagnostics, nil)
  }

  /// The size from which a file whose text is not kept is read into pages
  /// of its own: 1 MiB (about 3,000 screens). Below it the text's memory
  /// does not matter, and a mapping costs more than it gives back.
  static let pagedFileMinimum = 1 << 20

  /// A regular UTF-8 file of ``pagedFileMinimum`` bytes or more, up to
  /// `limit`, read into pages; `nil` for any other file, or when reading
  /// fails or the file changes size (the general path then reads it again,
  /// and reports what is wrong).
  static func readPages(path: String, limit: Int) -> YAMLPageBuffer? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(info.st_size)
    guard size >= pagedFileMinimum, size <= limit,
      case .loaded(let pages) = YAMLPageBuffer.load(from: descriptor, size: size),
      YAMLEncoding.detect(pages.bytes) == .utf8
    else { return nil }
    return pages
  }

  /// ``parseFile(atPath:)``, the text kept.
  private func parseKeepingText(atPath path: String) throws(YAMLFileError) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic], text: String?
  ) {
    var bytes: [UInt8]
    switch Self.readContents(path: path, limit: limits.maxFileSize) {
    case .failure(let error): throw error
    case .success(.tooLarge(let size)):
      let start = SourceRange(file: path, at: SourcePosition(line: 1, column: 1, offset: 0))
      return (
        nil, [YAMLFindings.fileTooLarge(size: size, limit: limits.maxFileSize, at: start)], nil
      )
    case .success(.asciiText(let text)):
      // What the general path below makes of such a file, without its copies.
      let (document, diagnostics) = parse(source: .string(text), file: path)
      return (document, diagnostics, text)
    case .success(.contents(let contents)): bytes = contents
    }
    let (isUTF8, hasBOM) = bytes.withUnsafeBufferPointer {
      (YAMLEncoding.detect($0) == .utf8, YAMLSourceMap.hasUTF8BOM($0))
    }
    guard isUTF8, bytes.count <= limits.maxFileSize else {
      let (document, diagnostics) = parse(bytes, file: path)
      return (document, diagnostics, nil)
    }
    let text = bytes.withUnsafeBufferPointer { buffer in
      String(
        decoding: UnsafeBufferPointer(rebasing: buffer[(hasBOM ? 3 : 0)...]), as: UTF8.self)
    }
    // Valid UTF-8 without a BOM (every file that yields a document, but for
    // a BOM): the document reads the text's bytes, and the file's copy goes.
    if !hasBOM, bytes.count > YAMLSourceText.smallStringLimit, Self.sameBytes(text, bytes) {
      bytes = []
      let (document, diagnostics) = parse(source: .string(text), file: path)
      return (document, diagnostics, text)
    }
    let (document, diagnostics) = parse(source: .bytes(ContiguousArray(bytes)), file: path)
    return (document, diagnostics, text)
  }

  /// Whether `text`'s UTF-8 is exactly `bytes` (decoding repaired nothing).
  private static func sameBytes(_ text: String, _ bytes: [UInt8]) -> Bool {
    guard text.utf8.count == bytes.count else { return false }
    guard !bytes.isEmpty else { return true }
    return text.utf8.withContiguousStorageIfAvailable { textBytes in
      bytes.withUnsafeBufferPointer {
        memcmp(textBytes.baseAddress!, $0.baseAddress!, $0.count) == 0
      }
    } ?? false
  }

  enum FileContents {
    case contents([UInt8])
    /// A regular file of ASCII text (longer than
    /// ``YAMLSourceText/smallStringLimit``), read straight into the
    /// storage of the `String` that the document and the diagnostics share.
    case asciiText(String)
    case tooLarge(Int)
  }

  /// Reads at most `limit` bytes of the file, refusing larger ones.
  static func readContents(path: String, limit: Int) -> Result<FileContents, YAMLFileError> {
    func failure(_ code: Int32) -> Result<FileContents, YAMLFileError> {
      .failure(.unreadable(path: path, reason: String(cString: strerror(code))))
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return failure(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return failure(errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR { return failure(EISDIR) }
    let statSize = Int(info.st_size)
    guard statSize <= limit else { return .success(.tooLarge(statSize)) }
    var bytes: [UInt8] = []
    var count = 0
    if (info.st_mode & S_IFMT) == S_IFREG, statSize > YAMLSourceText.smallStringLimit {
      switch readASCIIText(descriptor, size: statSize) {
      case .text(let text): return .success(.asciiText(text))
      case .failed(let code): return failure(code)
      case .notASCII(let read, let atEnd):
        if atEnd { return .success(.contents(read)) }
        bytes = read
        count = read.count
      }
    }
    // Read up to one byte past the limit: a file may be special or growing.
    let capacity = min(max(statSize, 4096, count * 2), limit) + 1
    if bytes.count < capacity {
      bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count))
    }
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return failure(errno)
      }
      if got == 0 { break }
      count += got
      if count == bytes.count, count <= limit {
        bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
      }
    }
    guard count <= limit else { return .success(.tooLarge(count)) }
    bytes.removeSubrange(count...)
    return .success(.contents(bytes))
  }

  enum ASCIIRead {
    case text(String)
    /// The bytes read so far, when the file is not plain ASCII or not the
    /// size `fstat` gave; `atEnd` when they are the whole file.
    case notASCII([UInt8], atEnd: Bool)
    case failed(Int32)
  }

  /// Reads a regular file of `size` bytes straight into a `String`'s
  /// storage when it is ASCII (so valid UTF-8 without a BOM, and not UTF-16
  /// or UTF-32): no byte array to zero, copy and compare, no second copy.
  static func readASCIIText(_ descriptor: Int32, size: Int) -> ASCIIRead {
    var other: ASCIIRead?
    let text = String(unsafeUninitializedCapacity: size) { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      let count: Int
      let extra: UInt8?
      switch SizedFileRead.read(descriptor, into: base, size: size) {
      case .failed(let code):
        other = .failed(code)
        return 0
      case .read(let read, let next): (count, extra) = (read, next)
      }
      let filled = UnsafeBufferPointer(start: base, count: count)
      guard count == size, extra == nil, isASCII(filled), YAMLEncoding.detect(filled) == .utf8
      else {
        other = .notASCII(Array(filled) + (extra.map { [$0] } ?? []), atEnd: extra == nil)
        return 0
      }
      return count
    }
    return other ?? .text(text)
  }

  /// Whether every byte is below 0x80, eight bytes at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var seen: UInt64 = 0
    while index &+ 8 <= bytes.count {
      seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index &+= 8
    }
    while index < bytes.count {
      seen |= UInt64(base[index])
      index &+= 1
    }
    return seen & 0x8080_8080_8080_8080 == 0
  }
}

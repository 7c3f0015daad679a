#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes in pages of their own (an anonymous mapping), owned by one
/// ``YAMLDocument``, so that the document can give back the pages of the
/// text it has finished with (``release(below:)``) while it reads the rest.
///
/// Used only when no one else keeps the file's text (a load that does not
/// return its sources: ``YAMLParser/parseFile(atPath:keepingText:)``): at
/// 100,000 screens the text is 32 MB, alive beside the compiled model until
/// the last flow is compiled otherwise.
final class YAMLPageBuffer: @unchecked Sendable {
  /// The bytes read.
  let bytes: UnsafeBufferPointer<UInt8>
  private let mapping: UnsafeMutableRawPointer
  private let mappedLength: Int
  #if DEBUG
    /// The offset below which the bytes were given back (debug builds check
    /// that no scalar is read there again).
    private(set) var releasedBelow = 0
  #endif

  private init(mapping: UnsafeMutableRawPointer, mappedLength: Int, count: Int) {
    self.mapping = mapping
    self.mappedLength = mappedLength
    bytes = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: count)
  }

  deinit {
    munmap(mapping, mappedLength)
  }

  /// The result of ``load(from:size:)``.
  enum ReadResult {
    case loaded(YAMLPageBuffer)
    /// The file is not `size` bytes long any more (it grew or shrank since
    /// `fstat`): read it the general way.
    case sizeChanged
    case failed(Int32)
  }

  /// Reads a regular file of `size` bytes (at least one) from `descriptor`.
  static func load(from descriptor: Int32, size: Int) -> ReadResult {
    let page = Self.pageSize
    let length = (size + page - 1) / page * page
    let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { return .failed(errno) }
    let buffer = YAMLPageBuffer(mapping: mapped, mappedLength: length, count: size)
    switch SizedFileRead.read(descriptor, into: mapped, size: size) {
    case .failed(let code): return .failed(code)
    case .read(let count, let extra):
      return count == size && extra == nil ? .loaded(buffer) : .sizeChanged
    }
  }

  /// Gives back the whole pages of the bytes below `offset`: they must never
  /// be read again (they read as zeros after it on Linux).
  func release(below offset: Int) {
    let end = min(max(offset, 0), bytes.count)
    #if DEBUG
      releasedBelow = max(releasedBelow, end)
    #endif
    let last = end / Self.pageSize * Self.pageSize
    guard last > 0 else { return }
    #if canImport(Darwin)
      _ = madvise(mapping, last, MADV_FREE)
    #else
      _ = madvise(mapping, last, MADV_DONTNEED)
    #endif
  }

  private static var pageSize: Int { max(sysconf(Int32(_SC_PAGESIZE)), 4096) }
}

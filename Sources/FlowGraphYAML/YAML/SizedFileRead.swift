#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a regular file whose size `fstat` gave: the one read loop of the
/// parser's file paths (``YAMLParser/readASCIIText(_:size:)`` and
/// ``YAMLPageBuffer/load(from:size:)``).
enum SizedFileRead {
  /// `count` bytes read (fewer than the size when the file shrank); `extra`
  /// is the byte after the size's bytes when the file has more (it grew).
  case read(count: Int, extra: UInt8?)
  case failed(Int32)

  /// Reads up to `size` bytes from `descriptor` into `base`, then one more
  /// byte if all came, to tell a file that grew since `fstat` from one that
  /// did not.
  static func read(_ descriptor: Int32, into base: UnsafeMutableRawPointer, size: Int) -> Self {
    var count = 0
    while count < size {
      let got = systemRead(descriptor, base + count, size - count)
      if got < 0 {
        if errno == EINTR { continue }
        return .failed(errno)
      }
      if got == 0 { return .read(count: count, extra: nil) }
      count += got
    }
    var extra: UInt8 = 0
    var probe = 0
    repeat { probe = systemRead(descriptor, &extra, 1) } while probe < 0 && errno == EINTR
    if probe < 0 { return .failed(errno) }
    return .read(count: count, extra: probe == 1 ? extra : nil)
  }
}

/// `read(2)`, named apart from ``SizedFileRead/read(_:into:size:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension YAMLStorage {
  /// Gives the memory of the elements below `index` back to the system (the
  /// whole pages among them): they must never be read again. The buffer
  /// stays allocated, and is freed as a whole with the storage.
  func release(below index: Int) {
    let end = min(index, count)
    #if DEBUG
      releasedBelow = max(releasedBelow, end)
    #endif
    guard end > 0 else { return }
    let page = Self.pageSize
    let first = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
    let last = UInt(bitPattern: base + end) & ~(page - 1)
    guard last > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
    // Anonymous private pages read as zeros after `MADV_DONTNEED` (Linux)
    // and as anything after `MADV_FREE` (Darwin): neither is read again.
    #if canImport(Darwin)
      _ = madvise(start, Int(last - first), MADV_FREE)
    #else
      _ = madvise(start, Int(last - first), MADV_DONTNEED)
    #endif
  }

  private static var pageSize: UInt { UInt(max(sysconf(Int32(_SC_PAGESIZE)), 4096)) }
}

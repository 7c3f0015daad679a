#if canImport(Glibc)
  import Glibc
#endif

/// Gives the memory a finished phase freed back to the system.
enum FreedMemory {
  /// The size of loaded text from which giving memory back pays: 8 MiB
  /// (about 25,000 screens). The validation's tables are made in the pages
  /// the load freed, so every page given back is faulted in again, zeroed,
  /// and what the peak gains is only the part they do not reuse: at 100,000
  /// screens (32 MB of text) 2 MB of peak for 8,000 faults, worth it; at
  /// 10,000 screens 817 faults (2% of the run) for a peak that does not
  /// matter (`docs/performance.md`, "Page faults and the allocator").
  static let worthGivingBack = 8 << 20

  /// After a load, the parser's and the compiler's freed blocks lie between
  /// the model's in the heap, and glibc keeps those pages resident until it
  /// is asked (`malloc_trim`). `validate` asks once, after dropping the text
  /// of a clean load of at least ``worthGivingBack`` bytes, so that the
  /// system gets them back before the validation's tables are made.
  /// Elsewhere (no glibc) a no-op.
  static func giveBack() {
    #if canImport(Glibc)
      // `malloc_trim` is glibc's, declared in <malloc.h>, which the Glibc
      // module does not export: found by name.
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return
      }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// How the process asks glibc's allocator to keep the memory it has touched.
///
/// A command builds its tables, frees the parser's or the reader's, and
/// builds the validation's. With glibc's defaults every block of 128 KiB or
/// more is a mapping of its own, given back to the system when it is freed,
/// so the next table of that size is faulted in again, page by page,
/// zeroed by the kernel (1.5–2.5 µs a fault here). glibc raises that
/// threshold by itself after the first large free, but only once the first
/// blocks have been mapped and unmapped. Blocks up to 32 MiB (glibc's
/// largest threshold) now come from the heap from the start, where a freed
/// one is reused, and the heap grows 4 MiB at a time. `flowgraph validate`
/// of the 5,000-screen `.fgc` takes 1,823 page faults instead of 2,216, of
/// the 100,000-screen one 26,449 instead of 36,395; the peak resident size
/// does not grow (`docs/performance.md`, "Page faults and the allocator").
///
/// The library never does this: an app's allocator is the app's. Elsewhere
/// (no glibc) a no-op.
enum HeapTuning {
  /// Sets the allocator's options; call once, before the first large
  /// allocation.
  static func configure() {
    #if canImport(Glibc)
      // `mallopt` is glibc's, declared in <malloc.h>, which the Glibc module
      // does not export: found by name, as `FreedMemory` finds `malloc_trim`.
      typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
        return
      }
      let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
      _ = mallopt(mapThreshold, 32 << 20)
      _ = mallopt(topPad, 4 << 20)
    #endif
  }

  /// `M_MMAP_THRESHOLD` in <malloc.h>.
  private static let mapThreshold: Int32 = -3
  /// `M_TOP_PAD` in <malloc.h>.
  private static let topPad: Int32 = -2
}

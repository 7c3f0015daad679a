#if os(Linux) && canImport(Glibc)
  import Glibc
#endif

/// On Linux, puts the process's heap in transparent huge pages (2 MiB)
/// where the kernel grants them on request, as glibc's own
/// `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` does, but from inside the
/// process.
///
/// A graph of 5,000 screens is a 13 MiB heap of small blocks; touched 4 KiB
/// at a time it is about 3,400 page faults, a third of `flowgraph validate
/// graph.fgc`'s time (`docs/performance.md`, "The launch format"). The
/// heap is grown once by 64 MiB of address space (nothing is touched until
/// it is used, so the memory a run uses is what it touches), large blocks
/// are taken from it too (not mapped one by one), and the kernel is asked
/// to back it with huge pages. Every step may fail (another C library, no
/// huge pages): the process then runs as before.
enum HeapTuning {
  /// Asks for a heap in huge pages; call first thing in `main`.
  static func useLargePages() {
    #if os(Linux) && canImport(Glibc)
      // `mallopt` and its parameters are not in Swift's Glibc module; the
      // parameters are glibc's `<malloc.h>`: M_TOP_PAD -2, M_MMAP_THRESHOLD
      // -3. Blocks up to 4 MiB come from the heap; larger ones (a 100,000-
      // screen file's text) are still mapped alone and unmapped when freed.
      guard let symbol = dlsym(nil, "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      let pad: Int32 = 64 << 20
      guard mallopt(-3, 4 << 20) == 1, mallopt(-2, pad) == 1, let start = sbrk(0)
      else { return }
      // One block larger than what is free grows the heap by the pad
      // (through the Swift runtime's allocator: the optimizer removes a
      // `malloc` whose block is freed unused).
      UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16).deallocate()
      guard let end = sbrk(0) else { return }
      let huge: UInt = 2 << 20
      let from = (UInt(bitPattern: start) + huge - 1) & ~(huge - 1)
      let to = UInt(bitPattern: end) & ~(huge - 1)
      guard to > from, let region = UnsafeMutableRawPointer(bitPattern: from) else { return }
      _ = madvise(region, Int(to - from), MADV_HUGEPAGE)
    #endif
  }
}

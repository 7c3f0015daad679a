#if canImport(Glibc)
  import Glibc
#endif

/// Gives the memory a finished phase freed back to the system.
enum FreedMemory {
  /// After a load, the parser's and the compiler's freed blocks lie between
  /// the model's in the heap, and glibc keeps those pages resident until it
  /// is asked (`malloc_trim`). `validate` asks once, after dropping the text
  /// of a clean load, so that the system gets them back before the
  /// validation's tables are made. Elsewhere (no glibc) a no-op.
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

/// Brings memory into the processor's caches before a burst of reads in an
/// order the hardware prefetcher cannot follow.
///
/// The analysis reads some tables one activation (or one flow) at a time,
/// in the order its searches find states: a few kilobytes per activation,
/// read in a scattered order. At 10,000 screens every table stays in the
/// caches between the passes; at 100,000 screens a table is out of them when
/// the next pass comes to it, and each scattered read of a line waits for
/// memory (docs/performance.md, "Validation growth"). Read front to back
/// first, one load per line, the lines arrive at the memory's bandwidth
/// instead of its latency, and the scattered reads that follow hit the caches.
/// What the analysis computes does not change: only when memory is read.
enum CacheLines {
  /// The step between loads: the cache line of x86-64 processors and of
  /// most ARM ones (where a line is larger, a step of 64 bytes still loads
  /// every line).
  static let size = 64

  /// Loads one byte of every cache line of `count` elements from `start`.
  @inline(__always)
  static func load<Element>(_ start: UnsafePointer<Element>, count: Int) {
    let bytes = count * MemoryLayout<Element>.stride
    guard bytes > 0 else { return }
    let raw = UnsafeRawPointer(start)
    var folded: UInt8 = 0
    var offset = 0
    // Four lines a round: a load each, and one count for all four.
    while offset + 4 * size <= bytes {
      folded |= raw.load(fromByteOffset: offset, as: UInt8.self)
      folded |= raw.load(fromByteOffset: offset + size, as: UInt8.self)
      folded |= raw.load(fromByteOffset: offset + 2 * size, as: UInt8.self)
      folded |= raw.load(fromByteOffset: offset + 3 * size, as: UInt8.self)
      offset += 4 * size
    }
    while offset < bytes {
      folded |= raw.load(fromByteOffset: offset, as: UInt8.self)
      offset += size
    }
    folded |= raw.load(fromByteOffset: bytes - 1, as: UInt8.self)
    keep(folded)
  }

  /// Loads one byte of every cache line of `range` of `array`.
  @inline(__always)
  static func load<Element>(_ array: [Element], _ range: Range<Int>) {
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= array.count else { return }
    array.withUnsafeBufferPointer { buffer in
      load(buffer.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count)
    }
  }

  /// Takes the loaded bytes, so that the optimizer keeps the loads.
  @inline(never)
  @_optimize(none)
  private static func keep(_ value: UInt8) {}
}

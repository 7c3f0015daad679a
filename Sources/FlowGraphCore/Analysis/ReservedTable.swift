/// A table that ``AnalysisProgramCompiler`` fills by appending, in raw
/// storage reserved up front: an append is a capacity test and a store,
/// without the uniqueness check of `Array.append` (the compiler appends once
/// or twice per transition, on its hot path). It grows by half when its room
/// runs out (only a graph built by hand can need more than the compiler
/// reserves). Every access is bounds-checked. Meant for plain data (its
/// values are moved or copied bitwise, and deinitialized when freed).
///
/// One owner, which hands the values over as an exact array and frees the
/// storage with ``moveToArray()`` (the table is not freed otherwise: it is
/// a plain struct, so that its owner stays one too; a non-copyable owner is
/// copied to a temporary around its own method calls).
struct ReservedTable<Element> {
  private var base: UnsafeMutablePointer<Element>
  /// The room in `base`.
  private var capacity: Int
  /// The number of values.
  private(set) var count = 0

  /// An empty table with room for `capacity` values.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// Appends `value`. Inlined: the compiler appends once per transition.
  @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: value)
    count += 1
  }

  /// The value at `index` (below ``count``).
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      base[index] = newValue
    }
  }

  private mutating func grow() {
    let larger = capacity + capacity / 2 + 1
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = larger
  }

  /// The values, as an array whose capacity is their count, with the
  /// storage freed (before the next table is copied: the analysis's peak
  /// holds one reserved table at a time). The table is not used again.
  consuming func moveToArray() -> [Element] {
    let values = Array(UnsafeBufferPointer(start: base, count: count))
    base.deinitialize(count: count)
    base.deallocate()
    return values
  }
}

/// A table that ``AnalysisProgramCompiler`` fills by appending, in raw
/// storage reserved up front: an append is a capacity test and a store,
/// without the uniqueness check of `Array.append` (the compiler appends once
/// or twice per transition, on its hot path). It grows by half when its room
/// runs out (only a graph built by hand can need more than the compiler
/// reserves). Every access is bounds-checked. Meant for plain data (its
/// values are moved or copied bitwise, and deinitialized when freed).
///
/// One owner, which hands the values over as an exact array and frees the
/// storage with ``moveToArray()`` (a plain struct: the table is not freed
/// otherwise). Or the storage is an array's, being initialized
/// (``init(inPlace:)``): then the values are already where they belong,
/// unless they outgrew it (``isInPlace``).
struct ReservedTable<Element> {
  private var base: UnsafeMutablePointer<Element>
  /// The room in `base`.
  private var capacity: Int
  /// The number of values.
  private(set) var count = 0
  /// Whether `base` is this table's own allocation (not an array's).
  private var owned = true

  /// An empty table with room for `capacity` values.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// An empty table in the room of an array being initialized
  /// (`Array(unsafeUninitializedCapacity:initializingWith:)`), which holds
  /// the values without a copy as long as they fit; past its room the table
  /// moves to storage of its own. Allocates nothing.
  init(inPlace buffer: UnsafeMutableBufferPointer<Element>) {
    // No room: a pointer never read or written (the first append grows).
    base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    capacity = buffer.count
    owned = false
  }

  /// Whether the values are in the array given to ``init(inPlace:)``, its
  /// first ``count`` elements (otherwise ``moveToArray()`` hands them over).
  var isInPlace: Bool { !owned }

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
    if owned { base.deallocate() }
    base = grown
    capacity = larger
    owned = true
  }

  /// The values, as an array whose capacity is their count, with the
  /// storage freed (before the next table is copied: the analysis's peak
  /// holds one reserved table at a time). The table is not used again.
  consuming func moveToArray() -> [Element] {
    precondition(owned, "the values are in place")
    let values = Array(UnsafeBufferPointer(start: base, count: count))
    base.deinitialize(count: count)
    base.deallocate()
    return values
  }

  /// Removes the last value (the table as a stack).
  mutating func removeLast() {
    precondition(count > 0, "removeLast of an empty table")
    count -= 1
    (base + count).deinitialize(count: 1)
  }

  /// Frees the storage, for a table whose values are not kept. The table is
  /// not used again.
  consuming func free() {
    base.deinitialize(count: count)
    if owned { base.deallocate() }
  }
}

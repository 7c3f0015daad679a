/// A growable buffer of plain values (integers and structs of them) for the
/// tree builder's hot path: no copy-on-write or bounds check per access.
///
/// It is not a value type: one builder owns it and calls ``free()`` (or
/// ``takeArray()``) exactly once. Indices are checked in debug builds.
struct YAMLColumn<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  /// Allocates room for `capacity` elements (pages never written cost no memory).
  init(capacity: Int) {
    assert(_isPOD(Element.self), "a column holds plain values only")
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count &+= 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = capacity * 2
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    moved.moveInitialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < count, "column index out of range")
      return base[index]
    }
    nonmutating set {
      assert(index >= 0 && index < count, "column index out of range")
      base[index] = newValue
    }
  }

  /// The last element.
  @inline(__always)
  var last: Element? { count > 0 ? base[count - 1] : nil }

  /// Removes and returns the last element.
  @inline(__always)
  mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    return base[count]
  }

  /// Drops the last `n` elements.
  @inline(__always)
  mutating func removeLast(_ n: Int) {
    assert(n >= 0 && n <= count)
    count -= n
  }

  /// Drops every element.
  mutating func removeAll() { count = 0 }

  /// Hands the buffer over to an immutable storage (the column is empty after).
  mutating func freeze() -> YAMLStorage<Element> {
    let storage = YAMLStorage(base: base, count: count)
    base = UnsafeMutablePointer(bitPattern: 0x10)!  // never read: count is 0
    count = 0
    capacity = 0
    return storage
  }

  /// Frees the buffer (the column must not be used after).
  mutating func free() {
    base.deallocate()
    base = UnsafeMutablePointer(bitPattern: 0x10)!  // never read: count is 0
    count = 0
    capacity = 0
  }
}

/// A document's immutable column: a buffer of plain values it owns and frees.
final class YAMLStorage<Element>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Element>
  /// How many elements it holds.
  let count: Int
  #if DEBUG
    /// The elements below this index were released (``release(below:)``).
    var releasedBelow = 0
  #endif

  /// Takes ownership of `count` initialized elements at `base`.
  init(base: UnsafeMutablePointer<Element>, count: Int) {
    self.base = base
    self.count = count
  }

  deinit {
    base.deallocate()
  }

  /// The element at `index` (checked, as an array's).
  @inline(__always)
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "index out of range")
    #if DEBUG
      assert(index >= releasedBelow, "element \(index) was released")
    #endif
    return base[index]
  }
}

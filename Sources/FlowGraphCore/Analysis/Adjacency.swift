/// Per-node lists that only grow, stored flat: two buffers for all nodes
/// (one position per node, and the values) instead of one array per node,
/// so that a graph of a million states costs a handful of allocations.
/// Each node's values come back in insertion order.
/// Nothing is allocated until the first value (of an activation's four
/// lists, the reverse `replace` and `root` edges are often empty).
///
/// A reference type over raw buffers: the reachability engine appends to it
/// on its hot path, where an array's copy-on-write checks would cost more
/// than the append. One owner (a ``FlowActivation``) appends, on one thread;
/// everything else reads. Every access is bounds-checked.
final class Adjacency<Value: BitwiseCopyable> {
  /// The number of nodes.
  let nodeCount: Int
  /// Per node, the position of its last value in `entries` (-1 when
  /// empty; appends need it); `nil` until the first value. That value's
  /// `next` holds the node's first position, encoded (``encodedHead(_:)``:
  /// negative, so that a walk still ends there). The lists cost one
  /// position per node, not a head and a tail, at the fixpoint's peak.
  private var ends: UnsafeMutablePointer<Int32>?
  /// Whether ``trim()`` has run: the lists are complete.
  private var isTrimmed = false
  /// Each value with the position of the next value of its node (at a
  /// node's last value, the node's encoded first position).
  private var entries: UnsafeMutablePointer<(value: Value, next: Int32)>?
  /// The room in `entries` (0 until the first value).
  private var capacity = 0
  /// The room the first value allocates.
  private let firstCapacity: Int
  /// The number of values of all nodes.
  private(set) var count = 0

  /// Empty lists for `nodeCount` nodes; the first value makes room for
  /// `capacity` values (then it grows by half as needed).
  init(nodeCount: Int, capacity: Int = 16) {
    self.nodeCount = nodeCount
    firstCapacity = max(capacity, 16)
  }

  deinit {
    ends?.deallocate()
    entries?.deallocate()
  }

  /// How a node's last value keeps the node's first position: -2 and below
  /// (a walk stops at any negative `next`). Its own inverse: ``first(_:)``
  /// decodes with it.
  @inline(__always)
  private static func encodedHead(_ position: Int32) -> Int32 { -2 - position }

  /// Appends `value` to `node`'s list. Inlined: the reachability engine
  /// appends once per effect and caller it finds.
  @inline(__always)
  func append(_ value: Value, to node: Int) {
    precondition(node >= 0 && node < nodeCount, "node out of range")
    precondition(!isTrimmed, "append after trim()")
    if count == capacity { grow() }
    let ends = self.ends.unsafelyUnwrapped
    let entries = self.entries.unsafelyUnwrapped
    let index = Int32(count)
    let tail = ends[node]
    if tail < 0 {
      (entries + count).initialize(to: (value, Self.encodedHead(index)))
    } else {
      // The new last value takes over the encoded head.
      (entries + count).initialize(to: (value, entries[Int(tail)].next))
      entries[Int(tail)].next = index
    }
    count += 1
    ends[node] = index
  }

  private func grow() {
    guard let entries else {
      let ends = UnsafeMutablePointer<Int32>.allocate(capacity: nodeCount)
      ends.initialize(repeating: -1, count: nodeCount)
      self.ends = ends
      self.entries = .allocate(capacity: firstCapacity)
      capacity = firstCapacity
      return
    }
    // By half again (not double): the room unused when the fixpoint ends is
    // part of the validation's peak (docs/performance.md).
    let larger = capacity + capacity / 2
    let grown = UnsafeMutablePointer<(value: Value, next: Int32)>.allocate(capacity: larger)
    grown.moveInitialize(from: entries, count: count)
    entries.deallocate()
    self.entries = grown
    capacity = larger
  }

  /// Marks the lists complete (no value may be appended after it) and gives
  /// back the room past the last value (the entries grow by half: up to a
  /// third of them is unused), unless it is at most an eighth of them (then
  /// a copy would cost more than it gives back). The positions stay each
  /// node's last: turning them into heads would be a pass over every
  /// node's last value, out of the caches at 100,000 screens, while a walk
  /// reads that value anyway.
  func trim() {
    // Lists with no value stay open (as before their first value).
    guard !isTrimmed, let entries else { return }
    isTrimmed = true
    guard capacity - count > capacity / 8 else { return }
    let exact = UnsafeMutablePointer<(value: Value, next: Int32)>.allocate(capacity: count)
    exact.moveInitialize(from: entries, count: count)
    entries.deallocate()
    self.entries = exact
    capacity = count
  }

  /// Brings the lists into the caches (``CacheLines``) before a pass that
  /// reads them node by node: their values lie in the order they were
  /// found, so such a pass reads them in a scattered order.
  func loadIntoCaches() {
    if let ends { CacheLines.load(ends, count: nodeCount) }
    if let entries { CacheLines.load(entries, count: count) }
  }

  /// The position of `node`'s first value, or -1 (for allocation-free loops:
  /// `var p = list.first(n); while p >= 0 { …; p = list.next(p) }`).
  func first(_ node: Int) -> Int32 {
    precondition(node >= 0 && node < nodeCount, "node out of range")
    guard let ends else { return -1 }
    let end = ends[node]
    guard end >= 0 else { return -1 }
    return Self.encodedHead(entries.unsafelyUnwrapped[Int(end)].next)
  }

  /// The value at a position.
  func value(_ position: Int32) -> Value {
    precondition(position >= 0 && Int(position) < count, "position out of range")
    return entries.unsafelyUnwrapped[Int(position)].value
  }

  /// The value at a position, and the position of the next value of the
  /// same node (or -1): one read, for a walk that needs both.
  func entry(_ position: Int32) -> (value: Value, next: Int32) {
    precondition(position >= 0 && Int(position) < count, "position out of range")
    let entry = entries.unsafelyUnwrapped[Int(position)]
    return (entry.value, max(entry.next, -1))
  }

  /// The position of the next value of the same node, or -1.
  func next(_ position: Int32) -> Int32 {
    precondition(position >= 0 && Int(position) < count, "position out of range")
    return max(entries.unsafelyUnwrapped[Int(position)].next, -1)
  }
  subscript(node: Int) -> Neighbors { Neighbors(list: self, position: first(node)) }

  /// The values of one node. It does not keep the lists alive: iterate while
  /// holding them (as every caller does, through their activation).
  struct Neighbors: Sequence, IteratorProtocol {
    fileprivate unowned(unsafe) let list: Adjacency
    fileprivate var position: Int32

    mutating func next() -> Value? {
      guard position >= 0 else { return nil }
      let value = list.value(position)
      position = list.next(position)
      return value
    }
  }
}

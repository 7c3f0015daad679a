/// Per-node lists that only grow, stored flat: a few buffers for all nodes
/// (each node's first and last positions, and the values) instead of one
/// array per node, so that a graph of a million states costs a handful of
/// allocations. Each node's values come back in insertion order.
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
  /// Each node's first position in `entries` (-1 when empty); `nil` until
  /// the first value.
  private var heads: UnsafeMutablePointer<Int32>?
  /// Each node's last position in `entries` (-1 when empty), which only
  /// appends read: `nil` until the first value, and again once ``trim()``
  /// has dropped it (then the lists are complete). Apart from the heads, so
  /// that dropping it frees it, with no pass over the nodes to copy the
  /// heads out.
  private var tails: UnsafeMutablePointer<Int32>?
  /// Each value with the position of the next value of its node (-1 at the end).
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
    heads?.deallocate()
    tails?.deallocate()
    entries?.deallocate()
  }

  /// Appends `value` to `node`'s list. Inlined: the reachability engine
  /// appends once per effect and caller it finds.
  @inline(__always)
  func append(_ value: Value, to node: Int) {
    precondition(node >= 0 && node < nodeCount, "node out of range")
    precondition(heads == nil || tails != nil, "append after trim()")
    if count == capacity { grow() }
    let heads = self.heads.unsafelyUnwrapped
    let tails = self.tails.unsafelyUnwrapped
    let entries = self.entries.unsafelyUnwrapped
    let index = Int32(count)
    (entries + count).initialize(to: (value, -1))
    count += 1
    let tail = tails[node]
    if tail < 0 {
      heads[node] = index
    } else {
      entries[Int(tail)].next = index
    }
    tails[node] = index
  }

  private func grow() {
    guard let entries else {
      let heads = UnsafeMutablePointer<Int32>.allocate(capacity: nodeCount)
      heads.initialize(repeating: -1, count: nodeCount)
      self.heads = heads
      let tails = UnsafeMutablePointer<Int32>.allocate(capacity: nodeCount)
      tails.initialize(repeating: -1, count: nodeCount)
      self.tails = tails
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

  /// Gives back the room past the last value (the entries grow by half: up to
  /// a third of them is unused), unless it is at most an eighth of them (then
  /// a copy would cost more than it gives back), and the tails (only appends
  /// read them). Called once the lists are complete: no value may be
  /// appended after it.
  func trim() {
    guard let entries, let tails else { return }
    tails.deallocate()
    self.tails = nil
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
    if let heads { CacheLines.load(heads, count: nodeCount) }
    if let entries { CacheLines.load(entries, count: count) }
  }

  /// The position of `node`'s first value, or -1 (for allocation-free loops:
  /// `var p = list.first(n); while p >= 0 { …; p = list.next(p) }`).
  func first(_ node: Int) -> Int32 {
    precondition(node >= 0 && node < nodeCount, "node out of range")
    guard let heads else { return -1 }
    return heads[node]
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
    return entries.unsafelyUnwrapped[Int(position)]
  }

  /// The position of the next value of the same node, or -1.
  func next(_ position: Int32) -> Int32 {
    precondition(position >= 0 && Int(position) < count, "position out of range")
    return entries.unsafelyUnwrapped[Int(position)].next
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

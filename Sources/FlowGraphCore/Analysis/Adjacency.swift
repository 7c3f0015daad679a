/// Per-node lists that only grow, stored flat: a few arrays for all nodes
/// instead of one array per node, so that a graph of a million states costs a
/// handful of allocations. Each node's values come back in insertion order.
struct Adjacency<Value> {
  private var head: [Int32]
  private var tail: [Int32]
  /// Each value with the position of the next value of its node (-1 at the end).
  private var entries: [(value: Value, next: Int32)] = []

  /// Empty lists for `nodeCount` nodes.
  init(nodeCount: Int) {
    head = Array(repeating: -1, count: nodeCount)
    tail = Array(repeating: -1, count: nodeCount)
  }

  /// Appends `value` to `node`'s list.
  mutating func append(_ value: Value, to node: Int) {
    let index = Int32(entries.count)
    entries.append((value, -1))
    if tail[node] < 0 { head[node] = index } else { entries[Int(tail[node])].next = index }
    tail[node] = index
  }

  /// The values of `node`, in insertion order.
  subscript(node: Int) -> Neighbors { Neighbors(entries: entries, position: head[node]) }

  /// The values of one node.
  struct Neighbors: Sequence, IteratorProtocol {
    fileprivate let entries: [(value: Value, next: Int32)]
    fileprivate var position: Int32

    mutating func next() -> Value? {
      guard position >= 0 else { return nil }
      let entry = entries[Int(position)]
      position = entry.next
      return entry.value
    }
  }
}

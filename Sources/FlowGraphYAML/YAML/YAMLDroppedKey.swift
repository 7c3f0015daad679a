/// A pair of a mapping dropped because its key was written before in the
/// same mapping (reported as `duplicate-key`; the first one is used). Its
/// value stays in the arena, out of the tree.
struct YAMLDroppedKey: Sendable {
  /// The dropped pair's key node.
  let key: Int32
  /// The mapping it was written in.
  let mapping: Int32
  /// The key node of the pair that was kept.
  let first: Int32
}

extension YAMLNode {
  /// Whether a pair of this mapping was dropped as a duplicate key.
  var hasDroppedPairs: Bool {
    document.droppedKeys.contains { $0.mapping == index }
  }

  /// Whether this key was written again later in its mapping (the later
  /// pair dropped).
  var isRepeatedKey: Bool {
    document.droppedKeys.contains { $0.first == index }
  }
}

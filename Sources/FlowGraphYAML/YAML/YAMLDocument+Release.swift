/// How much of a document's arena a reader may give back once it is done
/// with a subtree and with every node before it (``YAMLDocument/release(upTo:)``).
struct YAMLReleasePoint: Equatable, Sendable {
  /// The nodes below this index.
  let nodes: Int
  /// The collection records below this index.
  let collections: Int
  /// The entries of `children` below this index.
  let children: Int
}

extension YAMLDocument {
  /// Whether parts of the arena may be released as a reader finishes with
  /// them: not when the document has anchors (an alias or a merge key may
  /// reach back to a node before the part being read).
  var mayRelease: Bool { !hasAnchors }

  /// The point up to which the arena may be released once `node` (a mapping)
  /// and every node before it in the file will not be read again; `nil` when
  /// the arena may not be released or `node` is not a mapping of this document.
  ///
  /// Nodes and collection records are numbered in document order, and a
  /// collection's children are stored when it closes, so everything below
  /// the point belongs to `node`'s subtree or comes before it.
  func releasePoint(after node: YAMLNode) -> YAMLReleasePoint? {
    guard mayRelease, node.document === self else { return nil }
    var index = Int(node.index)
    guard nodeFlags(index).kind == .mapping else { return nil }
    let own = collection(index)
    let children = Int(own.first) + 2 * Int(own.count)
    var lastCollection = payload(index)
    // The subtree's last node: the last child's last node, down to a scalar
    // or an empty collection. (A mapping's pairs dropped as duplicate keys
    // may come after it: they are not released, which is safe.)
    while nodeFlags(index).kind != .scalar {
      lastCollection = payload(index)
      let record = collections[lastCollection]
      guard record.count > 0 else { break }
      let width = nodeFlags(index).kind == .mapping ? 2 : 1
      let last = Int(self.children[Int(record.first) + width * Int(record.count) - 1])
      guard last > index else { break }
      index = last
    }
    return YAMLReleasePoint(nodes: index + 1, collections: lastCollection + 1, children: children)
  }

  /// Gives the memory of the arena below `point` back to the system: no node,
  /// collection record or child entry below it may be read after. A file
  /// read into pages of its own (no one else keeps its text) gives back its
  /// text up to the end of the last node below the point as well.
  func release(upTo point: YAMLReleasePoint) {
    if case .pages(let pages) = source.owner, point.nodes > 0 {
      pages.release(below: endOffset(point.nodes - 1))
    }
    flags.release(below: point.nodes)
    starts.release(below: point.nodes)
    payloads.release(below: point.nodes)
    collections.release(below: point.collections)
    self.children.release(below: point.children)
  }
}

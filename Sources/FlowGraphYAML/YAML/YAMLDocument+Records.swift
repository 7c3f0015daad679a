import FlowGraphCore

/// One node's data as a plain record: the view of the arena that code
/// walking the tree by index uses (``YAMLDocument/records``).
struct YAMLNodeRecord: Sendable {
  var kind: YAMLNode.Kind
  var style: YAMLScalar.Style
  var tag: YAMLScalar.Tag
  /// Collections: the first index in `children`; scalars: 0.
  var first: Int32
  /// Scalars: 0; sequences: the item count; mappings: the pair count.
  var count: Int32
  var start: YAMLCompactPosition
  var end: YAMLCompactPosition
}

/// The arena's nodes as records, made on access.
struct YAMLNodeRecords: Sendable {
  let document: YAMLDocument

  var count: Int { document.nodeCount }

  subscript(index: Int) -> YAMLNodeRecord {
    let flags = document.nodeFlags(index)
    var first: Int32 = 0
    var count: Int32 = 0
    if flags.kind != .scalar {
      let record = document.collection(index)
      first = Int32(record.first)
      count = record.count
    }
    return YAMLNodeRecord(
      kind: flags.kind, style: flags.style, tag: flags.tag, first: first, count: count,
      start: YAMLCompactPosition(document.position(ofOffset: document.startOffset(index))),
      end: YAMLCompactPosition(document.position(ofOffset: document.endOffset(index))))
  }
}

extension YAMLDocument {
  /// The nodes as records (positions resolved on access).
  var records: YAMLNodeRecords { YAMLNodeRecords(document: self) }
}

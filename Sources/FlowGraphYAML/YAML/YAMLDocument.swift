import FlowGraphCore

/// A parsed YAML document: every node lives in one flat arena, so a document
/// of a million nodes is a handful of allocations, freeing it never recurses,
/// and an alias is the index of its anchor's node (shared, never copied).
///
/// Positions are 1-based (line and column) and every node keeps its start and
/// end. Merge keys are already applied and duplicate keys already dropped
/// (the first occurrence wins) by the time a document exists.
public final class YAMLDocument: Sendable {
  /// The file's path, as given to the parser.
  public let file: String
  /// `file`, interned once for all the ranges of this document.
  let fileID: SourceFileID
  let records: [YAMLNodeRecord]
  /// Sequences: item node indices; mappings: key and value node indices, interleaved.
  let children: [Int32]
  let scalars: [String]
  let rootIndex: Int32
  /// Mappings of more than ``linearKeyLimit`` pairs: key text → pair index.
  let keyIndexes: [Int32: [String: Int32]]

  /// Mappings up to this many pairs are searched linearly.
  static let linearKeyLimit = 8

  init(
    file: String, records: [YAMLNodeRecord], children: [Int32], scalars: [String], root: Int32,
    keyIndexes: [Int32: [String: Int32]] = [:]
  ) {
    self.file = file
    self.fileID = SourceFileID(file)
    self.records = records
    self.children = children
    self.scalars = scalars
    self.rootIndex = root
    self.keyIndexes = keyIndexes
  }

  /// The document's root node.
  public var root: YAMLNode { YAMLNode(document: self, index: rootIndex) }

  /// How many nodes the arena holds (aliases add none).
  public var nodeCount: Int { records.count }
}

/// One node's storage in a ``YAMLDocument``'s arena.
struct YAMLNodeRecord: Sendable {
  var kind: YAMLNode.Kind
  var style: YAMLScalar.Style
  var tag: YAMLScalar.Tag
  /// Scalars: the index in `scalars`; collections: the first index in `children`.
  var first: Int32
  /// Scalars: 0; sequences: the item count; mappings: the pair count
  /// (-1 while the builder has not closed the collection).
  var count: Int32
  var start: YAMLCompactPosition
  var end: YAMLCompactPosition
}

/// A scalar's text and how it was written, which decides its core-schema type.
public struct YAMLScalar: Hashable, Sendable {
  /// How the scalar was written.
  public enum Style: UInt8, Hashable, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
  }

  /// The scalar's explicit core-schema tag, when it has one (other tags are
  /// refused by the parser).
  public enum Tag: UInt8, Hashable, Sendable {
    case none, str, int, float, bool, null, seq, map
  }

  /// The scalar's text, after escapes and folding.
  public var value: String
  /// How it was written.
  public var style: Style
  /// Its explicit tag.
  public var tag: Tag

  /// Creates a scalar.
  public init(value: String, style: Style, tag: Tag = .none) {
    self.value = value
    self.style = style
    self.tag = tag
  }
}

/// A node of a ``YAMLDocument``: a cheap handle (the document and an index).
public struct YAMLNode: Sendable {
  /// The three kinds of YAML node.
  public enum Kind: UInt8, Hashable, Sendable {
    case scalar, mapping, sequence
  }

  /// The document that holds the node.
  public let document: YAMLDocument
  /// The node's index in the document's arena.
  public let index: Int32

  init(document: YAMLDocument, index: Int32) {
    self.document = document
    self.index = index
  }

  var record: YAMLNodeRecord { document.records[Int(index)] }

  /// The node's kind.
  public var kind: Kind { record.kind }

  /// Where the node is: from its first character to just after its last.
  public var range: SourceRange {
    let record = record
    return SourceRange(
      fileID: document.fileID, start: record.start.position, end: record.end.position)
  }

  /// Where the node starts.
  public var start: SourcePosition { record.start.position }

  /// The scalar, when the node is one.
  public var scalar: YAMLScalar? {
    let record = record
    guard record.kind == .scalar else { return nil }
    return YAMLScalar(
      value: document.scalars[Int(record.first)], style: record.style, tag: record.tag)
  }

  /// The scalar's text, when the node is a scalar.
  public var text: String? {
    let record = record
    guard record.kind == .scalar else { return nil }
    return document.scalars[Int(record.first)]
  }

  /// A sequence's items (empty for other kinds).
  public var items: YAMLItems {
    let record = record
    guard record.kind == .sequence else { return YAMLItems(document: document, first: 0, count: 0) }
    return YAMLItems(document: document, first: Int(record.first), count: Int(record.count))
  }

  /// A mapping's key–value pairs, in file order (empty for other kinds).
  public var pairs: YAMLPairs {
    let record = record
    guard record.kind == .mapping else { return YAMLPairs(document: document, first: 0, count: 0) }
    return YAMLPairs(document: document, first: Int(record.first), count: Int(record.count))
  }

  /// The value of a mapping's scalar key `key`, when there is one (hashed
  /// for large mappings).
  public subscript(key: String) -> YAMLNode? {
    let record = record
    guard record.kind == .mapping else { return nil }
    let first = Int(record.first)
    if let index = document.keyIndexes[self.index] {
      guard let pair = index[key] else { return nil }
      return YAMLNode(document: document, index: document.children[first + 2 * Int(pair) + 1])
    }
    for pair in 0..<Int(record.count) {
      let keyRecord = document.records[Int(document.children[first + 2 * pair])]
      if keyRecord.kind == .scalar, document.scalars[Int(keyRecord.first)] == key {
        return YAMLNode(document: document, index: document.children[first + 2 * pair + 1])
      }
    }
    return nil
  }
}

/// A sequence's items.
public struct YAMLItems: RandomAccessCollection, Sendable {
  let document: YAMLDocument
  let first: Int
  public let count: Int

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }
  public subscript(position: Int) -> YAMLNode {
    YAMLNode(document: document, index: document.children[first + position])
  }
}

/// A mapping's key–value pairs.
public struct YAMLPairs: RandomAccessCollection, Sendable {
  let document: YAMLDocument
  let first: Int
  public let count: Int

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }
  public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
    let base = first + 2 * position
    return (
      YAMLNode(document: document, index: document.children[base]),
      YAMLNode(document: document, index: document.children[base + 1])
    )
  }
}

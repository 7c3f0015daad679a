import FlowGraphCore

/// A parsed YAML document: every node lives in one flat arena, so a document
/// of a million nodes is a handful of allocations, freeing it never recurses,
/// and an alias is the index of its anchor's node (shared, never copied).
///
/// Positions are 1-based (line and column) and every node keeps its start and
/// end. Merge keys are already applied and duplicate keys already dropped
/// (the first occurrence wins) by the time a document exists.
///
/// The arena stores byte offsets only (line and column come from a table of
/// line starts) and scalar text as spans of the file's bytes, so a node costs
/// 9 bytes plus 12 for a collection; a `String` is made only when asked for.
public final class YAMLDocument: Sendable {
  /// The file's path, as given to the parser.
  public let file: String
  /// The file's bytes.
  let source: YAMLSourceBytes
  let lines: SourceLineTable
  /// Per node: ``YAMLNodeFlags``.
  let flags: YAMLStorage<UInt8>
  /// Per node: the byte offset of its first character.
  let starts: YAMLStorage<UInt32>
  /// Per node: an inline scalar's text length; an out-of-line scalar's index
  /// in `spans`; a collection's index in `collections`.
  let payloads: YAMLStorage<UInt32>
  let collections: YAMLStorage<YAMLCollectionRecord>
  /// Scalars whose text is not a plain copy of the file's bytes.
  let spans: [YAMLScalarSpan]
  /// The text of the scalars in `spans`.
  let extraText: [UInt8]
  /// Sequences: item node indices; mappings: key and value node indices, interleaved.
  let children: YAMLStorage<Int32>
  let rootIndex: Int32
  /// Mappings of more than ``linearKeyLimit`` pairs: a hash table of their keys.
  let keyTables: YAMLKeyTables
  /// The pairs dropped as duplicate keys (each reported), in file order:
  /// what they held is not in the tree, so what decodes the mapping around
  /// them may be missing something.
  let droppedKeys: [YAMLDroppedKey]
  /// Whether the document has anchors: an alias or a merge key can then
  /// reach a node from outside its subtree (see ``releasePoint(after:)``).
  let hasAnchors: Bool

  /// Mappings up to this many pairs are searched linearly.
  static let linearKeyLimit = 8

  /// Takes the arena's columns (freeing each once copied).
  init(
    file: String, source: YAMLSourceText, lines: SourceLineTable, arena: inout YAMLArena,
    root: Int32, hasAnchors: Bool
  ) {
    self.file = file
    self.source = YAMLSourceBytes(source)
    self.lines = lines
    self.flags = arena.flags.freeze()
    self.starts = arena.starts.freeze()
    self.payloads = arena.payloads.freeze()
    self.collections = arena.collections.freeze()
    self.children = arena.children.freeze()
    self.spans = arena.spans
    self.extraText = arena.extraText
    self.keyTables = arena.keyTables
    self.droppedKeys = arena.droppedKeys
    self.rootIndex = root
    self.hasAnchors = hasAnchors
  }

  deinit {
    source.release()
  }

  /// The document's root node.
  public var root: YAMLNode { YAMLNode(document: self, index: rootIndex) }

  /// How many nodes the arena holds (aliases add none).
  public var nodeCount: Int { flags.count }

  // MARK: Node storage

  @inline(__always)
  func nodeFlags(_ index: Int) -> YAMLNodeFlags {
    YAMLNodeFlags(rawValue: flags[index])
  }

  @inline(__always)
  func payload(_ index: Int) -> Int { Int(payloads[index]) }

  @inline(__always)
  func startOffset(_ index: Int) -> Int { Int(starts[index]) }

  /// The byte offset just after the node's last character (inlined: every
  /// range the decoder keeps asks it).
  @inline(__always)
  func endOffset(_ index: Int) -> Int {
    let flags = nodeFlags(index)
    switch flags.storage {
    case .inlineScalar: return startOffset(index) + payload(index) + (flags.isQuoted ? 2 : 0)
    case .spanScalar: return Int(spans[payload(index)].end)
    case .mapping, .sequence: return Int(collections[payload(index)].end)
    }
  }

  /// The collection record of a mapping or sequence.
  @inline(__always)
  func collection(_ index: Int) -> YAMLCollectionRecord { collections[payload(index)] }

  /// Calls `body` with a scalar's UTF-8 text.
  @inline(__always)
  func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let flags = nodeFlags(index)
    if flags.storage == .inlineScalar {
      let offset = startOffset(index) + (flags.isQuoted ? 1 : 0)
      let length = payload(index)
      #if DEBUG
        if case .pages(let pages) = source.owner {
          assert(offset >= pages.releasedBelow, "a scalar read in text given back")
        }
      #endif
      return try body(UnsafeBufferPointer(rebasing: source.bytes[offset..<offset + length]))
    }
    let span = spans[payload(index)]
    return try extraText.withUnsafeBufferPointer { bytes in
      try body(
        UnsafeBufferPointer(rebasing: bytes[Int(span.offset)..<Int(span.offset + span.length)]))
    }
  }

  /// The line:column position of a byte offset.
  @inline(__always)
  func position(ofOffset offset: Int) -> SourcePosition {
    lines.position(ofOffset: offset)
  }
}

/// A node's kind and style, packed in one byte: bits 0–1 the storage, 2–4 the
/// scalar style, 5–7 the tag.
struct YAMLNodeFlags: Sendable {
  /// Where a node's data lives.
  enum Storage: UInt8 {
    /// A scalar whose text is the file's bytes after its start (and opening quote).
    case inlineScalar = 0
    case mapping = 1
    case sequence = 2
    /// A scalar whose text and end are in `spans`.
    case spanScalar = 3
  }

  var rawValue: UInt8

  @inline(__always)
  init(rawValue: UInt8) { self.rawValue = rawValue }

  @inline(__always)
  init(storage: Storage, style: YAMLScalar.Style, tag: YAMLScalar.Tag) {
    rawValue = storage.rawValue | style.rawValue << 2 | tag.rawValue << 5
  }

  @inline(__always)
  var storage: Storage { Storage(rawValue: rawValue & 3)! }

  @inline(__always)
  var kind: YAMLNode.Kind {
    switch rawValue & 3 {
    case 1: .mapping
    case 2: .sequence
    default: .scalar
    }
  }

  @inline(__always)
  var style: YAMLScalar.Style { YAMLScalar.Style(rawValue: (rawValue >> 2) & 7) ?? .plain }

  @inline(__always)
  var tag: YAMLScalar.Tag { YAMLScalar.Tag(rawValue: rawValue >> 5) ?? .none }

  /// Whether the scalar is single- or double-quoted.
  @inline(__always)
  var isQuoted: Bool {
    let style = (rawValue >> 2) & 7
    return style == YAMLScalar.Style.singleQuoted.rawValue
      || style == YAMLScalar.Style.doubleQuoted.rawValue
  }
}

/// A mapping's or sequence's children and end.
struct YAMLCollectionRecord: Sendable {
  /// The first index in `children`.
  var first: UInt32
  /// Items, or pairs for a mapping (-1 while the builder has not closed it).
  var count: Int32
  /// The byte offset just after its last character.
  var end: UInt32
}

/// An out-of-line scalar's text (in `extraText`) and end.
struct YAMLScalarSpan: Sendable {
  var offset: UInt32
  var length: UInt32
  var end: UInt32
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
    (
      YAMLNode(document: document, index: keyIndex(position)),
      YAMLNode(document: document, index: valueIndex(position))
    )
  }

  /// The arena index of the key of pair `position`: reading it makes no
  /// node (a node holds the document, and each one made costs a retain).
  @inline(__always)
  func keyIndex(_ position: Int) -> Int32 { document.children[first + 2 * position] }

  /// The arena index of the value of pair `position`.
  @inline(__always)
  func valueIndex(_ position: Int) -> Int32 { document.children[first + 2 * position + 1] }
}

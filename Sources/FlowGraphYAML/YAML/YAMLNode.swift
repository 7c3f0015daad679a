import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

  @inline(__always)
  var flags: YAMLNodeFlags { document.nodeFlags(Int(index)) }

  /// The node's kind.
  public var kind: Kind { flags.kind }

  /// Where the node is: from its first character to just after its last.
  public var range: SourceRange {
    let index = Int(index)
    let (start, end) = document.lines.positions(
      from: document.startOffset(index), to: document.endOffset(index))
    return SourceRange(file: document.file, start: start, end: end)
  }

  /// Where the node starts.
  public var start: SourcePosition {
    document.position(ofOffset: document.startOffset(Int(index)))
  }

  /// The scalar, when the node is one.
  public var scalar: YAMLScalar? {
    let flags = flags
    guard flags.kind == .scalar else { return nil }
    return YAMLScalar(value: makeText(), style: flags.style, tag: flags.tag)
  }

  /// The scalar's text, when the node is a scalar (made on each call: compare
  /// keys with ``textEquals(_:)``, which allocates nothing).
  public var text: String? {
    guard flags.kind == .scalar else { return nil }
    return makeText()
  }

  @inline(__always)
  func makeText() -> String {
    document.withText(Int(index)) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the scalar's UTF-8 text, without making a `String`;
  /// `nil` when the node is not a scalar. Inlined: the decoder reads every
  /// key and name through it, and a call through its generic closure thunk
  /// cost more than the read.
  @inline(__always)
  public func withUTF8Text<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    guard flags.kind == .scalar else { return nil }
    return try document.withText(Int(index), body)
  }

  /// Whether the node is a scalar whose text is `string`, without making a `String`.
  public func textEquals(_ string: String) -> Bool {
    guard flags.kind == .scalar else { return false }
    var string = string
    return string.withUTF8 { wanted in
      document.withText(Int(index)) { text in Self.equal(text, wanted) }
    }
  }

  @inline(__always)
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard a.count > 0 else { return true }
    return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
  }

  /// A sequence's items (empty for other kinds).
  public var items: YAMLItems {
    guard flags.kind == .sequence else { return YAMLItems(document: document, first: 0, count: 0) }
    let record = document.collection(Int(index))
    return YAMLItems(document: document, first: Int(record.first), count: Int(record.count))
  }

  /// A mapping's key–value pairs, in file order (empty for other kinds).
  public var pairs: YAMLPairs {
    guard flags.kind == .mapping else { return YAMLPairs(document: document, first: 0, count: 0) }
    let record = document.collection(Int(index))
    return YAMLPairs(document: document, first: Int(record.first), count: Int(record.count))
  }

  /// The value of a mapping's scalar key `key`, when there is one (hashed
  /// for large mappings).
  public subscript(key: String) -> YAMLNode? {
    guard flags.kind == .mapping else { return nil }
    let record = document.collection(Int(index))
    let first = Int(record.first)
    var key = key
    let pair = key.withUTF8 { wanted -> Int? in
      if let table = document.keyTables.table(of: index) {
        return document.keyTables.find(wanted, in: table) { pair in
          let keyNode = Int(document.children[first + 2 * pair])
          return document.withText(keyNode) { Self.equal($0, wanted) }
        }
      }
      for pair in 0..<Int(record.count) {
        let keyNode = Int(document.children[first + 2 * pair])
        guard document.nodeFlags(keyNode).kind == .scalar else { continue }
        if document.withText(keyNode, { Self.equal($0, wanted) }) { return pair }
      }
      return nil
    }
    guard let pair else { return nil }
    return YAMLNode(document: document, index: document.children[first + 2 * pair + 1])
  }
}

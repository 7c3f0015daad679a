internal import CFlowGraphLibYAML
import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds a ``YAMLDocument``'s arena from libyaml events, one event at a
/// time, with no recursion: the children of open collections wait on a
/// stack and are copied into the arena, contiguous, when their collection
/// closes. Enforces the DSL's YAML rules and the limits as it goes.
struct YAMLTreeBuilder {
  /// A mapping or sequence whose end event has not come yet.
  struct OpenCollection {
    var node: Int32
    /// Where its children start on the `pending` stack.
    var base: Int
    var isMapping: Bool
  }

  let file: String
  let limits: YAMLLimits
  var map: YAMLSourceMap
  var arena: YAMLArena
  var pending: YAMLColumn<Int32>
  var open: YAMLColumn<OpenCollection>
  /// Every collection's size once alias references are expanded
  /// (saturating), by collection index; a scalar's is 1.
  var sizes: YAMLColumn<UInt32>
  var anchors: [String: Int32] = [:]
  var aliasNodes = 0
  var root: Int32 = -1
  var diagnostics: [Diagnostic] = []
  /// Set by a finding that ends the build (a limit, a libyaml error).
  var stopped = false
  /// The hash table of the mapping being closed (large mappings only).
  var keySlots: [Int32] = []

  init(file: String, limits: YAMLLimits, map: YAMLSourceMap) {
    self.file = file
    self.limits = limits
    self.map = map
    arena = YAMLArena(forBytes: map.bytes.count)
    sizes = YAMLColumn(capacity: map.bytes.count / 18 + 16)
    pending = YAMLColumn(capacity: 256)
    open = YAMLColumn(capacity: 64)
  }

  @inline(__always)
  func range(_ start: Int, _ end: Int) -> SourceRange {
    SourceRange(
      file: file, start: map.position(ofOffset: start), end: map.position(ofOffset: end))
  }

  mutating func report(_ diagnostic: Diagnostic, fatal: Bool = false) {
    diagnostics.append(diagnostic)
    if fatal { stopped = true }
  }

  /// The finished document, or `nil` when a finding other than
  /// `duplicate-key` means the file must not be used.
  /// Frees the builder's buffers: call it exactly once, and use the builder no more.
  mutating func finish(source: YAMLSourceText) -> YAMLDocument? {
    pending.free()
    open.free()
    sizes.free()
    guard root >= 0, !stopped, !diagnostics.contains(where: { $0.rule != .duplicateKey }) else {
      arena.free()
      return nil
    }
    return YAMLDocument(
      file: file, source: source, lines: map.lines, arena: &arena, root: root,
      hasAnchors: !anchors.isEmpty)
  }

  @inline(__always)
  static func saturatingAdd(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// A node's size once aliases are expanded.
  @inline(__always)
  func size(_ node: Int32) -> UInt32 {
    arena.nodeFlags(node).kind == .scalar ? 1 : sizes[arena.payload(node)]
  }

  /// The byte offset just after a node's last character.
  func endOffset(_ node: Int32) -> Int {
    let flags = arena.nodeFlags(node)
    switch flags.storage {
    case .inlineScalar:
      return Int(arena.starts[Int(node)]) + arena.payload(node) + (flags.isQuoted ? 2 : 0)
    case .spanScalar: return Int(arena.spans[arena.payload(node)].end)
    case .mapping, .sequence: return Int(arena.collections[arena.payload(node)].end)
    }
  }

  // MARK: Events

  mutating func scalar(_ event: UnsafeMutablePointer<yaml_event_t>) {
    let data = event.pointee.data.scalar
    let start = map.offset(event.pointee.start_mark)
    let end = map.offset(event.pointee.end_mark)
    let length = data.length
    guard length <= limits.maxScalarLength else {
      report(
        YAMLFindings.scalarTooLong(
          length: length, limit: limits.maxScalarLength, at: range(start, end)),
        fatal: true)
      return
    }
    let style = YAMLScalar.Style(data.style)
    var tag = YAMLScalar.Tag.none
    if let rawTag = data.tag {
      let text = String(
        decoding: UnsafeBufferPointer(start: data.value, count: length), as: UTF8.self)
      tag = scalarTag(String(cString: rawTag), text: text, at: range(start, end))
    }
    // Most scalars are the file's own bytes (after the opening quote): the
    // arena keeps their length only. Others keep their text and end aside.
    // A plain or quoted scalar on one line whose text is as long as its
    // source is its source: on one line nothing is folded, and every escape
    // (`''`, `\n`, `\x41`…) is longer than what it stands for. Only a
    // scalar over several lines is compared byte by byte.
    let quote = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
    let index: Int32
    if style.rawValue <= YAMLScalar.Style.doubleQuoted.rawValue, start + length + 2 * quote == end,
      length == 0 || event.pointee.start_mark.line == event.pointee.end_mark.line
        || memcmp(map.bytes.baseAddress! + start + quote, data.value, length) == 0
    {
      index = arena.append(
        YAMLNodeFlags(storage: .inlineScalar, style: style, tag: tag), start: start,
        payload: length)
    } else {
      let offset = arena.extraText.count
      arena.extraText.append(contentsOf: UnsafeBufferPointer(start: data.value, count: length))
      arena.spans.append(
        YAMLScalarSpan(
          offset: UInt32(clamping: offset), length: UInt32(clamping: length),
          end: UInt32(clamping: end)))
      index = arena.append(
        YAMLNodeFlags(storage: .spanScalar, style: style, tag: tag), start: start,
        payload: arena.spans.count - 1)
    }
    if let anchor = data.anchor { anchors[String(cString: anchor)] = index }
    if length == 0, start == end, style == .plain { checkKeyWithoutSpace(valueAt: start) }
    attach(index, kind: .scalar, start: start, end: end)
  }

  mutating func alias(_ event: UnsafeMutablePointer<yaml_event_t>) {
    let name = String(cString: event.pointee.data.alias.anchor)
    let start = map.offset(event.pointee.start_mark)
    let end = map.offset(event.pointee.end_mark)
    guard let target = anchors[name] else {
      report(
        YAMLFindings.undefinedAlias(
          name, at: range(start, end),
          suggestion: NameSuggestion.best(for: name, among: anchors.keys)))
      attachPlaceholder(start: start, end: end)
      return
    }
    let kind = arena.nodeFlags(target).kind
    if kind != .scalar, arena.collections[arena.payload(target)].count < 0 {
      report(
        YAMLFindings.recursiveAlias(
          name, at: range(start, end),
          anchorRange: range(Int(arena.starts[Int(target)]), endOffset(target))))
      attachPlaceholder(start: start, end: end)
      return
    }
    aliasNodes += Int(size(target))
    guard aliasNodes <= limits.maxAliasNodes else {
      report(
        YAMLFindings.aliasBudget(limit: limits.maxAliasNodes, at: range(start, end), anchor: name),
        fatal: true)
      return
    }
    attach(target, kind: kind, start: start, end: end)
  }

  mutating func startCollection(_ event: UnsafeMutablePointer<yaml_event_t>, isMapping: Bool) {
    let start = map.offset(event.pointee.start_mark)
    let end = map.offset(event.pointee.end_mark)
    guard open.count < limits.maxDepth else {
      report(YAMLFindings.tooDeep(limit: limits.maxDepth, at: range(start, end)), fatal: true)
      return
    }
    let kind: YAMLNode.Kind = isMapping ? .mapping : .sequence
    let rawTag =
      isMapping ? event.pointee.data.mapping_start.tag : event.pointee.data.sequence_start.tag
    let anchor =
      isMapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor
    var tag = YAMLScalar.Tag.none
    if let rawTag {
      tag = collectionTag(String(cString: rawTag), kind: kind, at: range(start, end))
    }
    let index = arena.append(
      YAMLNodeFlags(storage: isMapping ? .mapping : .sequence, style: .plain, tag: tag),
      start: start, payload: arena.collections.count)
    arena.collections.append(
      YAMLCollectionRecord(first: 0, count: -1, end: UInt32(clamping: end)))
    sizes.append(1)
    if let anchor { anchors[String(cString: anchor)] = index }
    attach(index, kind: kind, start: start, end: end)
    open.append(OpenCollection(node: index, base: pending.count, isMapping: isMapping))
  }

  mutating func endSequence(_ event: UnsafeMutablePointer<yaml_event_t>) {
    guard let top = open.popLast() else { return }
    let first = arena.children.count
    var size: UInt32 = 1
    for i in top.base..<pending.count {
      let child = pending[i]
      arena.children.append(child)
      size = Self.saturatingAdd(size, self.size(child))
    }
    pending.removeLast(pending.count - top.base)
    close(
      top.node, first: first, count: arena.children.count - first, size: size,
      end: map.offset(event.pointee.end_mark))
  }

  mutating func endMapping(_ event: UnsafeMutablePointer<yaml_event_t>) {
    guard let top = open.popLast() else { return }
    let first = arena.children.count
    let size = closeMapping(top.node, base: top.base)
    pending.removeLast(pending.count - top.base)
    close(
      top.node, first: first, count: (arena.children.count - first) / 2, size: size,
      end: map.offset(event.pointee.end_mark))
  }

  mutating func close(_ node: Int32, first: Int, count: Int, size: UInt32, end: Int) {
    let collection = arena.payload(node)
    arena.collections[collection] = YAMLCollectionRecord(
      first: UInt32(clamping: first), count: Int32(clamping: count), end: UInt32(clamping: end))
    sizes[collection] = size
  }

  /// Adds a node to its parent (or makes it the root).
  @inline(__always)
  mutating func attach(_ index: Int32, kind: YAMLNode.Kind, start: Int, end: Int) {
    // The common case: a scalar inside a collection.
    if kind == .scalar, open.count > 0 {
      pending.append(index)
      return
    }
    attachCollectionOrRoot(index, kind: kind, start: start, end: end)
  }

  @inline(never)
  private mutating func attachCollectionOrRoot(
    _ index: Int32, kind: YAMLNode.Kind, start: Int, end: Int
  ) {
    guard let top = open.last else {
      if root < 0 { root = index }
      return
    }
    if kind != .scalar, top.isMapping, (pending.count - top.base) & 1 == 0 {
      report(YAMLFindings.complexKey(kind, at: range(start, end)))
    }
    pending.append(index)
  }

  /// Reports `{ push:detail }`: a plain key with a `:` and no space after
  /// it, whose value is empty (the value of the key on the pending stack
  /// arrives at `offset`, empty and implicit).
  @inline(never)
  mutating func checkKeyWithoutSpace(valueAt offset: Int) {
    guard let top = open.last, top.isMapping, (pending.count - top.base) & 1 == 1 else { return }
    let key = pending[pending.count - 1]
    let flags = arena.nodeFlags(key)
    guard flags.storage == .inlineScalar, flags.style == .plain else { return }
    let start = Int(arena.starts[Int(key)])
    let length = arena.payload(key)
    let text = UnsafeBufferPointer(rebasing: map.bytes[start..<start + length])
    guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < text.count,
      text[colon + 1] != UInt8(ascii: "/"),
      text[..<colon].allSatisfy(YAMLShapeDiagnosis.isKeyByte)
    else { return }
    let name = String(decoding: text[..<colon], as: UTF8.self)
    let value = String(decoding: text[(colon + 1)...], as: UTF8.self)
    let at = start + colon
    report(
      Diagnostic(
        .yamlSyntax, YAMLFindings.missingSpaceAfterColon(key: name, value: value),
        at: range(at, at + 1), fixes: [Diagnostic.Fix(replacing: range(at, at + 1), with: ": ")]))
  }

  /// Stands in for an alias that could not be resolved, so that the
  /// mapping's keys and values stay paired (the document is refused anyway).
  mutating func attachPlaceholder(start: Int, end: Int) {
    arena.spans.append(
      YAMLScalarSpan(
        offset: UInt32(clamping: arena.extraText.count), length: 0, end: UInt32(clamping: end)))
    let index = arena.append(
      YAMLNodeFlags(storage: .spanScalar, style: .plain, tag: .none), start: start,
      payload: arena.spans.count - 1)
    attach(index, kind: .scalar, start: start, end: end)
  }
}

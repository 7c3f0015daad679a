internal import CFlowGraphLibYAML
import FlowGraphCore

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
  var records: [YAMLNodeRecord] = []
  var scalars: [String] = []
  var children: [Int32] = []
  var pending: [Int32] = []
  var open: [OpenCollection] = []
  /// Every node's size once alias references are expanded (saturating).
  var sizes: [UInt32] = []
  var anchors: [String: Int32] = [:]
  var aliasNodes = 0
  var root: Int32 = -1
  var diagnostics: [Diagnostic] = []
  /// Set by a finding that ends the build (a limit, a libyaml error).
  var stopped = false
  /// The key index of the mapping being closed (large mappings only).
  var keyIndex: [String: Int32] = [:]
  /// The key indexes kept for large mappings, by mapping node.
  var keyIndexes: [Int32: [String: Int32]] = [:]

  init(file: String, limits: YAMLLimits, map: YAMLSourceMap) {
    self.file = file
    self.limits = limits
    self.map = map
    // Flow files have about one node per 9 bytes; capacity never touched costs
    // no memory, while growing a large arena costs a copy.
    let estimate = map.bytes.count / 5 + 16
    records.reserveCapacity(estimate)
    sizes.reserveCapacity(estimate)
    scalars.reserveCapacity(estimate)
    children.reserveCapacity(estimate)
    pending.reserveCapacity(256)
  }

  @inline(__always)
  func range(_ start: YAMLCompactPosition, _ end: YAMLCompactPosition) -> SourceRange {
    SourceRange(file: file, start: start.position, end: end.position)
  }

  mutating func report(_ diagnostic: Diagnostic, fatal: Bool = false) {
    diagnostics.append(diagnostic)
    if fatal { stopped = true }
  }

  /// The finished document, or `nil` when a finding other than
  /// `duplicate-key` means the file must not be used.
  func finish() -> YAMLDocument? {
    guard root >= 0, !stopped, !diagnostics.contains(where: { $0.rule != .duplicateKey }) else {
      return nil
    }
    return YAMLDocument(
      file: file, records: records, children: children, scalars: scalars, root: root,
      keyIndexes: keyIndexes)
  }

  @inline(__always)
  static func saturatingAdd(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  // MARK: Events

  mutating func scalar(_ event: UnsafeMutablePointer<yaml_event_t>) {
    let data = event.pointee.data.scalar
    let start = map.compact(event.pointee.start_mark)
    let end = map.compact(event.pointee.end_mark)
    guard data.length <= limits.maxScalarLength else {
      report(
        YAMLFindings.scalarTooLong(
          length: data.length, limit: limits.maxScalarLength, at: range(start, end)),
        fatal: true)
      return
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
    var tag = YAMLScalar.Tag.none
    if let rawTag = data.tag {
      tag = scalarTag(String(cString: rawTag), text: text, at: range(start, end))
    }
    let index = Int32(records.count)
    records.append(
      YAMLNodeRecord(
        kind: .scalar, style: YAMLScalar.Style(data.style), tag: tag,
        first: Int32(scalars.count), count: 0, start: start, end: end))
    scalars.append(text)
    sizes.append(1)
    if let anchor = data.anchor { anchors[String(cString: anchor)] = index }
    attach(index, kind: .scalar, start: start, end: end)
  }

  mutating func alias(_ event: UnsafeMutablePointer<yaml_event_t>) {
    let name = String(cString: event.pointee.data.alias.anchor)
    let start = map.compact(event.pointee.start_mark)
    let end = map.compact(event.pointee.end_mark)
    guard let target = anchors[name] else {
      report(YAMLFindings.undefinedAlias(name, at: range(start, end)))
      attachPlaceholder(start: start, end: end)
      return
    }
    let record = records[Int(target)]
    if record.kind != .scalar, record.count < 0 {
      report(
        YAMLFindings.recursiveAlias(
          name, at: range(start, end), anchorRange: range(record.start, record.end)))
      attachPlaceholder(start: start, end: end)
      return
    }
    aliasNodes += Int(sizes[Int(target)])
    guard aliasNodes <= limits.maxAliasNodes else {
      report(
        YAMLFindings.aliasBudget(limit: limits.maxAliasNodes, at: range(start, end), anchor: name),
        fatal: true)
      return
    }
    attach(target, kind: record.kind, start: start, end: end)
  }

  mutating func startCollection(_ event: UnsafeMutablePointer<yaml_event_t>, isMapping: Bool) {
    let start = map.compact(event.pointee.start_mark)
    let end = map.compact(event.pointee.end_mark)
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
    let index = Int32(records.count)
    records.append(
      YAMLNodeRecord(
        kind: kind, style: .plain, tag: tag, first: 0, count: -1, start: start, end: end))
    sizes.append(1)
    if let anchor { anchors[String(cString: anchor)] = index }
    attach(index, kind: kind, start: start, end: end)
    open.append(OpenCollection(node: index, base: pending.count, isMapping: isMapping))
  }

  mutating func endSequence(_ event: UnsafeMutablePointer<yaml_event_t>) {
    guard let top = open.popLast() else { return }
    let first = children.count
    var size: UInt32 = 1
    for i in top.base..<pending.count {
      let child = pending[i]
      children.append(child)
      size = Self.saturatingAdd(size, sizes[Int(child)])
    }
    pending.removeSubrange(top.base...)
    close(top.node, first: first, size: size, end: map.compact(event.pointee.end_mark))
  }

  mutating func endMapping(_ event: UnsafeMutablePointer<yaml_event_t>) {
    guard let top = open.popLast() else { return }
    let first = children.count
    let size = closeMapping(top.node, base: top.base)
    pending.removeSubrange(top.base...)
    close(top.node, first: first, size: size, end: map.compact(event.pointee.end_mark))
  }

  mutating func close(_ node: Int32, first: Int, size: UInt32, end: YAMLCompactPosition) {
    let isMapping = records[Int(node)].kind == .mapping
    let count = (children.count - first) / (isMapping ? 2 : 1)
    records[Int(node)].first = Int32(first)
    records[Int(node)].count = Int32(count)
    records[Int(node)].end = end
    sizes[Int(node)] = size
  }

  /// Adds a node to its parent (or makes it the root).
  @inline(__always)
  mutating func attach(
    _ index: Int32, kind: YAMLNode.Kind, start: YAMLCompactPosition, end: YAMLCompactPosition
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

  /// Stands in for an alias that could not be resolved, so that the
  /// mapping's keys and values stay paired (the document is refused anyway).
  mutating func attachPlaceholder(start: YAMLCompactPosition, end: YAMLCompactPosition) {
    let index = Int32(records.count)
    records.append(
      YAMLNodeRecord(
        kind: .scalar, style: .plain, tag: .none, first: Int32(scalars.count), count: 0,
        start: start, end: end))
    scalars.append("")
    sizes.append(1)
    attach(index, kind: .scalar, start: start, end: end)
  }
}

import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension YAMLTreeBuilder {
  /// Mappings up to this many pairs find keys by a linear scan; larger ones
  /// by hashing, and keep their key table for ``YAMLNode/subscript(_:)``.
  static let linearKeyLimit = YAMLDocument.linearKeyLimit

  /// Calls `body` with a scalar's UTF-8 text.
  @inline(__always)
  func withKeyText<R>(_ node: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let flags = arena.nodeFlags(node)
    if flags.storage == .inlineScalar {
      let offset = Int(arena.starts[Int(node)]) + (flags.isQuoted ? 1 : 0)
      return body(UnsafeBufferPointer(rebasing: map.bytes[offset..<offset + arena.payload(node)]))
    }
    let span = arena.spans[arena.payload(node)]
    return arena.extraText.withUnsafeBufferPointer { text in
      body(UnsafeBufferPointer(rebasing: text[Int(span.offset)..<Int(span.offset + span.length)]))
    }
  }

  /// A scalar key's text, as a `String` (for messages and merges).
  func keyText(_ node: Int32) -> String {
    withKeyText(node) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether two scalar keys have the same text.
  @inline(__always)
  func sameKey(_ a: Int32, _ b: Int32) -> Bool {
    withKeyText(a) { first in withKeyText(b) { YAMLNode.equal(first, $0) } }
  }

  @inline(__always)
  func isMergeKey(_ node: Int32) -> Bool {
    let flags = arena.nodeFlags(node)
    guard flags.kind == .scalar, flags.style == .plain, flags.tag == .none else { return false }
    return withKeyText(node) {
      $0.count == 2 && $0[0] == UInt8(ascii: "<") && $0[1] == UInt8(ascii: "<")
    }
  }

  func nodeRange(_ node: Int32) -> SourceRange {
    range(Int(arena.starts[Int(node)]), endOffset(node))
  }

  /// Reads inline scalar keys straight from the arena's columns and the
  /// file's bytes (made once per mapping: calling the builder's own methods
  /// in the loop would copy the builder).
  struct KeyReader {
    let flags: UnsafeMutablePointer<UInt8>
    let starts: UnsafeMutablePointer<UInt32>
    let payloads: UnsafeMutablePointer<UInt32>
    let bytes: UnsafePointer<UInt8>

    /// Where an inline scalar's text is in the file (`nil` for other nodes).
    @inline(__always)
    func inlineText(_ node: Int32) -> (offset: Int, length: Int)? {
      let flags = YAMLNodeFlags(rawValue: self.flags[Int(node)])
      guard flags.storage == .inlineScalar else { return nil }
      return (Int(starts[Int(node)]) + (flags.isQuoted ? 1 : 0), Int(payloads[Int(node)]))
    }

    /// Whether two inline texts are the same bytes.
    @inline(__always)
    func same(_ a: (offset: Int, length: Int), _ b: (offset: Int, length: Int)) -> Bool {
      a.length == b.length
        && (a.length == 0 || memcmp(bytes + a.offset, bytes + b.offset, a.length) == 0)
    }

    /// Whether an inline key is the merge key `<<` (plain, untagged); `nil`
    /// when the node is not inline.
    @inline(__always)
    func isMergeKey(_ node: Int32) -> Bool? {
      guard let text = inlineText(node) else { return nil }
      let flags = YAMLNodeFlags(rawValue: self.flags[Int(node)])
      return flags.style == .plain && flags.tag == .none && text.length == 2
        && bytes[text.offset] == UInt8(ascii: "<") && bytes[text.offset + 1] == UInt8(ascii: "<")
    }
  }

  /// Writes the pairs on the pending stack from `base` into `children`:
  /// complex keys (already reported) and later duplicates dropped, merge keys
  /// expanded in place (explicit keys win, then the first merged mapping).
  /// Returns the mapping's expanded size.
  mutating func closeMapping(_ node: Int32, base: Int) -> UInt32 {
    let pairCount = (pending.count - base) / 2
    let hashed = pairCount > Self.linearKeyLimit
    let capacity = hashed ? YAMLKeyTables.capacity(for: pairCount) : 0
    if hashed {
      keySlots.removeAll(keepingCapacity: true)
      keySlots.append(contentsOf: repeatElement(0, count: capacity))
    }
    var hasMerge = false
    var dropped = false
    let reader = KeyReader(
      flags: arena.flags.base, starts: arena.starts.base, payloads: arena.payloads.base,
      bytes: map.bytes.baseAddress ?? UnsafePointer(arena.flags.base))
    let keys = pending.base + base
    // Pass 1: explicit keys (the table maps a key to its pending pair);
    // a dropped pair gets a negative key.
    for pair in 0..<pairCount {
      let key = keys[2 * pair]
      guard YAMLNodeFlags(rawValue: reader.flags[Int(key)]).kind == .scalar else {
        keys[2 * pair] = -1
        dropped = true
        continue
      }
      var previous: Int32? = nil
      if hashed {
        previous = insertKey(key, pair: pair, base: base, capacity: capacity)
      } else if pair > 0 {
        if let text = reader.inlineText(key) {
          for earlier in 0..<pair {
            let other = keys[2 * earlier]
            guard other >= 0 else { continue }
            if let otherText = reader.inlineText(other) {
              if reader.same(text, otherText) {
                previous = other
                break
              }
            } else if sameKey(other, key) {
              previous = other
              break
            }
          }
        } else {
          previous = linearFind(key, base: base, before: pair)
        }
      }
      if let previous {
        report(
          YAMLFindings.duplicateKey(keyText(key), at: nodeRange(key), first: nodeRange(previous)))
        arena.droppedKeys.append(YAMLDroppedKey(key: key, mapping: node, first: previous))
        keys[2 * pair] = -1
        dropped = true
        continue
      }
      if reader.isMergeKey(key) ?? isMergeKey(key) { hasMerge = true }
    }
    var size: UInt32 = 1
    let first = arena.children.count
    if hasMerge {
      size = writeMerging(base: base, pairCount: pairCount)
    } else {
      for pair in 0..<pairCount {
        let key = keys[2 * pair]
        guard key >= 0 else { continue }
        let value = keys[2 * pair + 1]
        arena.children.append(key)
        arena.children.append(value)
        let valueSize =
          YAMLNodeFlags(rawValue: reader.flags[Int(value)]).kind == .scalar
          ? 1 : sizes[Int(reader.payloads[Int(value)])]
        size = Self.saturatingAdd(size, Self.saturatingAdd(1, valueSize))
      }
    }
    // Keep the table of a large mapping, by output pair (rebuilt when pairs
    // were dropped or merged, so that it no longer matches pending pairs).
    let outputPairs = (arena.children.count - first) / 2
    if outputPairs > Self.linearKeyLimit {
      if !hashed || dropped || hasMerge { rebuildKeySlots(first: first, pairs: outputPairs) }
      arena.keyTables.tables[node] = YAMLKeyTables.Table(
        first: arena.keyTables.slots.count, capacity: keySlots.count)
      arena.keyTables.slots.append(contentsOf: keySlots)
    }
    return size
  }

  /// Adds pending pair `pair`'s key to the table, or returns the earlier
  /// key with the same text.
  private mutating func insertKey(_ key: Int32, pair: Int, base: Int, capacity: Int) -> Int32? {
    let mask = capacity - 1
    var slot = withKeyText(key) { YAMLKeyTables.hash($0) } & mask
    while true {
      let entry = Int(keySlots[slot])
      if entry == 0 {
        keySlots[slot] = Int32(pair + 1)
        return nil
      }
      let other = pending[base + 2 * (entry - 1)]
      if sameKey(other, key) { return other }
      slot = (slot + 1) & mask
    }
  }

  /// Fills `keySlots` with the output pairs of the mapping whose children
  /// start at `first` (their keys are distinct).
  private mutating func rebuildKeySlots(first: Int, pairs: Int) {
    let capacity = YAMLKeyTables.capacity(for: pairs)
    let mask = capacity - 1
    keySlots.removeAll(keepingCapacity: true)
    keySlots.append(contentsOf: repeatElement(0, count: capacity))
    for pair in 0..<pairs {
      var slot = withKeyText(arena.children[first + 2 * pair]) { YAMLKeyTables.hash($0) } & mask
      while keySlots[slot] != 0 { slot = (slot + 1) & mask }
      keySlots[slot] = Int32(pair + 1)
    }
  }

  /// The earlier kept key with the same text as `key` among the first
  /// `before` pairs (for a key that is not inline).
  private func linearFind(_ key: Int32, base: Int, before: Int) -> Int32? {
    for pair in 0..<before {
      let other = pending[base + 2 * pair]
      if other >= 0, sameKey(other, key) { return other }
    }
    return nil
  }

  /// Writes the pairs of a mapping that has a merge key.
  private mutating func writeMerging(base: Int, pairCount: Int) -> UInt32 {
    var seen: Set<String> = []
    for pair in 0..<pairCount {
      let key = pending[base + 2 * pair]
      if key >= 0 { seen.insert(keyText(key)) }
    }
    var size: UInt32 = 1
    for pair in 0..<pairCount {
      let key = pending[base + 2 * pair]
      guard key >= 0 else { continue }
      let value = pending[base + 2 * pair + 1]
      if isMergeKey(key) {
        size = merge(value, key: key, seen: &seen, size: size)
        continue
      }
      arena.children.append(key)
      arena.children.append(value)
      size = Self.saturatingAdd(size, Self.saturatingAdd(self.size(key), self.size(value)))
    }
    return size
  }

  /// Expands the value of a merge key: a mapping, or a sequence of mappings.
  private mutating func merge(_ value: Int32, key: Int32, seen: inout Set<String>, size: UInt32)
    -> UInt32
  {
    var size = size
    switch arena.nodeFlags(value).kind {
    case .mapping:
      size = mergePairs(of: value, seen: &seen, size: size)
    case .sequence:
      let record = arena.collections[arena.payload(value)]
      for offset in 0..<Int(record.count) {
        let item = arena.children[Int(record.first) + offset]
        if arena.nodeFlags(item).kind == .mapping {
          size = mergePairs(of: item, seen: &seen, size: size)
        } else {
          report(
            YAMLFindings.badMerge(
              "item \(offset + 1) of its list is not a mapping", at: nodeRange(key),
              value: nodeRange(item)))
        }
      }
    case .scalar:
      report(
        YAMLFindings.badMerge("its value is a scalar", at: nodeRange(key), value: nodeRange(value)))
    }
    return size
  }

  private mutating func mergePairs(of mapping: Int32, seen: inout Set<String>, size: UInt32)
    -> UInt32
  {
    var size = size
    let record = arena.collections[arena.payload(mapping)]
    for pair in 0..<Int(record.count) {
      let key = arena.children[Int(record.first) + 2 * pair]
      let value = arena.children[Int(record.first) + 2 * pair + 1]
      guard seen.insert(keyText(key)).inserted else { continue }
      arena.children.append(key)
      arena.children.append(value)
      size = Self.saturatingAdd(size, Self.saturatingAdd(self.size(key), self.size(value)))
    }
    return size
  }
}

import FlowGraphCore

extension YAMLTreeBuilder {
  /// Mappings up to this many pairs find keys by a linear scan; larger ones
  /// by hashing, and keep their key index for ``YAMLNode/subscript(_:)``.
  static let linearKeyLimit = YAMLDocument.linearKeyLimit

  @inline(__always)
  func keyText(_ node: Int32) -> String { scalars[Int(records[Int(node)].first)] }

  @inline(__always)
  func isMergeKey(_ node: Int32) -> Bool {
    let record = records[Int(node)]
    return record.style == .plain && record.tag == .none && scalars[Int(record.first)] == "<<"
  }

  func nodeRange(_ node: Int32) -> SourceRange {
    let record = records[Int(node)]
    return range(record.start, record.end)
  }

  /// Writes the pairs on the pending stack from `base` into `children`:
  /// complex keys (already reported) and later duplicates dropped, merge keys
  /// expanded in place (explicit keys win, then the first merged mapping).
  /// Returns the mapping's expanded size.
  mutating func closeMapping(_ node: Int32, base: Int) -> UInt32 {
    let pairCount = (pending.count - base) / 2
    let hashed = pairCount > Self.linearKeyLimit
    if hashed {
      keyIndex = [:]
      keyIndex.reserveCapacity(pairCount)
    }
    var hasMerge = false
    var dropped = false
    // Pass 1: explicit keys (the index maps a key to its pending pair);
    // a dropped pair gets a negative key.
    for pair in 0..<pairCount {
      let keySlot = base + 2 * pair
      let key = pending[keySlot]
      guard records[Int(key)].kind == .scalar else {
        pending[keySlot] = -1
        dropped = true
        continue
      }
      let text = keyText(key)
      let previous =
        hashed
        ? keyIndex[text].map { pending[base + 2 * Int($0)] }
        : linearFind(text, base: base, before: pair)
      if let previous {
        report(YAMLFindings.duplicateKey(text, at: nodeRange(key), first: nodeRange(previous)))
        pending[keySlot] = -1
        dropped = true
        continue
      }
      if hashed { keyIndex[text] = Int32(pair) }
      if isMergeKey(key) { hasMerge = true }
    }
    var size: UInt32 = 1
    let first = children.count
    if hasMerge {
      size = writeMerging(base: base, pairCount: pairCount)
    } else {
      for pair in 0..<pairCount {
        let key = pending[base + 2 * pair]
        guard key >= 0 else { continue }
        let value = pending[base + 2 * pair + 1]
        children.append(key)
        children.append(value)
        size = Self.saturatingAdd(size, Self.saturatingAdd(sizes[Int(key)], sizes[Int(value)]))
      }
    }
    // Keep the index of a large mapping, by output pair (rebuilt when pairs
    // were dropped or merged, so that it no longer matches pending pairs).
    let outputPairs = (children.count - first) / 2
    if outputPairs > Self.linearKeyLimit {
      if !hashed || dropped || hasMerge {
        keyIndex = [:]
        keyIndex.reserveCapacity(outputPairs)
        for pair in 0..<outputPairs {
          keyIndex[keyText(children[first + 2 * pair])] = Int32(pair)
        }
      }
      keyIndexes[node] = keyIndex
      keyIndex = [:]
    }
    return size
  }

  /// The earlier kept key with text `text` among the first `before` pairs.
  private func linearFind(_ text: String, base: Int, before: Int) -> Int32? {
    for pair in 0..<before {
      let key = pending[base + 2 * pair]
      if key >= 0, keyText(key) == text { return key }
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
      children.append(key)
      children.append(value)
      size = Self.saturatingAdd(size, Self.saturatingAdd(sizes[Int(key)], sizes[Int(value)]))
    }
    return size
  }

  /// Expands the value of a merge key: a mapping, or a sequence of mappings.
  private mutating func merge(_ value: Int32, key: Int32, seen: inout Set<String>, size: UInt32)
    -> UInt32
  {
    var size = size
    let record = records[Int(value)]
    switch record.kind {
    case .mapping:
      size = mergePairs(of: value, seen: &seen, size: size)
    case .sequence:
      for offset in 0..<Int(record.count) {
        let item = children[Int(record.first) + offset]
        if records[Int(item)].kind == .mapping {
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
    let record = records[Int(mapping)]
    for pair in 0..<Int(record.count) {
      let key = children[Int(record.first) + 2 * pair]
      let value = children[Int(record.first) + 2 * pair + 1]
      guard seen.insert(keyText(key)).inserted else { continue }
      children.append(key)
      children.append(value)
      size = Self.saturatingAdd(size, Self.saturatingAdd(sizes[Int(key)], sizes[Int(value)]))
    }
    return size
  }
}

import FlowGraphCore

extension YAMLTreeBuilder {
  /// Small mappings find duplicate keys by a linear scan; larger ones (and
  /// every mapping with a merge key) by hashing.
  static let linearKeyLimit = 8

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
  mutating func closeMapping(base: Int) -> Int {
    let pairCount = (pending.count - base) / 2
    let useIndex = pairCount > Self.linearKeyLimit
    if useIndex { keyIndex.removeAll(keepingCapacity: true) }
    var hasMerge = false
    // Pass 1: explicit keys; mark dropped pairs with a negative key.
    for pair in 0..<pairCount {
      let keySlot = base + 2 * pair
      let key = pending[keySlot]
      guard records[Int(key)].kind == .scalar else {
        pending[keySlot] = -1
        continue
      }
      let merge = isMergeKey(key)
      let text = keyText(key)
      if let previous = useIndex ? keyIndex[text] : linearFind(text, base: base, before: pair) {
        report(YAMLFindings.duplicateKey(text, at: nodeRange(key), first: nodeRange(previous)))
        pending[keySlot] = -1
        continue
      }
      if useIndex { keyIndex[text] = key }
      if merge { hasMerge = true }
    }
    if hasMerge && !useIndex {
      keyIndex.removeAll(keepingCapacity: true)
      for pair in 0..<pairCount {
        let key = pending[base + 2 * pair]
        if key >= 0 { keyIndex[keyText(key)] = key }
      }
    }
    // Pass 2: output.
    var size = 1
    for pair in 0..<pairCount {
      let key = pending[base + 2 * pair]
      guard key >= 0 else { continue }
      let value = pending[base + 2 * pair + 1]
      if hasMerge, isMergeKey(key) {
        size = merge(value, key: key, size: size)
        continue
      }
      children.append(key)
      children.append(value)
      size = min(size + sizes[Int(key)] + sizes[Int(value)], Self.sizeCap)
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

  /// Expands the value of a merge key: a mapping, or a sequence of mappings.
  private mutating func merge(_ value: Int32, key: Int32, size: Int) -> Int {
    var size = size
    let record = records[Int(value)]
    switch record.kind {
    case .mapping:
      size = mergePairs(of: value, size: size)
    case .sequence:
      for offset in 0..<Int(record.count) {
        let item = children[Int(record.first) + offset]
        if records[Int(item)].kind == .mapping {
          size = mergePairs(of: item, size: size)
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

  private mutating func mergePairs(of mapping: Int32, size: Int) -> Int {
    var size = size
    let record = records[Int(mapping)]
    for pair in 0..<Int(record.count) {
      let key = children[Int(record.first) + 2 * pair]
      let value = children[Int(record.first) + 2 * pair + 1]
      let text = keyText(key)
      guard keyIndex[text] == nil else { continue }
      keyIndex[text] = key
      children.append(key)
      children.append(value)
      size = min(size + sizes[Int(key)] + sizes[Int(value)], Self.sizeCap)
    }
    return size
  }
}

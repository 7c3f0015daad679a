/// The arena a ``YAMLTreeBuilder`` fills and a ``YAMLDocument`` keeps (see
/// the document's properties of the same names), in unchecked columns while
/// it is built.
struct YAMLArena {
  var flags: YAMLColumn<UInt8>
  var starts: YAMLColumn<UInt32>
  var payloads: YAMLColumn<UInt32>
  var collections: YAMLColumn<YAMLCollectionRecord>
  var children: YAMLColumn<Int32>
  var spans: [YAMLScalarSpan] = []
  var extraText: [UInt8] = []
  var keyTables = YAMLKeyTables()
  /// The pairs dropped as duplicate keys, in file order.
  var droppedKeys: [YAMLDroppedKey] = []

  /// Reserves room for a file of `byteCount` bytes (about one node per 9
  /// bytes; capacity never touched costs no memory, while growing a large
  /// arena costs a copy).
  init(forBytes byteCount: Int) {
    let nodes = byteCount / 6 + 16
    flags = YAMLColumn(capacity: nodes)
    starts = YAMLColumn(capacity: nodes)
    payloads = YAMLColumn(capacity: nodes)
    children = YAMLColumn(capacity: nodes)
    collections = YAMLColumn(capacity: nodes / 3)
  }

  @inline(__always)
  mutating func append(_ flags: YAMLNodeFlags, start: Int, payload: Int) -> Int32 {
    let index = Int32(truncatingIfNeeded: self.flags.count)
    self.flags.append(flags.rawValue)
    starts.append(UInt32(clamping: start))
    payloads.append(UInt32(clamping: payload))
    return index
  }

  @inline(__always)
  func nodeFlags(_ node: Int32) -> YAMLNodeFlags {
    YAMLNodeFlags(rawValue: flags[Int(node)])
  }

  @inline(__always)
  func payload(_ node: Int32) -> Int { Int(payloads[Int(node)]) }

  /// Frees the columns (when no document is made).
  mutating func free() {
    flags.free()
    starts.free()
    payloads.free()
    collections.free()
    children.free()
  }
}

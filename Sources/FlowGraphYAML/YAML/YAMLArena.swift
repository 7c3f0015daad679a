/// The arena a ``YAMLTreeBuilder`` fills and a ``YAMLDocument`` keeps (see
/// the document's properties of the same names).
struct YAMLArena {
  var flags: [UInt8] = []
  var starts: [UInt32] = []
  var payloads: [UInt32] = []
  var collections: [YAMLCollectionRecord] = []
  var spans: [YAMLScalarSpan] = []
  var extraText: [UInt8] = []
  var children: [Int32] = []
  var keyTables = YAMLKeyTables()

  /// Reserves room for a file of `byteCount` bytes (about one node per 9
  /// bytes; capacity never touched costs no memory, while growing a large
  /// arena costs a copy).
  mutating func reserve(forBytes byteCount: Int) {
    let nodes = byteCount / 6 + 16
    flags.reserveCapacity(nodes)
    starts.reserveCapacity(nodes)
    payloads.reserveCapacity(nodes)
    children.reserveCapacity(nodes)
    collections.reserveCapacity(nodes / 3)
  }

  @inline(__always)
  mutating func append(_ flags: YAMLNodeFlags, start: Int, payload: Int) -> Int32 {
    let index = Int32(self.flags.count)
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
}

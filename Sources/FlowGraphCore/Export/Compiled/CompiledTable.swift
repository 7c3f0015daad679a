/// One of the graph's tables as the launch-format reader fills it
/// (``CompiledGraphReader``): in the room of its array, which is as large as
/// the file's table sizes announce (``ReservedTable/init(inPlace:)``: an
/// append is a capacity test and a store, without an array's uniqueness
/// check, and nothing grows or is copied), or, for a tab bar's own tables,
/// in storage of its own that grows. An append past ``limit`` is refused
/// (the caller says that the file announced fewer), so a table in its
/// array's room stays there.
struct CompiledTable<Element> {
  var rows: ReservedTable<Element>
  /// The records the file announces: no more are appended.
  let limit: Int

  /// A table in the room of an array being initialized, at most `limit`
  /// records (the room's size).
  init(inPlace room: UnsafeMutableBufferPointer<Element>, limit: Int) {
    rows = ReservedTable(inPlace: room)
    self.limit = limit
  }

  /// A table of storage of its own, with no limit: a tab bar's.
  init(growing capacity: Int) {
    rows = ReservedTable(capacity: capacity)
    limit = .max
  }

  /// A table with no room, for a reader that is not reading screens.
  static var none: CompiledTable {
    CompiledTable(inPlace: UnsafeMutableBufferPointer(start: nil, count: 0), limit: 0)
  }

  @inline(__always)
  var count: Int { rows.count }

  /// Appends `record` and returns its index, or `nil` when the table holds
  /// ``limit`` records already.
  @inline(__always)
  mutating func append(_ record: consuming Element) -> Int? {
    let index = rows.count
    guard index < limit else { return nil }
    rows.append(record)
    return index
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get { rows[index] }
    set { rows[index] = newValue }
  }

  /// The records of `range`, read in place.
  func slice(_ range: TableRange) -> CompiledTableSlice<Element> {
    CompiledTableSlice(
      rows: rows, startIndex: Int(range.start), endIndex: Int(range.start) + Int(range.count))
  }

  /// An array of room for `capacity` records, filled in place by `fill`,
  /// which must not append more than `capacity`: as many as it appended.
  static func filling(_ capacity: Int, _ fill: (inout CompiledTable) -> Void) -> [Element] {
    [Element](unsafeUninitializedCapacity: capacity) { room, count in
      var table = CompiledTable(inPlace: room, limit: capacity)
      fill(&table)
      precondition(table.rows.isInPlace, "a table outgrew its room")
      count = table.count
    }
  }
}

/// Records of a ``CompiledTable`` being filled, read in place (for the
/// checks that read a transition's arguments or a screen's params).
struct CompiledTableSlice<Element>: RandomAccessCollection {
  let rows: ReservedTable<Element>
  let startIndex: Int
  let endIndex: Int

  subscript(index: Int) -> Element { rows[index] }
}

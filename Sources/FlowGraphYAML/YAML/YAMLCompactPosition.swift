import FlowGraphCore

/// A ``SourcePosition`` stored in 12 bytes, as the arena keeps two per node
/// (values past 4 GiB saturate; no YAML file that large can be parsed).
struct YAMLCompactPosition: Hashable, Sendable {
  var line: UInt32
  var column: UInt32
  var offset: UInt32

  @inline(__always)
  init(line: Int, column: Int, offset: Int) {
    self.line = UInt32(clamping: line)
    self.column = UInt32(clamping: column)
    self.offset = UInt32(clamping: offset)
  }

  @inline(__always)
  init(_ position: SourcePosition) {
    self.init(line: position.line, column: position.column, offset: position.offset)
  }

  /// The full position.
  @inline(__always)
  var position: SourcePosition {
    SourcePosition(line: Int(line), column: Int(column), offset: Int(offset))
  }
}

/// A position in a source file: 1-based line and column (columns count Unicode
/// scalars, as libyaml does), plus the 0-based byte offset.
///
/// Stored as three 32-bit numbers, so a position is plain data: copying one
/// never touches the heap or a reference count. Values beyond `UInt32.max`
/// (files over 4 GiB, which the loader's limits refuse long before) are clamped.
public struct SourcePosition: Hashable, Comparable, Sendable {
  private var storedLine: UInt32
  private var storedColumn: UInt32
  private var storedOffset: UInt32

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int = 0) {
    storedLine = Self.clamped(line)
    storedColumn = Self.clamped(column)
    storedOffset = Self.clamped(offset)
  }

  /// Creates a position from numbers already in range: the compiled
  /// format's reader, which checks them itself.
  @inline(__always)
  init(exactLine line: UInt32, column: UInt32, offset: UInt32) {
    storedLine = line
    storedColumn = column
    storedOffset = offset
  }

  /// The 1-based line.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Self.clamped(newValue) }
  }

  /// The 1-based column, in Unicode scalars.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Self.clamped(newValue) }
  }

  /// The 0-based byte offset from the start of the file.
  public var offset: Int {
    get { Int(storedOffset) }
    set { storedOffset = Self.clamped(newValue) }
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
  }

  @inline(__always)
  private static func clamped(_ value: Int) -> UInt32 {
    UInt32(clamping: value)
  }
}

extension SourcePosition: Codable {
  private enum CodingKeys: String, CodingKey {
    case line, column, offset
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      line: try container.decode(Int.self, forKey: .line),
      column: try container.decode(Int.self, forKey: .column),
      offset: try container.decode(Int.self, forKey: .offset))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
    try container.encode(offset, forKey: .offset)
  }
}

/// A position in a source file: 1-based line and column (columns count Unicode
/// scalars, as libyaml does), plus the 0-based byte offset.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int
  /// The 0-based byte offset from the start of the file.
  public var offset: Int

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int = 0) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A span of a source file, from `start` (inclusive) to `end` (exclusive).
///
/// Model values compiled from YAML carry the range of the YAML node they came
/// from; a graph built in Swift has none.
public struct SourceRange: Hashable, Sendable, Codable {
  /// The file's path, as it was given to the loader.
  public var file: String
  /// Where the range starts.
  public var start: SourcePosition
  /// Where the range ends (exclusive).
  public var end: SourcePosition

  /// Creates a range.
  public init(file: String, start: SourcePosition, end: SourcePosition) {
    self.file = file
    self.start = start
    self.end = end
  }

  /// Creates an empty range at one position.
  public init(file: String, at position: SourcePosition) {
    self.init(file: file, start: position, end: position)
  }

  /// Whether `position` lies inside this range (start inclusive, end inclusive,
  /// so that an empty range contains its own position).
  public func contains(_ position: SourcePosition, in file: String) -> Bool {
    file == self.file && start <= position && position <= end
  }
}

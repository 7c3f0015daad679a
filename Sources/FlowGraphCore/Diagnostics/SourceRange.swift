/// A span of a source file, from `start` (inclusive) to `end` (exclusive), in
/// full: the file's path and the line, column and byte offset of each end.
///
/// The value a finding carries (``Diagnostic/range``, notes, fixes) and that
/// exports print. Model values do not hold one: they keep a 12-byte
/// ``SourceSpan``, which their graph turns into a range when asked
/// (``FlowGraph/range(_:)``). A range holds its path itself: nothing about it
/// is process-wide.
public struct SourceRange: Hashable, Sendable {
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

extension SourceRange: Codable {
  private enum CodingKeys: String, CodingKey {
    case file, start, end
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      file: try container.decode(String.self, forKey: .file),
      start: try container.decode(SourcePosition.self, forKey: .start),
      end: try container.decode(SourcePosition.self, forKey: .end))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
  }
}

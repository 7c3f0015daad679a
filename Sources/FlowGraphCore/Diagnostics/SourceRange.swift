/// A span of a source file, from `start` (inclusive) to `end` (exclusive).
///
/// Model values compiled from YAML carry the range of the YAML node they came
/// from; a graph built in Swift has none. A range is plain data (its file is an
/// interned ``SourceFileID``), so copying model values never retains it.
public struct SourceRange: Hashable, Sendable {
  /// The interned file.
  public var fileID: SourceFileID
  /// Where the range starts.
  public var start: SourcePosition
  /// Where the range ends (exclusive).
  public var end: SourcePosition

  /// Creates a range in an already interned file: the fast path for front ends
  /// that make many ranges in one file.
  public init(fileID: SourceFileID, start: SourcePosition, end: SourcePosition) {
    self.fileID = fileID
    self.start = start
    self.end = end
  }

  /// Creates a range.
  public init(file: String, start: SourcePosition, end: SourcePosition) {
    self.init(fileID: SourceFileID(file), start: start, end: end)
  }

  /// Creates an empty range at one position.
  public init(file: String, at position: SourcePosition) {
    self.init(file: file, start: position, end: position)
  }

  /// The file's path, as it was given to the loader.
  public var file: String {
    get { fileID.path }
    set { fileID = SourceFileID(newValue) }
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

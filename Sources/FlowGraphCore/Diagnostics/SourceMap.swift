/// A graph's source files, which turn the ``SourceSpan``s of its model values
/// back into full ``SourceRange``s (path, line, column and offset of each end).
///
/// Each file keeps its path and its line table (where each line starts, and
/// in a file that is not all ASCII where its multi-byte characters are), so a
/// span is two byte offsets and its lines and columns are found by a binary
/// search when asked for: ``range(_:)``. Columns count Unicode scalars, as
/// libyaml and the YAML front end do.
///
/// Ranges that come as explicit positions instead of from a file read here
/// (a graph built in Swift, the readable JSON format) are kept whole in
/// ``explicitRanges``: ``span(for:)`` adds one and returns its span.
///
/// A map belongs to one graph (``FlowGraph/sources``); nothing about it is
/// process-wide, so a long-lived process that loads many graphs frees each
/// map with its graph.
public struct SourceMap: Hashable, Sendable {
  /// One file of the map.
  public struct File: Hashable, Sendable {
    /// The file's path, as it was given to the loader.
    public let path: String
    /// Where the file's lines start; `nil` for a file known only by the
    /// explicit ranges in it.
    package let lines: SourceLineTable?

    /// The file's size in bytes, when the map has its line table.
    public var byteCount: Int? { lines?.byteCount }
  }

  /// A range kept whole: its file's index in ``files`` and its two ends.
  struct ExplicitRange: Hashable, Sendable {
    var file: UInt32
    var start: SourcePosition
    var end: SourcePosition
  }

  /// The files, in the order they were added (a YAML load: the root file,
  /// then its imports in load order).
  public private(set) var files: [File] = []
  /// The ranges kept whole, indexed by their spans' ``SourceSpan/start``.
  private(set) var explicit: [ExplicitRange] = []
  /// The index of each path in ``files``.
  private var indexes: [String: UInt32] = [:]

  /// An empty map.
  public init() {}

  /// How many ranges are kept whole (see ``span(for:)``).
  public var explicitRangeCount: Int { explicit.count }

  /// Adds a file read by a front end, with its line table (`nil`: a file
  /// known only by explicit ranges); returns its index (the
  /// ``SourceSpan/file`` of the spans in it). A path added again gets a new
  /// index: each load of a file has its own table.
  @discardableResult
  package mutating func addFile(path: String, lines: SourceLineTable?) -> UInt32 {
    let index = UInt32(files.count)
    files.append(File(path: path, lines: lines))
    if indexes[path] == nil { indexes[path] = index }
    return index
  }

  /// The index of a file known by its path only (for explicit ranges).
  private mutating func fileIndex(path: String) -> UInt32 {
    if let index = indexes[path] { return index }
    let index = UInt32(files.count)
    files.append(File(path: path, lines: nil))
    indexes[path] = index
    return index
  }

  /// Keeps `range` whole and returns the span that stands for it: the way to
  /// give model values built in Swift (or read from explicit positions) a
  /// source position. The graph built with these values must be given this
  /// map (``FlowGraph/init(flows:screens:tasks:types:entry:suppressions:sources:)``).
  public mutating func span(for range: SourceRange) -> SourceSpan {
    let index = UInt32(explicit.count)
    explicit.append(
      ExplicitRange(file: fileIndex(path: range.file), start: range.start, end: range.end))
    return SourceSpan(file: SourceSpan.explicitFile, start: index, end: index)
  }

  /// The full range a span stands for: its file's path and the line, column
  /// and offset of each end. `nil` for no span, and for a span this map does
  /// not hold (a file or an explicit range it does not have, offsets beyond
  /// its file).
  public func range(_ span: SourceSpan?) -> SourceRange? {
    guard let span else { return nil }
    if span.isExplicit {
      guard Int(span.start) < explicit.count else { return nil }
      let range = explicit[Int(span.start)]
      return SourceRange(file: files[Int(range.file)].path, start: range.start, end: range.end)
    }
    guard Int(span.file) < files.count, let lines = files[Int(span.file)].lines,
      span.start <= span.end, Int(span.end) <= lines.byteCount
    else { return nil }
    let (start, end) = lines.positions(from: Int(span.start), to: Int(span.end))
    return SourceRange(file: files[Int(span.file)].path, start: start, end: end)
  }

  /// The path of the file a span is in.
  public func path(of span: SourceSpan) -> String? {
    if span.isExplicit {
      guard Int(span.start) < explicit.count else { return nil }
      return files[Int(explicit[Int(span.start)].file)].path
    }
    return Int(span.file) < files.count ? files[Int(span.file)].path : nil
  }

  /// Whether `lhs` starts before `rhs` in their file; `nil` when they are not
  /// in the same file (or the map does not hold one of them). Spans of one
  /// file compare by offset without finding a line.
  public func startsBefore(_ lhs: SourceSpan, _ rhs: SourceSpan) -> Bool? {
    if !lhs.isExplicit, lhs.file == rhs.file, Int(lhs.file) < files.count {
      return lhs.start < rhs.start
    }
    guard let left = range(lhs), let right = range(rhs), left.file == right.file else {
      return nil
    }
    return left.start < right.start
  }
}

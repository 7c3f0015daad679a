import FlowGraphCore

/// The graph's ``SourceMap`` while the compiler fills it: one file per
/// decoded document (its line table taken from the parse, not copied), and
/// the spans of the syntax's ranges, made from their byte offsets alone.
struct SpanMaker: Sendable {
  /// The map of the graph being compiled.
  private(set) var sources = SourceMap()
  /// Each document's path and its index in the map (a few per load: a
  /// linear search, whose string comparisons are mostly identity checks,
  /// since a document's ranges share its path's storage).
  private var fileIndexes: [(path: String, index: UInt32)] = []

  /// A map of the documents' files, in load order (those that were not
  /// parsed have no table, and no ranges to map).
  init(documents: [DocumentSyntax]) {
    for document in documents {
      guard let lines = document.lines, !fileIndexes.contains(where: { $0.path == document.file })
      else { continue }
      fileIndexes.append((document.file, sources.addFile(path: document.file, lines: lines)))
    }
  }

  /// The span of a range of one of the documents (`nil` for none, or for a
  /// range of a file the map does not have).
  @inline(__always)
  func callAsFunction(_ range: SourceRange?) -> SourceSpan? {
    guard let range, let file = fileIndexes.first(where: { $0.path == range.file })?.index else {
      return nil
    }
    return SourceSpan(
      file: file, start: UInt32(truncatingIfNeeded: range.start.offset),
      end: UInt32(truncatingIfNeeded: range.end.offset))
  }
}

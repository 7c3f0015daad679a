import FlowGraphCore

/// The graph's ``SourceMap`` while the compiler fills it: one file per
/// decoded document (its line table taken from the parse, not copied), and
/// the spans of the syntax's ranges, made from their byte offsets alone.
struct SpanMaker: Sendable {
  /// The map of the graph being compiled.
  private(set) var sources = SourceMap()
  /// By document (a ``SyntaxRange/file``): its file's index in the map
  /// (`nil` for a file that was not parsed).
  private var fileIndexes: [UInt32?] = []
  /// How many documents, from the first, are the file of the same index in
  /// the map (every one, unless a file was not parsed or is loaded twice):
  /// their spans need no look-up (nor a retain of `fileIndexes`).
  private var sameIndexes: UInt32 = 0

  /// A map of the documents' files, in load order (those that were not
  /// parsed have no table, and no ranges to map).
  init(documents: [DocumentSyntax]) {
    var paths: [(path: String, index: UInt32)] = []
    for document in documents {
      guard let lines = document.lines else {
        fileIndexes.append(nil)
        continue
      }
      if let known = paths.first(where: { $0.path == document.file }) {
        fileIndexes.append(known.index)
        continue
      }
      let index = sources.addFile(path: document.file, lines: lines)
      paths.append((document.file, index))
      fileIndexes.append(index)
    }
    while Int(sameIndexes) < fileIndexes.count, fileIndexes[Int(sameIndexes)] == sameIndexes {
      sameIndexes += 1
    }
  }

  /// The span of a range of one of the documents (`nil` for none, or for a
  /// range of a file the map does not have).
  @inline(__always)
  func callAsFunction(_ range: SyntaxRange?) -> SourceSpan? {
    guard let range else { return nil }
    if range.file < sameIndexes {
      return SourceSpan(file: range.file, start: range.start, end: range.end)
    }
    return span(ofOtherFile: range)
  }

  @inline(never)
  private func span(ofOtherFile range: SyntaxRange) -> SourceSpan? {
    guard Int(range.file) < fileIndexes.count, let file = fileIndexes[Int(range.file)] else {
      return nil
    }
    return SourceSpan(file: file, start: range.start, end: range.end)
  }
}

import FlowGraphCore

/// Where something is in a file of the load, as the syntax keeps it: the
/// file's place among the load's decoded documents and two byte offsets.
/// Line and column are found only when a finding needs them
/// (``SyntaxDecoder/sourceRange(_:)``, ``GraphCompiler/sourceRange(_:)``),
/// and the compiler makes a model's spans from the offsets alone; plain
/// data, so copying syntax costs no reference counting for the path.
struct SyntaxRange: Hashable, Sendable {
  /// The file's index in the load's documents.
  var file: UInt32
  /// The byte offset of the first character.
  var start: UInt32
  /// The byte offset just after the last character.
  var end: UInt32

  /// A range of the file with index `file`.
  init(file: UInt32, start: Int, end: Int) {
    self.file = file
    self.start = UInt32(truncatingIfNeeded: start)
    self.end = UInt32(truncatingIfNeeded: end)
  }
}

/// A file of the load: its path, and its line table when it was parsed.
struct SyntaxFile: Sendable {
  let path: String
  let lines: SourceLineTable?

  /// The line and column of a range of this file. A file that was not
  /// parsed has no ranges but the start of its first line.
  func sourceRange(_ range: SyntaxRange) -> SourceRange {
    guard let lines else {
      return SourceRange(file: path, at: SourcePosition(line: 1, column: 1))
    }
    let (start, end) = lines.positions(from: Int(range.start), to: Int(range.end))
    return SourceRange(file: path, start: start, end: end)
  }
}

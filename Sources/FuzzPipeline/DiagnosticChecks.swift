import FlowGraphCore
import FuzzSupport

/// The invariants every finding must keep, whatever the input: a known rule
/// id, a message, and a position inside the file it names.
struct DiagnosticChecks {
  /// The files the findings may point into, by path, as bytes.
  private var files: [String: SourceLines] = [:]

  /// Adds a file that findings may point into.
  mutating func add(file: String, bytes: [UInt8]) {
    files[file] = SourceLines(bytes)
  }

  /// Checks each finding of `diagnostics` (from `stage`), then that they are
  /// in source order.
  func check(_ diagnostics: [Diagnostic], stage: String) {
    for diagnostic in diagnostics {
      check(diagnostic, stage: stage)
    }
    for (earlier, later) in zip(diagnostics, diagnostics.dropFirst()) {
      FuzzCheck.require(
        !Diagnostic.sourceOrder(later, earlier),
        "\(stage): findings are not in source order: \(describe(earlier)) before \(describe(later))"
      )
    }
  }

  /// Checks one finding.
  func check(_ diagnostic: Diagnostic, stage: String) {
    let what = "\(stage): \(describe(diagnostic))"
    FuzzCheck.require(diagnostic.rule.isKnown, "\(what): unknown rule id")
    FuzzCheck.require(
      !diagnostic.message.trimmingSpaces.isEmpty, "\(what): a finding without a message")
    guard let range = diagnostic.range else {
      FuzzCheck.fail("\(what): a finding without a position")
    }
    check(range, what: what)
    for note in diagnostic.notes {
      FuzzCheck.require(!note.message.trimmingSpaces.isEmpty, "\(what): a note without a message")
      if let range = note.range { check(range, what: "\(what), note '\(note.message)'") }
    }
  }

  private func check(_ range: SourceRange, what: String) {
    guard let lines = files[range.file] else {
      FuzzCheck.fail("\(what): points into '\(range.file)', which was not read")
    }
    if let problem = lines.problem(with: range.start) {
      FuzzCheck.fail("\(what): start: \(problem)")
    }
    if let problem = lines.problem(with: range.end) {
      FuzzCheck.fail("\(what): end: \(problem)")
    }
    FuzzCheck.require(range.start <= range.end, "\(what): the range ends before it starts")
  }

  private func describe(_ diagnostic: Diagnostic) -> String {
    let place = diagnostic.range.map {
      "\($0.file):\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column)"
        + " @\($0.start.offset)-\($0.end.offset)"
    }
    return "\(place ?? "<no position>"): [\(diagnostic.rule)] \(diagnostic.message)"
  }
}

extension String {
  /// The string without leading and trailing spaces and line breaks.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0.isNewline || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return self[first...last]
  }
}

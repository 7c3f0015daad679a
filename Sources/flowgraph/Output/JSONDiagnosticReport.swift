import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `validate --format json`: one document,
/// `{"diagnostics": [...], "summary": {"files": N, "errors": N, "warnings": N}}`,
/// and `"unreadable": [{"file", "message"}]` when a path could not be read
/// (the command then exits 2).
struct JSONDiagnosticReport: Encodable {
  struct Entry: Encodable {
    struct Note: Encodable {
      var message: String
      var file: String?
      var line: Int?
      var column: Int?
      /// `help` for a note that says how to fix the finding; absent otherwise.
      var kind: String?
    }

    /// A machine-applicable edit: replace `range` with `replacement`.
    struct Fix: Encodable {
      struct Range: Encodable {
        var file: String
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
      }

      var range: Range
      var replacement: String
    }

    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var severity: String
    var rule: String
    var message: String
    var notes: [Note]
    var fixes: [Fix]
  }

  var diagnostics: [Entry]
  var summary: ValidationSummary
  /// The paths that could not be read; absent when there are none.
  var unreadable: [UnreadablePath]?

  init(
    diagnostics: [Diagnostic], files: Int, unreadable: [UnreadablePath] = [],
    fallbackFile: String
  ) {
    self.unreadable = unreadable.isEmpty ? nil : unreadable
    self.diagnostics = diagnostics.map { diagnostic in
      let range = diagnostic.range
      return Entry(
        file: range?.file ?? fallbackFile,
        line: range?.start.line ?? 1,
        column: range?.start.column ?? 1,
        endLine: range?.end.line ?? range?.start.line ?? 1,
        endColumn: range?.end.column ?? range?.start.column ?? 1,
        severity: diagnostic.severity.rawValue,
        rule: diagnostic.rule.rawValue,
        message: diagnostic.message,
        notes: diagnostic.distinctNotes.map {
          Entry.Note(
            message: $0.message, file: $0.range?.file, line: $0.range?.start.line,
            column: $0.range?.start.column, kind: $0.kind == .help ? "help" : nil)
        },
        fixes: diagnostic.fixes.map {
          Entry.Fix(
            range: .init(
              file: $0.range.file, line: $0.range.start.line, column: $0.range.start.column,
              endLine: $0.range.end.line, endColumn: $0.range.end.column),
            replacement: $0.replacement)
        })
    }
    summary = ValidationSummary(files: files, diagnostics: diagnostics)
  }

  /// The report as pretty, key-sorted JSON with a trailing newline.
  func rendered() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }
}

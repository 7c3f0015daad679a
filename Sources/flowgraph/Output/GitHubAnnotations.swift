import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `validate --format github`: one GitHub Actions workflow command a finding
/// (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=RULE::message`),
/// which a workflow run shows as an annotation on the file's line.
struct GitHubAnnotations {
  var diagnostics: [Diagnostic]

  /// The commands, one a line.
  func rendered() -> String {
    var output = ""
    for diagnostic in diagnostics {
      var properties: [String] = []
      if let range = diagnostic.range {
        // GitHub's columns are inclusive; a finding's end is just past its last character.
        let endColumn =
          range.end.line == range.start.line
          ? max(range.start.column, range.end.column - 1) : range.end.column
        properties += [
          "file=\(Self.escapeProperty(range.file))", "line=\(range.start.line)",
          "col=\(range.start.column)", "endLine=\(max(range.end.line, range.start.line))",
          "endColumn=\(endColumn)",
        ]
      }
      properties.append("title=\(Self.escapeProperty(diagnostic.rule.rawValue))")
      let notes = diagnostic.distinctNotes.map { note in
        let place = note.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
        return "\(place)note: \(note.message)"
      }
      let message = ([diagnostic.message] + notes).joined(separator: "\n")
      output +=
        "::\(Self.command(diagnostic.severity)) \(properties.joined(separator: ","))::"
        + Self.escapeData(message) + "\n"
    }
    return output
  }

  private static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "notice"
    }
  }

  /// A message, escaped as GitHub's toolkit escapes command data.
  static func escapeData(_ text: String) -> String {
    text.replacingEvery("%", with: "%25")
      .replacingEvery("\r", with: "%0D")
      .replacingEvery("\n", with: "%0A")
  }

  /// A property value, escaped as GitHub's toolkit escapes them.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingEvery(":", with: "%3A")
      .replacingEvery(",", with: "%2C")
  }
}

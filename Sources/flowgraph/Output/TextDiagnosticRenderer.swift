import FlowGraphCore

/// Renders findings in the compiler style: `file:line:col: severity: message [rule]`,
/// then the source line and a caret under the column, then the notes
/// (`note:` for more about the finding, `help:` for how to fix it).
struct TextDiagnosticRenderer {
  /// The text of each file, by path, for the excerpts.
  var sources: [String: String]
  /// Whether to use ANSI colours.
  var color: Bool

  private var lineCache: [String: [Substring]] = [:]

  init(sources: [String: String], color: Bool) {
    self.sources = sources
    self.color = color
  }

  /// The rendering of `diagnostics`, each followed by a blank line.
  mutating func render(_ diagnostics: [Diagnostic]) -> String {
    var output = ""
    for diagnostic in diagnostics {
      output += render(diagnostic)
    }
    return output
  }

  /// The rendering of one finding.
  mutating func render(_ diagnostic: Diagnostic) -> String {
    var output = ""
    let location = diagnostic.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
    output += paint(location, .bold)
    output += paint("\(diagnostic.severity.rawValue):", severityStyle(diagnostic.severity))
    output += " " + paint(diagnostic.message, .bold) + " [\(diagnostic.rule)]\n"
    if let range = diagnostic.range {
      output += excerpt(at: range)
    }
    // A note with no position that the message already says (a "did you
    // mean" kept as a note for JSON and SARIF readers) is not repeated.
    for note in diagnostic.notes
    where note.range != nil || !diagnostic.message.contains(note.message) {
      let noteLocation = note.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
      let label = note.kind == .help ? paint("help:", .help) : paint("note:", .note)
      output += paint(noteLocation, .bold) + label + " \(note.message)\n"
      if let range = note.range, range != diagnostic.range {
        output += excerpt(at: range)
      }
    }
    return output
  }

  private mutating func excerpt(at range: SourceRange) -> String {
    guard let line = sourceLine(range.file, range.start.line) else { return "" }
    let number = String(range.start.line)
    let gutter = String(repeating: " ", count: number.count)
    var caretPad = ""
    for (index, character) in line.unicodeScalars.enumerated() where index < range.start.column - 1
    {
      caretPad.append(character == "\t" ? "\t" : " ")
    }
    var underline = "^"
    if range.end.line == range.start.line, range.end.column > range.start.column + 1 {
      underline += String(repeating: "~", count: range.end.column - range.start.column - 1)
    }
    return "\(gutter) |\n\(number) | \(line)\n\(gutter) | \(caretPad)\(paint(underline, .caret))\n"
  }

  private mutating func sourceLine(_ file: String, _ number: Int) -> Substring? {
    if lineCache[file] == nil {
      guard let text = sources[file] else { return nil }
      // Lines end as libyaml counts them: LF, CRLF (one Character), CR, NEL, LS, PS.
      lineCache[file] = text.split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}"
          || $0 == "\u{2029}"
      }
    }
    guard let lines = lineCache[file], number >= 1, number <= lines.count else { return nil }
    return lines[number - 1]
  }

  private enum Style: String {
    case bold = "1"
    case error = "1;31"
    case warning = "1;35"
    case note = "1;36"
    case help = "1;34"
    case caret = "1;32"
  }

  private func severityStyle(_ severity: Severity) -> Style {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .note: .note
    }
  }

  private func paint(_ text: String, _ style: Style) -> String {
    guard color, !text.isEmpty else { return text }
    return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
  }
}

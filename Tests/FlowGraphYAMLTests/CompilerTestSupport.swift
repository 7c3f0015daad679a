import FlowGraphCore
import FlowGraphYAML
import Foundation

/// Helpers for the compiler's tests: fixture paths, inline expectations, and
/// compact finding summaries.
enum CompilerTestSupport {
  /// `Tests/Fixtures`.
  static let fixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The root fixtures of a folder (`broken` or `valid`): its `*.yaml` files,
  /// not those of its subfolders (which hold imported files), sorted.
  static func fixtureNames(in folder: String) -> [String] {
    let directory = fixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted()
  }

  /// The path of a fixture.
  static func path(_ folder: String, _ name: String) -> String {
    fixtures.appendingPathComponent(folder).appendingPathComponent(name).path
  }

  /// A finding as `file:rule@line:column` (the file's last path component).
  static func key(_ diagnostic: Diagnostic) -> String {
    let file = (diagnostic.file ?? "").split(separator: "/").last.map(String.init) ?? ""
    return "\(file):\(diagnostic.rule)@\(diagnostic.line ?? 0):\(diagnostic.column ?? 0)"
  }

  /// A finding as `rule@line:column`.
  static func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.rule)@\($0.line ?? 0):\($0.column ?? 0)" }
  }

  /// The findings a file expects, written in its comments as
  /// `# expect: rule@line:column` or `# expect: rule@column` (on the
  /// comment's own line), several per comment separated by spaces or commas.
  static func expectations(inFile path: String, text: String) -> [String] {
    let file = path.split(separator: "/").last.map(String.init) ?? ""
    var found: [String] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      guard let marker = line.range(of: "# expect:") else { continue }
      let tokens = line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," })
      for token in tokens {
        let parts = token.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let position = parts[1].contains(":") ? String(parts[1]) : "\(offset + 1):\(parts[1])"
        found.append("\(file):\(parts[0])@\(position)")
      }
    }
    return found
  }

  /// Loads `text` as a file called `test.yaml` and validates the graph.
  static func validate(_ text: String) -> LoadedFlows {
    FlowGraphLoader().validate(text: text, file: "test.yaml")
  }
}

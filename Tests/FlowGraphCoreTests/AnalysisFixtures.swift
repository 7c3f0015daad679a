import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation

/// The analysis fixtures in `Tests/Fixtures/analysis/`: flow files whose
/// expected findings are written inline, as comments:
///
/// ```yaml
///       skipButtonPressed: pop   # expect: invalid-pop@26
/// ```
///
/// `rule@C` expects a finding of `rule` at column C of the comment's own
/// line; `rule@L:C` at line L. Several may follow one `expect:`, separated by
/// commas. Every error-severity finding of the file must be expected, and
/// every expected one must be found.
enum AnalysisFixtures {
  /// One expected or actual finding.
  struct Finding: Hashable, Comparable, CustomStringConvertible {
    var rule: String
    var line: Int
    var column: Int
    var description: String { "\(rule)@\(line):\(column)" }
    static func < (lhs: Finding, rhs: Finding) -> Bool {
      (lhs.line, lhs.column, lhs.rule) < (rhs.line, rhs.column, rhs.rule)
    }
  }

  /// The folder of the fixtures.
  static let folder = TestPackage.root.appendingPathComponent("Tests/Fixtures/analysis")

  /// The fixture file names, sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted()
  }()

  /// The path of a fixture.
  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The findings a fixture's comments expect.
  static func expected(in text: String) -> [Finding] {
    var findings: [Finding] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      guard let marker = line.range(of: "# expect:") else { continue }
      for item in line[marker.upperBound...].split(separator: ",") {
        let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "@")
        guard parts.count == 2 else { continue }
        let position = parts[1].split(separator: ":").compactMap { Int($0) }
        if position.count == 2 {
          findings.append(Finding(rule: String(parts[0]), line: position[0], column: position[1]))
        } else if position.count == 1 {
          findings.append(Finding(rule: String(parts[0]), line: offset + 1, column: position[0]))
        }
      }
    }
    return findings.sorted()
  }

  /// Loads and validates a fixture: every finding, suppressions applied.
  static func validate(_ name: String) throws -> [Diagnostic] {
    try FlowGraphLoader().validate(path: path(name)).diagnostics
  }

  /// The error-severity findings of a fixture, plus any finding it expects.
  static func actual(_ name: String, expected: [Finding]) throws -> [Finding] {
    let rules = Set(expected.map(\.rule))
    return try validate(name).filter { $0.severity == .error || rules.contains($0.rule.rawValue) }
      .map { Finding(rule: $0.rule.rawValue, line: $0.line ?? 0, column: $0.column ?? 0) }
      .sorted()
  }
}

import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Each compiler rule's page in `docs/rules/` tells the truth: its failing
/// example reports that rule (and nothing else), its passing example is clean,
/// and the output it shows is the output flowgraph gives.
@Suite("Compiler rule docs")
struct CompilerRuleDocsTests {
  static let rules: [RuleID] = RuleID.catalogue.filter {
    $0.stage == .compiler || [.invalidTabs, .invalidSelect].contains($0.id)
  }.map(\.id)

  private static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/rules")

  /// The fenced blocks of one `## ` section of a page: (language, text).
  private func blocks(in page: String, section: String) -> [(String, String)] {
    guard let start = page.range(of: "## \(section)\n") else { return [] }
    let rest = page[start.upperBound...]
    let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    var found: [(String, String)] = []
    var language: String?
    var lines: [Substring] = []
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let current = language {
          found.append((current, lines.joined(separator: "\n") + "\n"))
          language = nil
        } else {
          language = String(line.dropFirst(3))
          lines = []
        }
      } else if language != nil {
        lines.append(line)
      }
    }
    return found
  }

  /// Writes an example's files (the first YAML block is `app.yaml`; a block
  /// whose first line is `# name.yaml` is that file) and validates `app.yaml`.
  private func validate(_ blocks: [(String, String)]) throws -> (LoadedFlows, String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var wroteApp = false
    for (language, text) in blocks where language == "yaml" {
      let first = text.split(separator: "\n").first ?? ""
      let name: String
      if first.hasPrefix("# "), first.hasSuffix(".yaml") {
        name = String(first.dropFirst(2))
      } else if !wroteApp {
        name = "app.yaml"
        wroteApp = true
      } else {
        continue
      }
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let path = folder.appendingPathComponent("app.yaml").path
    return (try FlowGraphLoader().validate(path: path), folder.path + "/")
  }

  @Test(arguments: rules)
  func pageExamplesAreTrue(_ rule: RuleID) throws {
    let url = Self.docs.appendingPathComponent("\(rule.rawValue).md")
    let page = try String(contentsOf: url, encoding: .utf8)
    #expect(page.hasPrefix("# `\(rule.rawValue)`"))
    for section in ["What it finds", "Why it matters", "Messages", "Position"] {
      #expect(page.contains("## \(section)\n"), "\(rule): no '\(section)' section")
    }

    let failing = blocks(in: page, section: "Example that fails")
    let (bad, folder) = try validate(failing)
    #expect(
      !bad.diagnostics.isEmpty && bad.diagnostics.allSatisfy { $0.rule == rule },
      "\(rule): \(bad.diagnostics.map { "\($0.rule) \($0.message)" })")
    // The shown output: each finding's first line, as the text format prints it.
    let shown = failing.last { $0.0.isEmpty }?.1 ?? ""
    for finding in bad.diagnostics {
      let line =
        "\(finding.file ?? ""):\(finding.line ?? 0):\(finding.column ?? 0): \(finding.severity.rawValue): \(finding.message) [\(rule)]"
        .replacingOccurrences(of: folder, with: "")
      #expect(shown.contains(line), "\(rule): the page does not show\n\(line)")
    }

    let passing = blocks(in: page, section: "Example that passes")
    let (good, _) = try validate(passing)
    #expect(good.diagnostics.isEmpty, "\(rule): \(good.diagnostics.map(\.message))")
  }
}

import FlowGraphTestSupport
import Foundation
import Testing

/// A did-you-mean is said once in every format and carried as a
/// machine-applicable fix; `--format github` writes workflow annotations.
@Suite("flowgraph validate: output formats")
struct OutputFormatTests {
  static let file = "Tests/Fixtures/cli/undefined-screen.yaml"

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  private func occurrences(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func sarifSaysTheDidYouMeanOnceAndCarriesItAsAFix() throws {
    let result = try CLI.run(["validate", "--format", "sarif", Self.file])
    let log = try json(result.stdout)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let finding = try #require((run["results"] as? [[String: Any]])?.first)
    let message = try #require((finding["message"] as? [String: Any])?["text"] as? String)
    #expect(message == "undefined screen 'tipz' in flow 'tour'; did you mean 'tips'?")
    let fix = try #require((finding["fixes"] as? [[String: Any]])?.first)
    let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
    let artifact = try #require(change["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == Self.file)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Any])
    #expect(region["startLine"] as? Int == 9)
    #expect(region["startColumn"] as? Int == 38)
    #expect(region["endLine"] as? Int == 9)
    #expect(region["endColumn"] as? Int == 42)
    #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "tips")
  }

  @Test func jsonSaysTheDidYouMeanOnceAndCarriesItAsAFix() throws {
    let result = try CLI.run(["validate", "--format", "json", Self.file])
    #expect(occurrences("did you mean", in: result.stdout) == 1, "\(result.stdout)")
    let report = try json(result.stdout)
    let finding = try #require((report["diagnostics"] as? [[String: Any]])?.first)
    // The did-you-mean is the message's and the fix's, not a note's too (the
    // note left says the definition may be the typo instead).
    let notes = try #require(finding["notes"] as? [[String: Any]])
    #expect(!notes.contains { ($0["message"] as? String)?.contains("did you mean") == true })
    let fix = try #require((finding["fixes"] as? [[String: Any]])?.first)
    #expect(fix["replacement"] as? String == "tips")
    let range = try #require(fix["range"] as? [String: Any])
    #expect(range["file"] as? String == Self.file)
    #expect(range["line"] as? Int == 9)
    #expect(range["column"] as? Int == 38)
    #expect(range["endLine"] as? Int == 9)
    #expect(range["endColumn"] as? Int == 42)
  }

  /// Each file's fixes, applied as a tool would, mend what they are about.
  @Test(
    arguments: [
      "Tests/Fixtures/cli/undefined-screen.yaml",
      "Tests/Fixtures/cli/did-you-mean-fixes.yaml",
      "Tests/Fixtures/cli/keyword-fixes.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-space.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-space-flow.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-space-value.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-space-transition.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-colon.yaml",
      "Tests/Fixtures/broken/yaml-syntax-missing-colon-block.yaml",
      "Tests/Fixtures/broken/invalid-value-missing-colon-action.yaml",
      "Tests/Fixtures/broken/unsupported-version-string.yaml",
      "Tests/Fixtures/broken/yaml-syntax-dedented-key.yaml",
    ])
  func applyingTheJSONFixesMakesTheFileValid(_ file: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
    try scratch.write(text, to: "app.yaml")
    let result = try CLI.run(["validate", "--format", "json", "app.yaml"], in: scratch.url)
    #expect(result.status == 1)
    let findings = try #require(try json(result.stdout)["diagnostics"] as? [[String: Any]])
    var lines = text.components(separatedBy: "\n")
    // Later fixes first, so that earlier columns stay right.
    let fixes = findings.flatMap { $0["fixes"] as? [[String: Any]] ?? [] }
    #expect(fixes.count == findings.count, "every finding here has its fix: \(result.stdout)")
    for fix in fixes.reversed() {
      let range = try #require(fix["range"] as? [String: Any])
      let line = try #require(range["line"] as? Int) - 1
      #expect(range["endLine"] as? Int == line + 1)
      let scalars = Array(lines[line].unicodeScalars)
      let start = try #require(range["column"] as? Int) - 1
      let end = try #require(range["endColumn"] as? Int) - 1
      var fixed = String.UnicodeScalarView(scalars[..<start])
      fixed.append(contentsOf: (fix["replacement"] as? String ?? "").unicodeScalars)
      fixed.append(contentsOf: scalars[end...])
      lines[line] = String(fixed)
    }
    try scratch.write(lines.joined(separator: "\n"), to: "app.yaml")
    let again = try CLI.run(["validate", "app.yaml"], in: scratch.url)
    // What the fixes mended is gone (the fixed flow may have findings of its own).
    #expect(
      again.status != 2 && !again.stdout.contains("[yaml-syntax]")
        && !again.stdout.contains("[undefined-reference]")
        && !again.stdout.contains("[unknown-key]")
        && !again.stdout.contains("[unknown-argument]") && !again.stdout.contains("[invalid-"),
      "\(lines.joined(separator: "\n"))\n\(again.stdout)")
  }

  /// A misspelled keyword, a near miss of `false` on `back`, and a YAML 1.1
  /// boolean word carry their did-you-mean as a fix, as a misspelled name does.
  @Test func misspelledKeywordsAndBooleansCarryTheirFix() throws {
    let result = try CLI.run([
      "validate", "--format", "json", "Tests/Fixtures/cli/keyword-fixes.yaml",
    ])
    let findings = try #require(try json(result.stdout)["diagnostics"] as? [[String: Any]])
    let fixes = findings.map { finding -> String in
      let fix = (finding["fixes"] as? [[String: Any]])?.first
      let range = fix?["range"] as? [String: Any] ?? [:]
      return "\(finding["line"] ?? 0):\(finding["column"] ?? 0) "
        + "\(range["line"] ?? 0):\(range["column"] ?? 0)-\(range["endColumn"] ?? 0) "
        + "\(fix?["replacement"] ?? "none")"
    }
    #expect(
      fixes == [
        "11:15 11:15-19 false", "16:30 16:30-39 popToRoot", "18:22 18:22-25 true",
        "20:31 20:31-37 dismiss",
      ], "\(result.stdout)")
  }

  @Test func unknownKeysCarryTheirFixToo() throws {
    let result = try CLI.run([
      "validate", "--format", "json", "Tests/Fixtures/broken/unknown-key-screen.yaml",
    ])
    let report = try json(result.stdout)
    let fixes = (report["diagnostics"] as? [[String: Any]] ?? []).compactMap {
      ($0["fixes"] as? [[String: Any]])?.first?["replacement"] as? String
    }
    #expect(fixes.sorted() == ["actions", "title"], "\(result.stdout)")
  }

  @Test func githubFormatWritesWorkflowAnnotations() throws {
    let result = try CLI.run([
      "validate", "--format", "github", Self.file, "Tests/Fixtures/cli/unused-task.yaml",
    ])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix(
        "::error file=\(Self.file),line=9,col=38,endLine=9,endColumn=41,title=undefined-reference::"
          + "undefined screen 'tipz' in flow 'tour'; did you mean 'tips'?%0A") == true,
      "\(result.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("::warning file=Tests/Fixtures/cli/unused-task.yaml,line=3,col=3,")
      })
    #expect(lines.allSatisfy { $0.hasPrefix("::") }, "\(result.stdout)")
  }

  @Test func githubFormatEscapesMessagesAndProperties() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "flowgraph: 1\nflows:\n  a:\n    start: b\n    screens: { b: {}, b: {} }\n", to: "a,b.yaml")
    let result = try CLI.run(["validate", "--format", "github", "a,b.yaml"], in: scratch.url)
    let line = try #require(result.stdout.split(separator: "\n").first)
    #expect(line.hasPrefix("::error file=a%2Cb.yaml,line=5,"), "\(line)")
    #expect(line.contains("%0Aa,b.yaml:5:16: note: 'b' is first defined here"), "\(line)")
  }
}

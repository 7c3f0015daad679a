import FlowGraphTestSupport
import Foundation
import Testing

@Suite("flowgraph validate")
struct ValidateCommandTests {
  @Test func cleanFileExitsZeroWithASummary() throws {
    let result = try CLI.run(["validate", "Tests/Fixtures/cli/clean.yaml"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == "no errors, no warnings in 1 file\n")
  }

  @Test func errorIsPrintedCompilerStyleWithExcerptAndCaret() throws {
    let result = try CLI.run(["validate", "Tests/Fixtures/cli/undefined-screen.yaml"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first?.hasPrefix(
        "Tests/Fixtures/cli/undefined-screen.yaml:9:38: error: ") == true, "\(result.stdout)")
    #expect(lines.first?.hasSuffix("[undefined-reference]") == true)
    #expect(result.stdout.contains("9 |           nextButtonPressed: { push: tipz }\n"))
    #expect(result.stdout.contains("  |                                      ^~~~\n"))
    #expect(result.stdout.contains("did you mean 'tips'?"), "a did-you-mean names the close screen")
    #expect(!result.stdout.contains("note: did you mean"), "the message already says it")
  }

  @Test func aFindingOfTheValidatorAloneShowsItsExcerpt() throws {
    // The file compiles clean, so its text is not kept through the
    // validation; it is read again for the excerpt.
    let path = "Tests/Fixtures/cli/validator-only-finding.yaml"
    let result = try CLI.run(["validate", path])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("\(path):10:7: error: "), "\(result.stdout)")
    #expect(result.stdout.contains("10 |       orphan: {}\n"), "\(result.stdout)")
    #expect(result.stdout.contains("   |       ^~~~~~\n"), "\(result.stdout)")
  }

  @Test func warningsDoNotFailUnlessAskedTo() throws {
    let path = "Tests/Fixtures/cli/unused-task.yaml"
    let relaxed = try CLI.run(["validate", path])
    #expect(relaxed.status == 0, "\(relaxed.stdout)")
    #expect(relaxed.stdout.contains("\(path):3:3: warning: "))
    #expect(relaxed.stdout.contains("[unused-task]"))
    let strict = try CLI.run(["validate", "--warnings-as-errors", path])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("\(path):3:3: error: "))
  }

  @Test func yamlSyntaxErrorIsAFindingWithExitOne() throws {
    let result = try CLI.run([
      "validate", "--format", "json", "Tests/Fixtures/cli/syntax-error.yaml",
    ])
    #expect(result.status == 1)
    let report = try JSONReport(result.stdout)
    #expect(report.diagnostics.map(\.rule) == ["yaml-syntax"])
    #expect(report.diagnostics.first?.line == 4 || report.diagnostics.first?.line == 3)
  }

  @Test func jsonFormatIsOneDocumentWithTheSpecFields() throws {
    let result = try CLI.run([
      "validate", "--format", "json", "Tests/Fixtures/cli/undefined-screen.yaml",
      "Tests/Fixtures/cli/clean.yaml",
    ])
    #expect(result.status == 1)
    let report = try JSONReport(result.stdout)
    #expect(report.summary == .init(files: 2, errors: 1, warnings: 0))
    let finding = try #require(report.diagnostics.first)
    #expect(finding.file == "Tests/Fixtures/cli/undefined-screen.yaml")
    #expect(finding.line == 9)
    #expect(finding.column == 38)
    #expect(finding.severity == "error")
    #expect(finding.rule == "undefined-reference")
    #expect(!finding.message.isEmpty)
  }

  @Test func foldersAreSearchedRecursivelyForYAMLFiles() throws {
    let result = try CLI.run(["validate", "--format", "json", "Tests/Fixtures/cli/folder"])
    #expect(result.status == 0, "\(result.stdout)")
    let report = try JSONReport(result.stdout)
    #expect(report.summary.files == 2)
    #expect(report.diagnostics.map(\.file) == ["Tests/Fixtures/cli/folder/nested/b.yml"])
  }

  @Test func aFileOnlyImportedIsCheckedThroughItsImporter() throws {
    let result = try CLI.run(["validate", "--format", "json", "Tests/Fixtures/cli/imports"])
    #expect(result.status == 0, "\(result.stdout)")
    let report = try JSONReport(result.stdout)
    #expect(report.diagnostics.isEmpty, "library.yaml alone has two flows and no entry")
    #expect(report.summary.files == 2)
  }

  @Test func aMissingPathExitsTwo() throws {
    let result = try CLI.run(["validate", "Tests/Fixtures/cli/no-such-file.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no-such-file.yaml"))
  }

  @Test func badArgumentsExitTwo() throws {
    #expect(try CLI.run(["validate", "--format", "xml", "Flows"]).status == 2)
    #expect(try CLI.run(["validate", "--max-file-size", "lots", "Flows"]).status == 2)
    #expect(try CLI.run(["validate", "--max-depth", "0", "Flows"]).status == 2)
    // A negative value is read as the value, and said to be out of range
    // (not "missing value", as when `-1` was taken for an option).
    let negative = try CLI.run(["validate", "--max-depth", "-1", "Flows"])
    #expect(negative.status == 2)
    #expect(negative.stderr.contains("--max-depth must be at least 1"), "\(negative.stderr)")
    let aliases = try CLI.run(["validate", "--max-alias-nodes", "-3", "Flows"])
    #expect(aliases.stderr.contains("--max-alias-nodes must not be negative"), "\(aliases.stderr)")
  }

  @Test func fileSizeLimitIsAFinding() throws {
    let result = try CLI.run([
      "validate", "--format", "json", "--max-file-size", "16", "Tests/Fixtures/cli/clean.yaml",
    ])
    #expect(result.status == 1)
    #expect(try JSONReport(result.stdout).diagnostics.map(\.rule) == ["yaml-limit"])
  }

  @Test func anImportWithTheOtherExtensionSaysWhichFileIsThere() throws {
    let scratch = try ScratchFolder(files: [
      "app.yaml":
        "flowgraph: 1\nimports: [auth.yml]\nflows:\n  app:\n    start: home\n    screens:\n      home: {}\n",
      "auth.yaml":
        "flowgraph: 1\nflows:\n  signIn:\n    start: form\n    screens:\n      form: {}\n",
    ])
    defer { scratch.remove() }
    let result = try CLI.run(["validate", "app.yaml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        app.yaml:2:11: error: cannot import 'auth.yml': auth.yml: No such file or directory; did you mean 'auth.yaml'? [import-not-found]
          |
        2 | imports: [auth.yml]
          |           ^~~~~~~~
        1 error, no warnings in 1 file

        """, "\(result.stdout)")
    let json = try CLI.run(["validate", "--format", "json", "app.yaml"], in: scratch.url)
    #expect(json.stdout.contains(#""replacement" : "auth.yaml""#), "\(json.stdout)")
  }

  @Test func aKeyIndentedTooLittleIsNamedWithTheIndentationItNeeds() throws {
    let path = "Tests/Fixtures/broken/yaml-syntax-dedented-key.yaml"
    let result = try CLI.run(["validate", path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(path):11:7: error: this key is indented 6 spaces; the keys above and below it use 8 [yaml-syntax]
           |
        11 |       deeplink: /welcome # expect: yaml-syntax@7
           |       ^~~~~~~~
        help: indent 'deeplink' 2 spaces more, to 8
        1 error, no warnings in 1 file

        """, "\(result.stdout)")
  }
}

/// The `--format json` document, decoded strictly.
struct JSONReport: Decodable {
  struct Finding: Decodable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var rule: String
    var message: String
  }

  struct Summary: Decodable, Equatable {
    var files: Int
    var errors: Int
    var warnings: Int
  }

  var diagnostics: [Finding]
  var summary: Summary

  init(_ text: String) throws {
    self = try JSONDecoder().decode(JSONReport.self, from: Data(text.utf8))
  }
}

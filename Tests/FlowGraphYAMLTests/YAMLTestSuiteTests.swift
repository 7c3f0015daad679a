import FlowGraphCore
import Foundation
import Testing

@testable import FlowGraphYAML

/// The yaml-test-suite (402 cases) against libyaml's event layer and the
/// flowgraph node layer. libyaml 0.2.5's own failures are known issues.
@Suite("yaml-test-suite")
struct YAMLTestSuiteTests {
  @Test func suiteIsPresent() {
    #expect(YAMLTestSuite.caseIDs.count == 402)
    #expect(YAMLTestSuite.knownFailures.count == 72)
  }

  /// libyaml's events equal `test.event`, or libyaml reports an error where
  /// the suite expects one.
  @Test("libyaml events", arguments: YAMLTestSuite.caseIDs)
  func events(id: String) throws {
    let testCase = try YAMLTestSuite.load(id)
    let check = {
      let (events, error) = YAMLEvent.events(of: testCase.input)
      if testCase.isError {
        #expect(error != nil, "libyaml accepts invalid YAML: \(testCase.title)")
      } else {
        #expect(error == nil, "libyaml refuses valid YAML: \(error ?? "")")
        #expect(events.map(YAMLTestSuiteEvents.line) == testCase.events)
      }
    }
    if let known = YAMLTestSuite.knownFailures[id] {
      withKnownIssue("libyaml 0.2.5: \(known.rawValue)") { check() }
    } else {
      check()
    }
  }

  /// The document equals `in.json` when the case uses only YAML the DSL
  /// accepts; otherwise the parser gives a positioned finding.
  @Test("flowgraph documents", arguments: YAMLTestSuite.caseIDs)
  func documents(id: String) throws {
    let testCase = try YAMLTestSuite.load(id)
    let (document, diagnostics) = YAMLParser().parse(testCase.input, file: id)
    for diagnostic in diagnostics {
      let range = try #require(diagnostic.range)
      #expect(range.file == id && range.start.line >= 1 && range.start.column >= 1)
      #expect(range.start.offset <= testCase.input.count)
    }
    let known = YAMLTestSuite.knownFailures[id]
    if testCase.isError {
      let check = {
        #expect(diagnostics.contains { $0.severity == .error }, "invalid YAML accepted")
      }
      if known == .missedError, !Self.missedErrorsCaughtByTheDSL.contains(id) {
        withKnownIssue("libyaml 0.2.5 accepts this invalid YAML") { check() }
      } else {
        check()
      }
      return
    }
    let refusal = YAMLTestSuiteEvents.expectedRefusal(testCase.events)
    let check = {
      if let refusal {
        #expect(diagnostics.map(\.rule.rawValue).contains(refusal))
        if refusal != "duplicate-key" { #expect(document == nil) }
        return
      }
      #expect(diagnostics.isEmpty)
      guard let document, let json = testCase.json else { return }
      guard let expected = try? JSONDecoder().decode(YAMLTestSuiteJSON.self, from: json) else {
        Issue.record("in.json is not one JSON value")
        return
      }
      if let difference = expected.difference(from: document.root) {
        Issue.record("the document differs from in.json: \(difference)")
      }
    }
    // Where the DSL refuses the YAML anyway, libyaml's mistake changes nothing.
    if known == .falseError || known == .wrongEvents, refusal != "yaml-syntax" {
      withKnownIssue("libyaml 0.2.5: \(known!.rawValue)") { check() }
    } else {
      check()
    }
  }

  /// Invalid YAML that libyaml 0.2.5 accepts but the DSL's own rules refuse
  /// (a custom tag, a second document).
  static let missedErrorsCaughtByTheDSL: Set<String> = ["9HCY", "EB22", "MUS6/01", "RHX7"]
}

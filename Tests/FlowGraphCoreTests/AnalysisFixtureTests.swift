import FlowGraphCore
import Foundation
import Testing

@Suite("Analysis fixtures")
struct AnalysisFixtureTests {
  @Test("findings match the inline expectations", arguments: AnalysisFixtures.names)
  func findingsMatch(_ name: String) throws {
    let text = try String(contentsOfFile: AnalysisFixtures.path(name), encoding: .utf8)
    let expected = AnalysisFixtures.expected(in: text)
    let actual = try AnalysisFixtures.actual(name, expected: expected)
    #expect(actual == expected, "\(name)")
  }

  @Test("there are fixtures for every graph rule, failing and passing")
  func fixturesExist() {
    let names = AnalysisFixtures.names
    for rule in [
      "unreachable-screen", "no-exit", "unbounded-stack", "undismissable-modal", "invalid-pop",
      "invalid-dismiss", "invalid-tabs", "invalid-select", "unroutable-deeplink",
    ] {
      #expect(names.contains { $0.hasPrefix(rule + "-fails") }, "\(rule)")
      #expect(names.contains { $0.hasPrefix(rule + "-passes") }, "\(rule)")
    }
  }
}

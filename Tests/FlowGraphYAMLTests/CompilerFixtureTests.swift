import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Every fixture under `Tests/Fixtures/broken/` gives exactly the findings its
/// `# expect:` comments list (rule, line and column, in the file that holds
/// the comment, imports included); every fixture under `Tests/Fixtures/valid/`
/// gives none.
@Suite("Compiler fixtures")
struct CompilerFixtureTests {
  @Test("broken fixture", arguments: CompilerTestSupport.fixtureNames(in: "broken"))
  func brokenFixture(_ name: String) throws {
    let loaded = try FlowGraphLoader().validate(path: CompilerTestSupport.path("broken", name))
    var expected: [String] = []
    for (path, text) in loaded.sources {
      expected += CompilerTestSupport.expectations(inFile: path, text: text)
    }
    let actual = loaded.diagnostics.map(CompilerTestSupport.key)
    #expect(!expected.isEmpty, "a broken fixture states its findings")
    #expect(
      actual.sorted() == expected.sorted(),
      "\(loaded.diagnostics.map { "\(CompilerTestSupport.key($0)) \($0.message)" }.joined(separator: "\n"))"
    )
  }

  @Test("valid fixture", arguments: CompilerTestSupport.fixtureNames(in: "valid"))
  func validFixture(_ name: String) throws {
    let loaded = try FlowGraphLoader().validate(path: CompilerTestSupport.path("valid", name))
    #expect(loaded.graph != nil)
    #expect(
      loaded.diagnostics.isEmpty,
      "\(loaded.diagnostics.map { "\(CompilerTestSupport.key($0)) \($0.message)" }.joined(separator: "\n"))"
    )
  }

  @Test func everyCompilerRuleHasABrokenAndAValidFixture() {
    let broken = CompilerTestSupport.fixtureNames(in: "broken")
    let valid = CompilerTestSupport.fixtureNames(in: "valid")
    let rules = RuleID.catalogue.filter { $0.stage == .compiler }.map(\.id)
    for rule in rules {
      #expect(broken.contains { $0.hasPrefix(rule.rawValue) }, "no broken fixture for \(rule)")
      #expect(valid.contains { $0.hasPrefix(rule.rawValue) }, "no valid fixture for \(rule)")
    }
    #expect(broken.contains { $0.hasPrefix("suppress") })
    #expect(valid.contains { $0.hasPrefix("suppress") })
  }
}

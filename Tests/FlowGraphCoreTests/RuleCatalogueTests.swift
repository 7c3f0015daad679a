import FlowGraphCore
import Foundation
import Testing

@Suite("Rule catalogue")
struct RuleCatalogueTests {
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/rules")

  @Test("every rule has a docs page that names it", arguments: RuleID.all)
  func everyRuleHasADocsPage(rule: RuleID) throws {
    let page = Self.docs.appendingPathComponent("\(rule.rawValue).md")
    let text = try String(contentsOf: page, encoding: .utf8)
    #expect(text.hasPrefix("# `\(rule.rawValue)`"))
    #expect(text.contains("## Example that fails"))
    #expect(text.contains("## Example that passes") || text.contains("## Examples that pass"))
  }

  @Test("every rule has a summary and the severity SPEC §3 gives it", arguments: RuleID.all)
  func everyRuleHasASummary(rule: RuleID) {
    #expect(rule.summary != RuleID("no-such-rule").summary)
    let warnings: Set<RuleID> = [.unusedFlow, .unusedResult, .unusedTask]
    #expect(rule.defaultSeverity == (warnings.contains(rule) ? .warning : .error))
  }

  @Test func theCatalogueHasTheRulesOfSPECSections3And6() {
    #expect(RuleID.all.count == 26)
    #expect(Set(RuleID.all).count == 26)
  }
}

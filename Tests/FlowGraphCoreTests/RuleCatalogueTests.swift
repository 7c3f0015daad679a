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
    // The 25 rules of DSL v1, and 1.1's invalid-tabs, invalid-select and unroutable-deeplink.
    #expect(RuleID.all.count == 28)
    #expect(Set(RuleID.all).count == 28)
  }

  @Test("the one table gives ids, severities, summaries, SARIF names and pages")
  func theTableIsTheOneSource() {
    #expect(RuleID.all == RuleID.catalogue.map(\.id))
    for rule in RuleID.catalogue {
      #expect(rule.id.info == rule)
      #expect(rule.id.summary == rule.summary)
      #expect(rule.id.defaultSeverity == rule.severity)
    }
    #expect(RuleID.unknownKey.info?.name == "UnknownKey")
    #expect(RuleID.undismissableModal.info?.docsPage == "docs/rules/undismissable-modal.md")
    #expect(RuleID("no-such-rule").info == nil)
    #expect(!RuleID("no-such-rule").isKnown)
    let stages = Dictionary(grouping: RuleID.catalogue, by: \.stage).mapValues { $0.map(\.id) }
    #expect(stages[.yaml] == [.yamlSyntax, .yamlLimit, .duplicateKey])
    #expect(
      stages[.analysis] == [
        .unreachableScreen, .noExit, .unboundedStack, .undismissableModal, .invalidPop,
        .invalidDismiss, .invalidTabs, .invalidSelect, .unroutableDeeplink,
      ])
  }
}

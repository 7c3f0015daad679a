import FlowGraphCore
import FlowGraphYAML
import Testing

/// `selected:` of a tabs screen suggests a tab by the rule every name uses
/// (``NameSuggestion``: at most a third of the longer name in edits, a swap
/// counting as one): `deels` and `deal` are one edit from `deals`; `dela` is
/// two (a swap and an insertion), too far for a five-letter name, for a tab
/// as for a screen.
@Suite("selected: did you mean, as for every name")
struct SelectedTabSuggestionTests {
  /// A file whose tabs screen has tabs `home` and `deals` and `selected: <name>`.
  static func tabs(selected name: String) -> String {
    """
    flowgraph: 1
    entry: app
    flows:
      app: { start: main, screens: { main: { tabs: { home: home, deals: deals }, selected: \(name) } } }
      home: { start: a, screens: { a: {} } }
      deals: { start: b, screens: { b: {} } }
    """
  }

  /// A file that pushes `<name>` where the flow's screens are `home` and `deals`.
  static func screens(push name: String) -> String {
    SuggestionApplicationTests.screens(
      "home:\n  actions: { next: { push: \(name) }, more: { push: deals } }\ndeals: {}")
  }

  private func undefined(_ text: String) -> Diagnostic? {
    CompilerTestSupport.validate(text).diagnostics.first { $0.rule == .undefinedReference }
  }

  @Test(arguments: [("deels", "deals"), ("deal", "deals"), ("Deals", "deals"), ("dela", nil)])
  func aTabIsSuggestedAsAScreenIs(_ name: String, _ meant: String?) throws {
    let tab = try #require(undefined(Self.tabs(selected: name)))
    let screen = try #require(undefined(Self.screens(push: name)))
    let tail = meant.map { "; did you mean '\($0)'?" } ?? ""
    #expect(tab.message == "screen 'main' has no tab '\(name)'\(tail)")
    #expect(screen.message == "undefined screen '\(name)' in flow 'app'\(tail)")
    #expect(tab.fixes.map(\.replacement) == (meant.map { [$0] } ?? []))
    #expect(NameSuggestion.best(for: name, among: ["home", "deals"]) == meant)
  }

  @Test func theTabsFixGivesACleanFile() throws {
    let text = Self.tabs(selected: "deels")
    let fix = try #require(undefined(text)?.fixes.first)
    let fixed = SuggestionApplicationTests.applying(fix.replacement, at: fix.range, to: text)
    #expect(CompilerTestSupport.validate(fixed).diagnostics.isEmpty)
  }
}

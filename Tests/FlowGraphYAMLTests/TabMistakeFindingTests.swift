import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// One mistake in a tab bar gives one finding (SPEC §3): a misspelled result
/// under a tab's `on` or the tabs screen's `on` is not also an unhandled
/// result; a tab that names no flow does not also make the flow it meant
/// "never started".
@Suite("Tabs: one mistake, one finding")
struct TabMistakeFindingTests {
  static func findings(tabs: String, screenOn: String = "") -> [Diagnostic] {
    let text = """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: main
          screens:
            main:
              tabs: \(tabs)
      \(screenOn.isEmpty ? "" : "        on: \(screenOn)\n")\
        feed:
          start: feedHome
          screens:
            feedHome: {}
        search:
          results: { closed: {} }
          start: searchHome
          screens:
            searchHome:
              actions:
                closePressed: { finish: closed }

      """
    return FlowGraphLoader().load(text: text, file: "app.yaml").diagnostics
  }

  @Test func aMisspelledResultInATabsOnIsOneFinding() {
    let found = Self.findings(tabs: "{ feed: feed, search: { flow: search, on: { closd: stay } } }")
    #expect(
      found.map(\.message) == [
        "flow 'search' of tab 'search' has no result 'closd'; did you mean 'closed'?"
      ])
  }

  @Test func aMisspelledResultInTheTabsScreensOnIsOneFinding() {
    let found = Self.findings(tabs: "{ feed: feed, search: search }", screenOn: "{ closd: stay }")
    #expect(
      found.map(\.message) == [
        "no tab flow of screen 'main' has a result 'closd'; did you mean 'closed'?"
      ])
  }

  @Test func aTabThatNamesAScreenSaysWhoseItIs() {
    let found = Self.findings(
      tabs: "{ feed: feedHome, search: { flow: search, on: { closed: stay } } }")
    #expect(found.map(\.rule) == [.undefinedReference])
    #expect(found.first?.message == "undefined flow 'feedHome'")
    #expect(
      found.first?.notes.map(\.message) == [
        "'feedHome' is a screen of flow 'feed'; name the flow: 'feed'"
      ])
  }

  @Test func aTabWithoutAFlowDoesNotMakeItsFlowUnused() {
    let found = Self.findings(
      tabs: "{ feed: { title: Feed }, search: { flow: search, on: { closed: stay } } }")
    #expect(found.map(\.message) == ["tab 'feed' needs 'flow': the flow the tab runs"])
  }

  @Test func noTabsAtAllAsksForTabs() {
    let found = Self.findings(tabs: "{}")
    #expect(
      found.first?.message
        == "a tabs screen needs at least two tabs, but screen 'main' has none: add a tab per flow it shows, such as 'feed: { flow: feed, title: Feed }', or show one flow with 'start' instead"
    )
  }
}

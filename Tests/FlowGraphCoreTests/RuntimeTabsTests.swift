import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Tabs at runtime (SPEC §6.1): the tab flows start in order, `tab:NAME`
/// selects (and re-selecting pops to the tab's first screen), `select: TAB`,
/// a tab flow that ends restarts, a closed tab bar runs no handler, and the
/// state round-trips.
@Suite("Runtime tabs")
struct RuntimeTabsTests {
  static let text = """
    flowgraph: 1
    entry: app
    flows:
      app:
        input: { userId: string }
        start: main
        screens:
          main:
            tabs:
              feed: feed
              profile: { flow: profile, on: { loggedOut: { root: bye } } }
            selected: feed
            on: { refreshed: stay }
          bye:
            actions:
              againButtonPressed: { root: main }
      feed:
        results: { refreshed: {} }
        start: feedHome
        screens:
          feedHome:
            actions:
              postSelected: { push: post }
              composeButtonPressed: { present: compose }
              refreshButtonPressed: { finish: refreshed }
              detailButtonPressed: { start: detail }
          post:
            actions:
              meButtonPressed: { select: profile }
              homeButtonPressed: { root: feedHome }
          compose:
            actions:
              closeButtonPressed: dismiss
      detail:
        start: page
        screens:
          page: {}
      profile:
        input: { userId: string }
        results: { loggedOut: {} }
        start: profileHome
        screens:
          profileHome:
            actions:
              logOutButtonPressed: { finish: loggedOut }
    """

  private func driver() throws -> EngineDriver {
    let loaded = FlowGraphLoader().validate(text: Self.text, file: "tabs.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    var driver = EngineDriver(try #require(loaded.graph))
    try driver.start(input: ["userId": .string("u1")])
    return driver
  }

  private func tabs(_ driver: EngineDriver) -> [[String]] {
    driver.state.layers[0].stacks.map { $0.screens.map { driver.graph[$0.screen].name } }
  }

  @Test func showingATabsScreenStartsEveryTabInOrder() throws {
    let driver = try driver()
    #expect(driver.flows == ["app", "feed", "profile"])
    #expect(driver.layers == [["feedHome"]])
    #expect(tabs(driver) == [["feedHome"], ["profileHome"]])
    #expect(driver.navigation == ["tabs main [feedHome, profileHome] selected 0"])
    #expect(
      driver.lifecycle == [
        "start app", "enter main", "start feed", "start profile", "enter feedHome",
        "enter profileHome",
      ])
    // The profile's userId, by name from the owner flow's input.
    #expect(driver.state.flows[2].input == [.string("u1")])
  }

  @Test func selectingKeepsStacksAndReselectingPopsToTheFirstScreen() throws {
    var driver = try driver()
    try driver.send("postSelected")
    try driver.send(.tab("profile"))
    #expect(driver.layers == [["profileHome"]])
    #expect(driver.navigation == ["select tab 1"])
    try driver.send(.tab("feed"))
    #expect(driver.layers == [["feedHome", "post"]])
    try driver.send(.tab("feed"))
    #expect(driver.layers == [["feedHome"]])
    #expect(driver.navigation == ["pop 1"])
    try driver.send(.tab("feed"))
    #expect(driver.effects.isEmpty)
  }

  @Test func reselectingEndsAPushChildInTheTab() throws {
    var driver = try driver()
    try driver.send("detailButtonPressed")
    #expect(driver.flows == ["app", "feed", "profile", "detail"])
    try driver.send(.tab("feed"))
    #expect(driver.flows == ["app", "feed", "profile"])
    #expect(driver.lifecycle == ["exit page", "finish detail dismissed"])
  }

  @Test func selectTransitionSwitchesTabs() throws {
    var driver = try driver()
    try driver.send("postSelected")
    try driver.send("meButtonPressed")
    #expect(driver.screen == "profileHome")
    #expect(tabs(driver) == [["feedHome", "post"], ["profileHome"]])
  }

  @Test func rootInATabActsWithinTheTabsStack() throws {
    var driver = try driver()
    try driver.send("postSelected")
    try driver.send(.tab("profile"))
    try driver.send(.tab("feed"))
    try driver.send("homeButtonPressed")
    #expect(driver.layers == [["feedHome"]])
    #expect(tabs(driver) == [["feedHome"], ["profileHome"]])
    #expect(driver.flows == ["app", "feed", "profile"])
    #expect(driver.navigation == ["setRoot feedHome keeping 0"])
    #expect(driver.lifecycle == ["exit post", "exit feedHome", "enter feedHome"])
  }

  /// Found by the runtime fuzzer: a `root` to the tabs screen from a sheet
  /// that the tabs screen's flow presented ended that flow (its only screens
  /// were in the closed layer) before the tab bar was shown again.
  @Test func rootToTheTabsScreenFromItsFlowsSheet() throws {
    let text = """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: main
          screens:
            main:
              tabs: { a: tab, b: tab }
              on: { done: { present: sheet } }
            sheet:
              actions:
                homeButtonPressed: { root: main }
        tab:
          results: { done: {} }
          start: page
          screens:
            page:
              actions:
                doneButtonPressed: { finish: done }
      """
    let loaded = FlowGraphLoader().validate(text: text, file: "sheet.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    var driver = EngineDriver(try #require(loaded.graph))
    try driver.start(input: [:])
    try driver.send("doneButtonPressed")
    #expect(driver.layers == [["page"], ["sheet"]])
    try driver.send("homeButtonPressed")
    #expect(driver.layers == [["page"]])
    #expect(driver.flows == ["app", "tab", "tab"])
    #expect(driver.state.layers[0].stacks.count == 2)
  }

  @Test func aModalCoversTheTabBar() throws {
    var driver = try driver()
    try driver.send("composeButtonPressed")
    #expect(driver.layers == [["feedHome"], ["compose"]])
    #expect(throws: RuntimeError.self) { try driver.send(.tab("profile")) }
    try driver.send("closeButtonPressed")
    #expect(driver.layers == [["feedHome"]])
  }

  @Test func aTabFlowThatEndsRunsItsHandlerThenStartsAgain() throws {
    var driver = try driver()
    try driver.send("postSelected")
    try driver.send(.back)
    try driver.send("refreshButtonPressed")
    #expect(driver.flows == ["app", "profile", "feed"])
    #expect(tabs(driver) == [["feedHome"], ["profileHome"]])
    #expect(driver.navigation == ["pop 1", "reset tab 0 of layer 0 to [\"feedHome\"]"])
  }

  @Test func aHandlerThatLeavesTheTabBarEndsEveryTabWithoutHandlers() throws {
    var driver = try driver()
    try driver.send(.tab("profile"))
    try driver.send("logOutButtonPressed")
    #expect(driver.layers == [["bye"]])
    // The profile tab empties (its flow ended), then the handler's root.
    #expect(driver.navigation == ["pop 1", "tab bar replaced by bye"])
    #expect(driver.flows == ["app"])
    #expect(driver.state.layers[0].tabsScreen == nil)
    try driver.send("againButtonPressed")
    #expect(driver.flows == ["app", "feed", "profile"])
    #expect(driver.navigation == ["tabs main [feedHome, profileHome] selected 0 in place"])
  }

  @Test func theStateRoundTrips() throws {
    var driver = try driver()
    try driver.send("postSelected")
    try driver.send(.tab("profile"))
    let data = try driver.state.encoded(for: driver.graph)
    let restored = try FlowState.decoded(from: data, for: driver.graph)
    #expect(restored == driver.state)
  }
}

import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// A tabs screen compiles to a ``TabBar`` (SPEC §6.1): tab flows typed like
/// `start`, handlers merged from the tab's `on` and the screen's `on`.
@Suite("Compiler tabs")
struct CompilerTabsTests {
  private func compile(_ text: String) throws -> FlowGraph {
    let loaded = FlowGraphLoader().load(text: text, file: "test.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    return try #require(loaded.graph)
  }

  private let app = """
    flowgraph: 1
    entry: app
    flows:
      app:
        input: { region: string, userId: string }
        start: main
        screens:
          main:
            params: { userId: string }
            tabs:
              feed: { flow: feed, title: Home }
              profile: { flow: profile, with: { badge: 3 }, on: { loggedOut: { root: bye } } }
            selected: profile
            on: { loggedOut: stay, dismissed: { root: bye } }
          bye: {}
      feed:
        input: { region: string }
        results: { loggedOut: {} }
        start: home
        screens:
          home:
            actions:
              out: { finish: loggedOut }
              me: { select: profile }
      profile:
        input: { userId: string, badge: int }
        results: { loggedOut: {} }
        start: me
        screens:
          me:
            actions:
              out: { finish: loggedOut }
    """

  @Test func aTabsScreenIsATabBarOfTypedTabs() throws {
    let graph = try compile(app)
    let main = graph.screens[0]
    let bar = try #require(main.tabBar)
    #expect(main.actions.isEmpty)
    #expect(bar.tabs.map(\.name) == ["feed", "profile"])
    #expect(bar.tabs.map(\.flow) == [FlowID(1), FlowID(2)])
    #expect(bar.tabs[0].title == "Home")
    #expect(bar.selected == 1)
    #expect(bar.index(of: "profile") == 1)
    // The feed's region from the owner flow's input; the profile's userId by
    // name from the screen's params, its badge by `with`.
    #expect(bar.tabs[0].arguments.map(\.source) == [.flowInput(0)])
    #expect(bar.tabs[1].arguments.map(\.source) == [.screenParameter(0), .literal(.int(3))])
    // The tab's own `on` wins; the screen's serves the other tabs.
    #expect(bar.tabs[1].handlers.results[0].kind == .root(ScreenID(1)))
    #expect(bar.tabs[0].handlers.results[0].kind == .stay)
    #expect(bar.tabs[0].handlers.dismissed.kind == .root(ScreenID(1)))
    #expect(graph.screens[2].actions[1].transition.kind == .select("profile"))
    #expect(graph.range(graph.screens[2].actions[1].transition.span)?.start.line == 24)
  }

  @Test func aFlowUsedAsATabIsNotUnused() throws {
    let loaded = FlowGraphLoader().validate(text: app, file: "test.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
  }

  @Test func theFingerprintSeesTheTabs() throws {
    let one = try compile(app)
    let other = try compile(
      app.replacingOccurrences(of: "selected: profile", with: "selected: feed"))
    #expect(one.fingerprint != other.fingerprint)
  }
}

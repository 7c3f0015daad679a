import FlowGraphCore
import FlowGraphYAML
import Testing

/// `FlowGraph.describe` names what the runtime hands an app by ids: a shown
/// screen with its params, a tab bar with its stacks, and `signature` a
/// possible event (for logs, instead of a dump of ids).
@Suite("Runtime: readable descriptions")
struct RuntimeDescribeTests {
  final class TabsCatcher: Navigator {
    var shown: [TabsShown] = []
    func apply(_ change: NavigationChange) {
      if case .tabs(.shown(let tabs)) = change { shown.append(tabs) }
    }
  }

  static let app = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: main
        screens:
          main:
            tabs:
              home: feed
              search: search
            selected: home
      feed:
        start: list
        screens:
          list:
            actions:
              postSelected: { params: { postId: int, title: string }, push: post }
          post:
            params: { postId: int, title: string }
      search:
        start: discover
        screens:
          discover: {}
    """

  @Test func screensTabBarsAndEventsReadByName() async throws {
    let loaded = FlowGraphLoader().validate(text: Self.app, file: "app.yaml")
    let graph = try #require(loaded.graph)
    let navigator = TabsCatcher()
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try await runner.start()
    #expect(
      runner.possibleEvents().map(graph.signature)
        == ["postSelected(postId: int, title: string)", "tab:home", "tab:search"])
    try await runner.send(.action("postSelected", arguments: ["postId": 42, "title": "Hi"]))
    let top = try #require(runner.state.top)
    #expect(graph.describe(top) == "post(postId=42, title=Hi)")
    let tabs = try #require(navigator.shown.first)
    #expect(graph.describe(tabs) == "main: home* [list], search [discover]")
  }
}

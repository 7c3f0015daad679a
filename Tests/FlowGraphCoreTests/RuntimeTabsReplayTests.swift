import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Restoring a state and attaching a navigator replay a tabs layer the way a
/// step first showed it (SPEC §6.1): `.tabs(.shown(…))` with its tabs, every
/// stack and the selected tab, for the base layer and for a presented one.
@Suite("Runtime tabs: restore and attach")
struct RuntimeTabsReplayTests {
  /// The tabs screen `main` is the base layer; a tab presents a child flow.
  static let base = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: main
        screens:
          main:
            tabs:
              feed: feed
              profile: profile
            selected: feed
    \(tabFlows)
    """

  /// The tabs screen `shop` is presented over `home`.
  static let presented = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: home
        screens:
          home:
            actions:
              shopButtonPressed: { present: shop }
          shop:
            tabs:
              feed: feed
              profile: profile
            selected: feed
    \(tabFlows)
    """

  static let tabFlows = """
      feed:
        start: feedHome
        screens:
          feedHome:
            actions:
              postSelected: { push: post }
          post:
            actions:
              reviewButtonPressed:
                start: review
                mode: present
                on: { done: stay }
      review:
        results: { done: {} }
        start: write
        screens:
          write:
            actions:
              nextButtonPressed: { push: confirm }
          confirm:
            actions:
              doneButtonPressed: { finish: done }
      profile:
        start: profileHome
        screens:
          profileHome: {}
    """

  private func graph(_ text: String) throws -> FlowGraph {
    let loaded = FlowGraphLoader().validate(text: text, file: "tabs.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    return try #require(loaded.graph)
  }

  /// A run walked into the feed tab, one push in it, and the review child
  /// presented over the tab bar with one push in it.
  private func walked(
    _ graph: FlowGraph, before: [FlowEvent] = []
  ) async throws -> (FlowRunner, RecordingNavigator, firstShown: [String]) {
    let navigator = RecordingNavigator(graph)
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try await runner.start()
    for event in before { try await runner.send(event) }
    let firstShown = navigator.take()
    for event in ["postSelected", "reviewButtonPressed", "nextButtonPressed"] {
      try await runner.send(.action(event))
    }
    _ = navigator.take()
    return (runner, navigator, firstShown)
  }

  /// Sends the same events to both runners: their navigators get the same
  /// calls, so the restored navigator's picture of the tab bar is right.
  private func goOnAlike(
    _ live: (FlowRunner, RecordingNavigator), _ restored: (FlowRunner, RecordingNavigator)
  ) async throws {
    let events: [FlowEvent] = [
      .action("doneButtonPressed"), .tab("profile"), .tab("feed"), .back,
    ]
    for event in events {
      try await live.0.send(event)
      try await restored.0.send(event)
      let expected = live.1.take()
      #expect(restored.1.take() == expected, "after \(event)")
    }
    #expect(restored.0.state == live.0.state)
  }

  @Test func restoringShowsTheBaseTabBarWithEveryStack() async throws {
    let graph = try graph(Self.base)
    let (runner, live, firstShown) = try await walked(graph)
    #expect(firstShown == ["tabs main [feedHome, profileHome] selected 0"])
    let fresh = RecordingNavigator(graph)
    let restored = FlowRunner(graph: graph, navigator: fresh)
    try restored.restoreState(try runner.saveState())
    #expect(
      fresh.take() == [
        "tabs main [feedHome>post, profileHome] selected 0", "present write", "push confirm",
      ])
    #expect(restored.state == runner.state)
    try await goOnAlike((runner, live), (restored, fresh))
  }

  @Test func restoringKeepsTheSelectedTab() async throws {
    let graph = try graph(Self.base)
    let navigator = RecordingNavigator(graph)
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try await runner.start()
    try await runner.send(.action("postSelected"))
    try await runner.send(.tab("profile"))
    let fresh = RecordingNavigator(graph)
    let restored = FlowRunner(graph: graph, navigator: fresh)
    try restored.restoreState(try runner.saveState())
    #expect(fresh.take() == ["tabs main [feedHome>post, profileHome] selected 1"])
    try await restored.send(.tab("feed"))
    #expect(fresh.take() == ["select tab 0"])
    #expect(restored.currentScreen.map { graph[$0.screen].name } == "post")
  }

  @Test func restoringShowsAPresentedTabBarAboveTheBaseLayer() async throws {
    let graph = try graph(Self.presented)
    let (runner, live, firstShown) = try await walked(
      graph, before: [.action("shopButtonPressed")])
    #expect(firstShown == ["present home", "tabs shop [feedHome, profileHome] selected 0"])
    let fresh = RecordingNavigator(graph)
    let restored = FlowRunner(graph: graph, navigator: fresh)
    try restored.restoreState(try runner.saveState())
    #expect(
      fresh.take() == [
        "present home", "tabs shop [feedHome>post, profileHome] selected 0", "present write",
        "push confirm",
      ])
    try await goOnAlike((runner, live), (restored, fresh))
  }

  @Test func restoringOverAShownRunDismissesItFirst() async throws {
    let graph = try graph(Self.base)
    let (runner, _, _) = try await walked(graph)
    let saved = try runner.saveState()
    let navigator = RecordingNavigator(graph)
    let other = FlowRunner(graph: graph, navigator: navigator)
    try await other.start()
    _ = navigator.take()
    try other.restoreState(saved)
    #expect(
      navigator.take() == [
        "dismiss 1", "tabs main [feedHome>post, profileHome] selected 0", "present write",
        "push confirm",
      ])
  }

  @Test func attachingTellsTheTabBarWithEveryStack() async throws {
    let graph = try graph(Self.presented)
    let (runner, live, _) = try await walked(graph, before: [.action("shopButtonPressed")])
    let attached = RecordingNavigator(graph)
    try runner.attach(attached)
    #expect(
      attached.take() == [
        "present home", "tabs shop [feedHome>post, profileHome] selected 0", "present write",
        "push confirm",
      ])
    try await runner.send(.action("doneButtonPressed"))
    try await runner.send(.tab("profile"))
    #expect(attached.take() == ["dismiss 1", "select tab 1"])
    #expect(live.take().isEmpty)
  }
}

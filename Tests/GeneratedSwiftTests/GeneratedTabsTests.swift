import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

// Flows/tabbed-app.yaml through its generated API: typed tab selection
// (`Event.tab(Tab)`, SPEC §6.1), a navigator that types a tab bar's stacks,
// and the shape check catching a changed tab bar.

struct TabbedAppScript: TabbedApp.TaskHooks {
  func signIn(email: String, password: String) async throws -> TabbedApp.SignInOutcome {
    password == "hunter2" ? .success(userId: "ann") : .failure(message: "Wrong password")
  }
}

@Suite("Generated Swift: a tab bar driven through its typed API")
@MainActor
struct GeneratedTabsTests {
  /// Signs in, pushes in the feed tab, switches to profile and back (the
  /// feed's stack is kept), re-taps feed (it pops to its first screen), then
  /// finishes Flows/README.md's scripted run: signing out ends on sign-in.
  @Test func tabsKeepTheirStacksAndReselectingPopsToTheFirstScreen() async throws {
    let runner = try TabbedApp.Runner(
      graph: GeneratedFiles.graph("tabbed-app"), hooks: TabbedAppScript())
    try await runner.start()
    #expect(runner.layers == [[.signInScreen]])
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
    #expect(runner.layers == [[.feedHome]])
    try await runner.send(.postSelected(postId: 7))
    #expect(runner.layers == [[.feedHome, .post(postId: 7)]])
    try await runner.send(.tab(.profile))
    #expect(runner.layers == [[.profileHome(userId: "ann")]])
    try await runner.send(.tab(.feed))
    #expect(runner.layers == [[.feedHome, .post(postId: 7)]])
    try runner.sendSynchronously(.tab(.feed))
    #expect(runner.layers == [[.feedHome]])
    try runner.sendSynchronously(.tab(.feed))
    #expect(runner.layers == [[.feedHome]])

    try await runner.send(.composeButtonPressed)
    #expect(runner.layers == [[.feedHome], [.compose]])
    await #expect(throws: RuntimeError.self) { try await runner.send(.tab(.profile)) }
    #expect(runner.layers == [[.feedHome], [.compose]])
    try await runner.send(.cancelButtonPressed)
    try await runner.send(.tab(.profile))
    try await runner.send(.signOutButtonPressed)
    #expect(runner.layers == [[.signInScreen]])
    #expect(runner.currentScreen == .signInScreen)
  }

  /// What a tab bar navigator is told, typed with `TabbedApp.screen(_:)` and
  /// `TabbedApp.Tab`: the tab bar with each tab's stack, then the selections.
  @Test func aNavigatorTypesTheTabBarItIsShown() async throws {
    let recorder = ChangeRecorder<TabbedApp.Screen>()
    let runner = try TabbedApp.Runner(
      graph: GeneratedFiles.graph("tabbed-app"), hooks: TabbedAppScript(), navigator: recorder)
    try await runner.start()
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
    try await runner.send(.postSelected(postId: 7))
    try await runner.send(.tab(.profile))
    try await runner.send(.tab(.feed))
    try await runner.send(.tab(.feed))

    try #require(recorder.changes.count == 6)
    #expect(recorder.changes[0] == .present(.signInScreen))
    guard case .tabs(.shown(let shown)) = recorder.changes[1] else {
      Issue.record("not a tab bar: \(recorder.changes[1])")
      return
    }
    #expect(TabbedApp.screen(shown.screen) == .main(userId: "ann"))
    #expect(shown.names.compactMap(TabbedApp.Tab.init(rawValue:)) == [.feed, .search, .profile])
    #expect(
      shown.stacks.map { $0.map(TabbedApp.screen) } == [
        [.feedHome], [.searchHome], [.profileHome(userId: "ann")],
      ])
    #expect(shown.selected == 0 && !shown.opensLayer)
    #expect(
      Array(recorder.changes[2...]) == [
        .push(.post(postId: 7)), .tabs(.selected(2)), .tabs(.selected(0)), .pop(count: 1),
      ])
  }

  /// The generated file records the tab bars it was generated with: a graph
  /// whose tabs are in another order is refused, naming both.
  @Test func aChangedTabBarIsRefused() throws {
    let text = try String(contentsOfFile: GeneratedFiles.flow("tabbed-app"), encoding: .utf8)
    let feed = "          feed: { flow: feed, title: Feed }\n"
    let search = "          search: { flow: search, title: Search }\n"
    #expect(text.contains(feed + search))
    let loaded = FlowGraphLoader().validate(
      text: text.replacingOccurrences(of: feed + search, with: search + feed),
      file: "tabbed-app.yaml")
    #expect(!loaded.diagnostics.hasErrors)
    let graph = try #require(loaded.graph)
    let error = #expect(throws: RuntimeError.self) {
      _ = try TabbedApp.Runner(graph: graph, hooks: TabbedAppScript())
    }
    #expect(
      error.map { "\($0)" }?.contains(
        "the graph is not the one `TabbedApp` was generated from (regenerate it): "
          + "tab bar 0: expected app.main[feed: feed, search: search, profile: profile], "
          + "found app.main[search: search, feed: feed, profile: profile]") == true)
  }
}

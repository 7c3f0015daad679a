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

// EXAMPLE BEGIN
/// A navigator for an app with a tab bar, with typed screens and tabs:
/// `TabbedApp.Runner.screen(_:)` types the screen instances of a `TabsChange`, and
/// `TabbedApp.Tab(rawValue:)` its tab names. In UIKit each layer is a
/// `UINavigationController` or a `UITabBarController` of them; in SwiftUI a
/// `NavigationStack` or a `TabView` of them.
final class TabBarNavigator: TabbedApp.Navigator {
  struct TabBar: Equatable {
    var tabs: [TabbedApp.Tab]
    var stacks: [[TabbedApp.Screen]]
    var selected: Int
  }

  enum Layer: Equatable {
    case stack([TabbedApp.Screen])
    case tabBar(TabBar)
  }

  private(set) var layers: [Layer] = []

  /// What the user sees: each layer's stack, the selected tab's for a tab bar.
  var visibleStacks: [[TabbedApp.Screen]] {
    layers.map { layer in
      switch layer {
      case .stack(let screens): screens
      case .tabBar(let bar): bar.stacks[bar.selected]
      }
    }
  }

  func apply(_ change: TabbedApp.NavigationChange) {
    switch change {
    case .push(let screen): updateTopStack { $0.append(screen) }
    case .pop(let count): updateTopStack { $0.removeLast(count) }
    case .replace(let screen): updateTopStack { $0[$0.count - 1] = screen }
    case .setRoot(let screen, let keeping):
      updateTopStack { $0 = Array($0.prefix(keeping)) + [screen] }
    case .present(let screen): layers.append(.stack([screen]))
    case .dismiss(let count): layers.removeLast(count)
    case .tabs(.shown(let shown)):
      let bar = TabBar(
        tabs: shown.names.compactMap(TabbedApp.Tab.init(rawValue:)),
        stacks: shown.stacks.map { $0.map(TabbedApp.Runner.screen) }, selected: shown.selected)
      if shown.opensLayer {
        layers.append(.tabBar(bar))
      } else {
        layers[layers.count - 1] = .tabBar(bar)
      }
    case .tabs(.selected(let index)):
      updateTabBar(layers.count - 1) { $0.selected = index }
    case .tabs(.stackReset(let layer, let tab, let screens)):
      updateTabBar(layer) { $0.stacks[tab] = screens.map(TabbedApp.Runner.screen) }
    case .tabs(.replaced(let screen)):
      // The tabs screen's flow left the tab bar: a plain stack in its place.
      layers[layers.count - 1] = .stack([TabbedApp.Runner.screen(screen)])
    }
  }

  private func updateTopStack(_ update: (inout [TabbedApp.Screen]) -> Void) {
    switch layers[layers.count - 1] {
    case .stack(var screens):
      update(&screens)
      layers[layers.count - 1] = .stack(screens)
    case .tabBar(var bar):
      update(&bar.stacks[bar.selected])
      layers[layers.count - 1] = .tabBar(bar)
    }
  }

  private func updateTabBar(_ index: Int, _ update: (inout TabBar) -> Void) {
    guard case .tabBar(var bar) = layers[index] else { return }
    update(&bar)
    layers[index] = .tabBar(bar)
  }
}

// In the app: a tab bar item tapped is a typed event.
@MainActor
func tabBarItemTapped(_ tab: TabbedApp.Tab, runner: TabbedApp.Runner) {
  try? runner.sendSynchronously(.tab(tab))
}
// EXAMPLE END

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

  /// What a tab bar navigator is told, typed with `TabbedApp.Runner.screen(_:)` and
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
    #expect(TabbedApp.Runner.screen(shown.screen) == .main(userId: "ann"))
    #expect(shown.names.compactMap(TabbedApp.Tab.init(rawValue:)) == [.feed, .search, .profile])
    #expect(
      shown.stacks.map { $0.map(TabbedApp.Runner.screen) } == [
        [.feedHome], [.searchHome], [.profileHome(userId: "ann")],
      ])
    #expect(shown.selected == 0 && !shown.opensLayer)
    #expect(
      Array(recorder.changes[2...]) == [
        .push(.post(postId: 7)), .tabs(.selected(2)), .tabs(.selected(0)), .pop(count: 1),
      ])
  }

  /// docs/generated-swift.md's tab bar navigator mirrors Flows/README.md's
  /// scripted run step by step: what it shows is what the runner holds.
  @Test func theDocsTabBarNavigatorMirrorsTheRun() async throws {
    let navigator = TabBarNavigator()
    let runner = try TabbedApp.Runner(
      graph: GeneratedFiles.graph("tabbed-app"), hooks: TabbedAppScript(), navigator: navigator)
    try await runner.start()
    let events: [TabbedApp.Event] = [
      .signInButtonPressed(email: "ann@example.com", password: "hunter2"),
      .postSelected(postId: 7), .tab(.profile), .tab(.feed), .tab(.feed), .postSelected(postId: 8),
      .authorPostsButtonPressed, .querySubmitted(query: "ann"), .clearButtonPressed,
      .tab(.feed), .back, .composeButtonPressed, .cancelButtonPressed, .tab(.profile),
      .signOutButtonPressed,
    ]
    for event in events {
      if case .tab(let tab) = event {
        tabBarItemTapped(tab, runner: runner)
      } else {
        try await runner.send(event)
      }
      #expect(navigator.visibleStacks == runner.layers, "after \(event)")
    }
    #expect(navigator.layers == [.stack([.signInScreen])])
  }

  @Test func theDocsShowTheTabBarNavigator() throws {
    #expect(
      try GeneratedFiles.documentedExample(in: #filePath).isShown,
      "docs/generated-swift.md must show the tab bar navigator exactly as compiled here")
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

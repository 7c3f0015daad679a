// An app-side client, written against the public API and docs/embedding.md
// only (no @testable import): load a compiled graph, run it with a navigator
// built on NavigationMirror, let the user swipe a sheet down while the parent
// flow reacts in the same step, save and restore.
import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// The app's own screens.
enum AppScreen: Hashable {
  case feed
  case post(id: Int)
  case share(id: Int)
  case drafts
  case editor
  case preview
  case other(String)

  init(_ shown: ShownScreen) {
    switch shown.name {
    case "feed": self = .feed
    case "post": self = .post(id: shown["postId"]?.int ?? -1)
    case "share": self = .share(id: shown["postId"]?.int ?? -1)
    case "drafts": self = .drafts
    case "editor": self = .editor
    case "preview": self = .preview
    default: self = .other(shown.name)
    }
  }
}

/// What a UIKit adapter would do with view controllers, recorded: the
/// changes it makes itself (not those the user already made).
@MainActor
final class RecordingAdapter {
  let mirror: NavigationMirror<AppScreen>
  private(set) var made: [NavigationMirror<AppScreen>.Change] = []
  private(set) var resyncs = 0

  init(graph: FlowGraph) {
    mirror = NavigationMirror(graph: graph, makeScreen: AppScreen.init)
    mirror.onUpdate = { [weak self] update in
      if !update.madeByUser { self?.made.append(update.change) }
    }
    mirror.onResync = { [weak self] _ in self?.resyncs += 1 }
  }
}

@Suite("An app embedding flowgraph through the public API")
@MainActor
struct AppStyleEmbeddingTests {
  /// The app ships the compiled JSON and loads it with the core alone.
  func compiledGraph() throws -> FlowGraph {
    let loaded = FlowGraphLoader().validate(text: AppFlows.yaml, file: "app.yaml")
    try #require(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
    let json = try GraphJSONEncoder().encode(try #require(loaded.graph))
    return try GraphJSONDecoder().decode(json)
  }

  func started(_ graph: FlowGraph) async throws -> (FlowRunner, RecordingAdapter) {
    let adapter = RecordingAdapter(graph: graph)
    let runner = FlowRunner(graph: graph, navigator: adapter.mirror)
    try runner.registerTask("loadPost") { call in
      call["postId"]?.int == 404 ? TaskResult("missing") : TaskResult("loaded", call.input)
    }
    try await runner.start()
    return (runner, adapter)
  }

  @Test func runsACompiledGraphThroughTheMirror() async throws {
    let graph = try compiledGraph()
    let (runner, adapter) = try await started(graph)
    try await runner.send(.action("postSelected", arguments: ["postId": 42]))
    try runner.sendSynchronously(.action("shareButtonPressed"))
    #expect(adapter.mirror.layers == [[.feed, .post(id: 42), .share(id: 42)]])
    #expect(adapter.made == [.present(.feed), .push(.post(id: 42)), .push(.share(id: 42))])
    // The user swipes back twice: the UI popped already, the adapter makes nothing.
    try adapter.mirror.userDidSynchronously(.back, runner: runner)
    try adapter.mirror.userDidSynchronously(.back, runner: runner)
    #expect(adapter.mirror.layers == [[.feed]])
    #expect(adapter.made.count == 3)
    #expect(adapter.resyncs == 0)
  }

  @Test func aSwipeDownThatTheParentAnswersShowsTheParentsReaction() async throws {
    let graph = try compiledGraph()
    let (runner, adapter) = try await started(graph)
    try runner.sendSynchronously(.action("composeButtonPressed"))
    try runner.sendSynchronously(.action("nextButtonPressed"))
    #expect(adapter.mirror.layers == [[.feed], [.editor, .preview]])
    let before = adapter.made.count
    // UIKit already dismissed the sheet; the feed pushes drafts in the same step.
    try adapter.mirror.userDidSynchronously(.dismiss, runner: runner)
    #expect(adapter.mirror.layers == [[.feed, .drafts]])
    #expect(Array(adapter.made[before...]) == [.push(.drafts)])
    #expect(adapter.resyncs == 0)
    #expect(runner.currentScreen.map { graph[$0.screen].name } == "drafts")
  }

  @Test func aUserChangeTheRuntimeRefusesAsksTheAdapterToResync() async throws {
    let graph = try compiledGraph()
    let (runner, adapter) = try await started(graph)
    // The base layer cannot be dismissed: the runtime refuses, the UI must show the stacks again.
    #expect(throws: RuntimeError.self) {
      try adapter.mirror.userDidSynchronously(.dismiss, runner: runner)
    }
    do throws(RuntimeError) {
      try adapter.mirror.userDidSynchronously(.back, runner: runner)
      Issue.record("back on the root screen was accepted")
    } catch {
      #expect(error.code == .notPossible)
    }
    #expect(adapter.resyncs == 2)
    #expect(adapter.mirror.layers == [[.feed]])
  }

  @Test func savesAndRestoresIntoANewRunnerAndMirror() async throws {
    let graph = try compiledGraph()
    let (runner, _) = try await started(graph)
    try await runner.send(.action("postSelected", arguments: ["postId": 7]))
    try runner.sendSynchronously(.action("replyButtonPressed"))
    let saved = try runner.saveState()

    let adapter = RecordingAdapter(graph: graph)
    let restored = FlowRunner(graph: graph, navigator: adapter.mirror)
    try restored.restoreState(saved)
    #expect(adapter.mirror.layers == [[.feed, .post(id: 7)], [.editor]])
    #expect(restored.currentScreen.map { graph[$0.screen].name } == "editor")
    #expect(restored.possibleEvents().contains { $0.kind == .dismiss })
  }

  @Test func aNavigatorCanBeAttachedAgain() async throws {
    let graph = try compiledGraph()
    let (runner, first) = try await started(graph)
    try await runner.send(.action("postSelected", arguments: ["postId": 3]))
    let second = RecordingAdapter(graph: graph)
    try runner.attach(second.mirror)
    #expect(second.mirror.layers == [[.feed, .post(id: 3)]])
    // The first mirror hears nothing more.
    try runner.sendSynchronously(.action("shareButtonPressed"))
    #expect(first.mirror.layers == [[.feed, .post(id: 3)]])
    #expect(second.mirror.layers == [[.feed, .post(id: 3), .share(id: 3)]])
    // The same mirror again, after forgetting what it showed.
    first.mirror.removeAll()
    try runner.attach(first.mirror)
    #expect(first.mirror.layers == second.mirror.layers)
  }

  @Test func errorsHaveCodesAndCompare() async throws {
    let graph = try compiledGraph()
    let (runner, _) = try await started(graph)
    do throws(RuntimeError) {
      try await runner.send(.action("postSelectd", arguments: ["postId": 1]))
      Issue.record("an unknown action was accepted")
    } catch {
      #expect(error.code == .unknownAction)
      #expect(error.suggestion == "postSelected")
      #expect(
        error
          == RuntimeError.unknownAction(
            "postSelectd", screen: "feed", flow: "app", suggestion: "postSelected",
            available: ["postSelected", "composeButtonPressed"]))
    }
    // needsTask: a synchronous send that reaches a task.
    #expect(throws: RuntimeError.needsTask(task: "loadPost")) {
      try runner.sendSynchronously(.action("postSelected", arguments: ["postId": 1]))
    }
  }

  @Test func hooksAndObserversCanBeRemoved() async throws {
    let graph = try compiledGraph()
    let (runner, _) = try await started(graph)
    var entered: [Int] = []
    var steps: [Int] = []
    var others = 0
    let hook = try runner.onScreenEnter("post") {
      entered.append($0["postId", in: graph]?.int ?? -1)
    }
    let observer = runner.addStepObserver { steps.append($0.number) }
    runner.addStepObserver { _ in others += 1 }
    try await runner.send(.action("postSelected", arguments: ["postId": 1]))
    runner.removeHook(hook)
    runner.removeHook(observer)
    try runner.sendSynchronously(.back)
    try await runner.send(.action("postSelected", arguments: ["postId": 2]))
    #expect(entered == [1])
    #expect(steps == [1])
    #expect(others == 3)
  }

  @Test func valuesReadAndWriteAsLiterals() {
    let values: [String: Value] = ["n": 1, "x": 1.5, "s": "a", "b": true, "l": [1, 2]]
    #expect(values["n"]?.int == 1)
    #expect(values["x"]?.double == 1.5)
    #expect(values["n"]?.double == 1)
    #expect(values["s"]?.string == "a")
    #expect(values["s"]?.int == nil)
    #expect(values["b"]?.bool == true)
    #expect(values["l"]?.list == [.int(1), .int(2)])
    #expect(Value.null.isNull)
  }
}

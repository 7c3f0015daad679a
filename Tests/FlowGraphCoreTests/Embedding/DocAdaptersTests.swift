// The adapters of docs/embedding.md: the docs show them as compiled, the
// SwiftUI model mirrors the runtime (a swipe-down the parent answers
// included) and is released with its runner, and a runner used off the
// actor it belongs to stops with a message.
import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

@Suite("The adapters of docs/embedding.md")
@MainActor
struct DocAdaptersTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  nonisolated static func graph() throws -> FlowGraph {
    try #require(FlowGraphLoader().validate(text: AppFlows.yaml, file: "app.yaml").graph)
  }

  @Test(arguments: ["SWIFTUI MODEL", "SWIFTUI VIEWS", "UIKIT"])
  func theDocsShowTheAdapterAsCompiled(_ marker: String) throws {
    let source = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Tests/FlowGraphCoreTests/Embedding/DocAdapters.swift"), encoding: .utf8)
    let docs = try String(
      contentsOf: Self.root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
    let begin = try #require(source.range(of: "// \(marker) BEGIN\n"))
    let end = try #require(source.range(of: "// \(marker) END"))
    // The docs show it without the indentation of its `#if`.
    let lines = source[begin.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    let indent = marker == "SWIFTUI MODEL" ? 0 : 2
    let block = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
      .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(docs.contains(block), "docs/embedding.md must show the \(marker) code as compiled")
  }

  @Test func theModelMirrorsASwipeDownThatTheParentAnswers() async throws {
    let model = FlowModel(graph: try Self.graph())
    try await model.runner.start()
    try await model.runner.send(.action("composeButtonPressed"))
    #expect(model.layers.map { $0.map(\.name) } == [["feed"], ["editor"]])
    #expect(model.isDismissible(layer: 1))
    model.userDismissed(layer: 1)
    #expect(model.layers.map { $0.map(\.name) } == [["feed", "drafts"]])
    model.userPopped(layer: 0)
    #expect(model.layers.map { $0.map(\.name) } == [["feed"]])
    // The root cannot go back: the model shows the runtime's stacks again.
    model.userPopped(layer: 0)
    #expect(model.layers.map { $0.map(\.name) } == [["feed"]])
  }

  @Test func theModelItsRunnerAndItsMirrorAreReleased() async throws {
    let graph = try Self.graph()
    weak var model: FlowModel?
    weak var runner: FlowRunner?
    do {
      let strong = FlowModel(graph: graph)
      try await strong.runner.start()
      try await strong.runner.send(.action("composeButtonPressed"))
      #expect(strong.layers.count == 2)
      model = strong
      runner = strong.runner
    }
    #expect(model == nil)
    #expect(runner == nil)
  }

  /// The doc's model before: the model was the navigator and held the
  /// runner, which holds its navigator. It leaks (so the test above can fail).
  @Test func aModelThatIsTheRunnersNavigatorLeaks() throws {
    final class LeakyModel: Navigator {
      let runner: FlowRunner
      init(graph: FlowGraph) {
        runner = FlowRunner(graph: graph)
        runner.navigator = self
      }
      func apply(_ change: NavigationChange) {}
    }
    weak var model: LeakyModel?
    var strong: LeakyModel? = LeakyModel(graph: try Self.graph())
    model = strong
    strong = nil
    #expect(strong == nil && model != nil)
    model?.runner.navigator = nil
    #expect(model == nil)
  }
}

/// A runner in a box that claims it may cross isolations (what a compiler
/// warning would let through).
struct SmuggledRunner: @unchecked Sendable {
  let runner: FlowRunner
}

@Suite("A runner used off the actor it belongs to")
struct RunnerIsolationTests {
  @MainActor static func mainActorRunner() throws -> SmuggledRunner {
    SmuggledRunner(runner: FlowRunner(graph: try DocAdaptersTests.graph()))
  }

  #if compiler(>=6.2)  // exit tests
    @Test func sendingItToANonisolatedContextStopsWithAMessage() async {
      // A precondition failure is a crash (a signal); an error thrown before
      // the send would be an exit code instead.
      let result = await #expect(processExitsWith: .failure) {
        let smuggled = try await RunnerIsolationTests.mainActorRunner()
        try await smuggled.runner.start()
      }
      guard case .signal? = result?.exitStatus else {
        Issue.record("expected a crash, got \(String(describing: result?.exitStatus))")
        return
      }
    }
  #endif

  @Test func usedOnItsActorItRuns() async throws {
    let smuggled = try await Self.mainActorRunner()
    try await Self.start(smuggled)
  }

  @MainActor static func start(_ smuggled: SmuggledRunner) async throws {
    try await smuggled.runner.start()
  }

  @Test @MainActor func nonisolatedSynchronousCodeOnTheActorIsFine() async throws {
    let runner = try Self.mainActorRunner().runner
    try await runner.start()
    try Self.sendSynchronously(runner)
    #expect(runner.currentScreen.map { runner.graph[$0.screen].name } == "editor")
  }

  @Test func aRunnerCreatedOutsideAnyActorBindsToItsFirstActor() async throws {
    let runner = FlowRunner(graph: try DocAdaptersTests.graph())
    try await runner.start()
    try await runner.send(.action("composeButtonPressed"))
    #expect(runner.currentScreen != nil)
  }

  nonisolated static func sendSynchronously(_ runner: FlowRunner) throws {
    try runner.sendSynchronously(.action("composeButtonPressed"))
  }
}

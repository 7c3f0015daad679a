// The pending-link example of docs/deeplinks.md ("A pending link in a tab
// bar"), compiled and run as a test. Keep the two in step: the docs show the
// code between the EXAMPLE markers.
import FlowGraphCore
import FlowGraphTestSupport
import Foundation
import Testing

// EXAMPLE BEGIN
/// Opens the app's deep links, and drops a link that can never be reached:
/// when the task on its route says the video is gone, the link would stay
/// pending and resume its route on later taps in the tab bar.
@MainActor
final class DeepLinkOpener {
  let runner: FlowRunner
  /// The task outcomes of the last step.
  private var outcomes: [StepRecord.TaskOutcome] = []

  init(runner: FlowRunner) {
    self.runner = runner
    runner.addStepObserver { [weak self] record in self?.outcomes = record.tasks }
  }

  func open(_ url: URL) async throws(RuntimeError) {
    try await runner.send(.open(url))
    // Once the step is committed: a task hook or a step observer runs
    // inside it, where another event is refused as busy.
    let gone = outcomes.contains { $0.task == "loadVideo" && $0.outcome == "removed" }
    if gone, runner.state.pendingLink != nil {
      try await runner.send(.cancelPendingLink)
    }
  }
}
// EXAMPLE END

@Suite("Runtime: the pending-link example of docs/deeplinks.md")
struct RuntimePendingLinkExampleTests {
  /// A tab bar whose link's route selects a tab, then starts the player,
  /// whose start task may say the video is gone.
  static let graph = TestFlows.graph(
    (try? String(contentsOf: TestPackage.root.appendingPathComponent(file), encoding: .utf8))
      ?? "", file: file)
  static let file = "Tests/Fixtures/cli/deeplink-pending-in-tabs.yaml"

  /// Counts the calls of the `loadVideo` hook, which says the video is gone.
  actor Calls {
    private(set) var count = 0
    func add() { count += 1 }
  }

  @MainActor static func started(_ calls: Calls) async throws -> FlowRunner {
    let runner = FlowRunner(graph: graph)
    try runner.registerTask("loadVideo") { _ in
      await calls.add()
      return TaskResult("removed")
    }
    try await runner.start()
    return runner
  }

  @Test @MainActor func withoutTheExampleEveryTabTapResumesTheRouteAndCallsTheHook() async throws {
    let calls = Calls()
    let runner = try await Self.started(calls)
    try await runner.send(.open(try #require(URL(string: "myapp://videos/12"))))
    #expect(runner.state.pendingLink?.url == "myapp://videos/12")
    // SPEC §6.2: the tabs screen is on the route, so each tap resumes it;
    // the task says the video is gone again, the resume is undone.
    for tab in ["search", "home", "search"] {
      try await runner.send(.tab(tab))
      #expect(runner.state.pendingLink != nil)
    }
    #expect(await calls.count == 4)
  }

  @Test @MainActor func theExampleDropsTheLinkOnceTheVideoIsGone() async throws {
    let calls = Calls()
    let runner = try await Self.started(calls)
    let opener = DeepLinkOpener(runner: runner)
    try await opener.open(try #require(URL(string: "myapp://videos/12")))
    #expect(runner.state.pendingLink == nil)
    try await runner.send(.tab("search"))
    try await runner.send(.tab("home"))
    #expect(runner.state.layerNames(in: runner.graph) == [["feed"]])
    #expect(await calls.count == 1)
  }

  @Test func theDocsShowThisExample() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let docs = try String(
      contentsOf: TestPackage.root.appendingPathComponent("docs/deeplinks.md"), encoding: .utf8)
    let begin = try #require(source.range(of: "// EXAMPLE BEGIN\n"))
    let end = try #require(source.range(of: "// EXAMPLE END"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    #expect(
      docs.contains(example), "docs/deeplinks.md must show the example exactly as compiled here")
  }
}

import FlowGraphCore
import Foundation
import Testing

@Suite("Runtime state restoration and the graph fingerprint")
struct RuntimeRestorationTests {
  /// The app with the onboarding child presented over a detail screen… and a share modal.
  private func midRun() throws -> EngineDriver {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    try driver.send("rowSelected", ["postId": .int(12)])
    try driver.send("shareButtonPressed")
    return driver
  }

  private func withChild() throws -> EngineDriver {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    try driver.send("tutorialButtonPressed")
    try driver.send("nextToPage2ButtonPressed")
    return driver
  }

  private func message(_ body: () throws -> FlowState) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func aStateRoundTripsAndGoesOnTheSameWay() throws {
    var original = try withChild()
    let graph = original.graph
    let data = try original.state.encoded(for: graph)
    let restored = try FlowState.decoded(from: data, for: graph)
    #expect(restored == original.state)
    var copy = EngineDriver(graph)
    copy.state = restored
    try original.send("completeButtonPressed")
    try copy.send("completeButtonPressed")
    #expect(copy.effects == original.effects)
    #expect(copy.layers == [["home"]])
    // Saving is deterministic.
    #expect(try restored.encoded(for: graph) == data)
  }

  @Test func theSavedFormNamesEverything() throws {
    let driver = try withChild()
    let json = String(decoding: try driver.state.encoded(for: driver.graph), as: UTF8.self)
    #expect(json.contains(#""format":"flowgraph-state""#))
    #expect(
      json.contains(
        #""startedBy":{"action":"tutorialButtonPressed","flow":"app","screen":"home","steps":[]}"#))
    #expect(json.contains(#""graph":"\#(driver.graph.fingerprint)""#))
  }

  @Test func finishedAndUnstartedStatesRoundTrip() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    #expect(
      try FlowState.decoded(from: driver.state.encoded(for: driver.graph), for: driver.graph)
        == FlowState())
    try driver.start()
    try driver.send("next")
    try driver.send("next")
    try driver.send("done")
    let data = try driver.state.encoded(for: driver.graph)
    #expect(try FlowState.decoded(from: data, for: driver.graph) == driver.state)
  }

  @Test func aRemovedScreenIsNamed() throws {
    let driver = try midRun()
    let data = try driver.state.encoded(for: driver.graph)
    let changed = RuntimeGraphs.app(.withoutShare)
    #expect(
      message { try FlowState.decoded(from: data, for: changed, policy: .compatible) }
        == "the saved state no longer fits the graph: screen 'share' of flow 'app' no longer exists"
    )
    let strict = message { try FlowState.decoded(from: data, for: changed, policy: .sameGraph) }
    #expect(
      strict
        == "the state was saved for graph \(driver.graph.fingerprint), but this graph is \(changed.fingerprint): "
        + "screen 'share' of flow 'app' no longer exists")
  }

  @Test func aChangedParamTypeIsNamed() throws {
    let driver = try midRun()
    let data = try driver.state.encoded(for: driver.graph)
    #expect(
      message {
        try FlowState.decoded(
          from: data, for: RuntimeGraphs.app(.stringPostID), policy: .compatible)
      }
        == "the saved state no longer fits the graph: param 'postId' of screen 'detail' (flow 'app') was int and is now string; "
        + "param 'postId' of screen 'share' (flow 'app') was int and is now string")
  }

  @Test func aChangeTheStateDoesNotUseNeedsTheCompatiblePolicy() throws {
    let driver = try withChild()
    let data = try driver.state.encoded(for: driver.graph)
    let changed = RuntimeGraphs.app(.extraPage)
    #expect(changed.fingerprint != driver.graph.fingerprint)
    // The default policy is .compatible: an app update that keeps what the state uses restores.
    #expect(
      try FlowState.decoded(from: data, for: changed).layerNames(in: changed) == [
        ["home"], ["page1", "page2"],
      ])
    #expect(
      message { try FlowState.decoded(from: data, for: changed, policy: .sameGraph) }?.hasSuffix(
        "everything the state uses still fits, so restoring with policy .compatible would work")
        == true)
    let restored = try FlowState.decoded(from: data, for: changed, policy: .compatible)
    #expect(restored.layerNames(in: changed) == [["home"], ["page1", "page2"]])
  }

  @Test func aStateOfAnotherGraphIsRefused() throws {
    var other = EngineDriver(RuntimeGraphs.family())
    try other.start()
    try other.send("pushChild")
    let data = try other.state.encoded(for: other.graph)
    let text = message {
      try FlowState.decoded(from: data, for: RuntimeGraphs.app(), policy: .compatible)
    }
    #expect(
      text
        == "the saved state no longer fits the graph: flow 'parent' no longer exists; flow 'child' no longer exists"
    )
  }

  @Test func truncatedAndCorruptedDataIsRefused() throws {
    let driver = try midRun()
    let data = try driver.state.encoded(for: driver.graph)
    let truncated = message {
      try FlowState.decoded(from: data.prefix(data.count / 2), for: driver.graph)
    }
    #expect(
      truncated?.hasPrefix(
        "the saved state cannot be read: it is not valid JSON (truncated or damaged?)") == true)
    #expect(
      message { try FlowState.decoded(from: Data("[1, 2]".utf8), for: driver.graph) }
        == "the data is not a saved flowgraph state: it is not a JSON object")
    #expect(
      message { try FlowState.decoded(from: Data(#"{"name": "x"}"#.utf8), for: driver.graph) }
        == #"the data is not a saved flowgraph state: it has no "format": "flowgraph-state" field"#)
    #expect(
      message {
        try FlowState.decoded(
          from: Data(#"{"format": "flowgraph-state", "version": 9}"#.utf8), for: driver.graph)
      }
        == "the saved state has format version 9; this runtime reads version 1")
    var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    object.removeValue(forKey: "layers")
    let missing = try JSONSerialization.data(withJSONObject: object)
    #expect(
      message { try FlowState.decoded(from: missing, for: driver.graph) }
        == #"the saved state cannot be read: the field "layers" is missing"#)
    object["layers"] = "oops"
    let mistyped = try JSONSerialization.data(withJSONObject: object)
    #expect(
      message { try FlowState.decoded(from: mistyped, for: driver.graph) }
        == "the saved state cannot be read: layers has the wrong kind of value")
  }

  @Test func anInconsistentStateIsRefused() throws {
    let driver = try withChild()
    let data = try driver.state.encoded(for: driver.graph)
    var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    var flows = object["flows"] as! [[String: Any]]
    flows[1]["parent"] = NSNull()
    object["flows"] = flows
    let edited = try JSONSerialization.data(withJSONObject: object)
    #expect(
      message { try FlowState.decoded(from: edited, for: driver.graph) }
        == "the saved state is inconsistent: flow 'onboarding' was not started by the flow before it"
    )
    object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    var layers = object["layers"] as! [[String: Any]]
    layers.removeLast()
    object["layers"] = layers
    let dropped = try JSONSerialization.data(withJSONObject: object)
    #expect(
      message { try FlowState.decoded(from: dropped, for: driver.graph) }
        == "the saved state is inconsistent: flow 'onboarding' is live but shows no screen")
  }

  @Test func theFingerprintIsStableAndIgnoresPresentation() {
    let graph = RuntimeGraphs.stack()
    // Fixed across processes and platforms: a seeded Hasher would change it.
    #expect(graph.fingerprint == "b8f0fb98d5d41c8e")
    var screens = Array(graph.screens)
    screens[0].title = "A title"
    var sources = graph.sources
    screens[0].span = sources.span(
      for: SourceRange(
        file: "x.yaml", start: SourcePosition(line: 3, column: 5),
        end: SourcePosition(line: 3, column: 6)))
    let retitled = FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry, sources: sources)
    #expect(retitled.fingerprint == graph.fingerprint)
    screens[0].name = "renamed"
    let renamed = FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry)
    #expect(renamed.fingerprint != graph.fingerprint)
  }

  @Test @MainActor func theRunnerSavesAndRestoresAndRebuildsTheUI() async throws {
    let graph = RuntimeGraphs.app()
    let navigator = RecordingNavigator(graph)
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try runner.registerTask("checkSession") { _ in TaskResult("loggedIn") }
    try await runner.start()
    try await runner.send(.action("tutorialButtonPressed"))
    try await runner.send(.action("nextToPage2ButtonPressed"))
    let saved = try runner.saveState()
    let other = FlowRunner(graph: graph, navigator: RecordingNavigator(graph))
    try other.restoreState(saved)
    #expect(other.state == runner.state)
    #expect(
      (other.navigator as! RecordingNavigator).take() == [
        "present home", "present page1", "push page2",
      ])
    // A failed restore leaves the runner as it was.
    #expect(throws: RestorationError.self) { try other.restoreState(Data("{".utf8)) }
    #expect(other.state == runner.state)
    try await other.send(.action("completeButtonPressed"))
    #expect(other.state.layerNames(in: graph) == [["home"]])
  }
}

import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// A result handler runs with its flow's top screen as the current screen
/// (SPEC §2.6), and takes that screen's params (§2.5): after a `start` with
/// `popTo: X` it is X (§6.3); after a tab re-select ended the child, the
/// tab's first screen (§6.1). A param is never read from another screen by
/// its position.
@Suite("Runtime: the screen a result handler runs on")
@MainActor
struct RuntimeHandlerScopeTests {
  static let popToText = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: home
        screens:
          home:
            actions:
              listPressed: { push: list, with: { category: shoes } }
          list:
            params: { category: string }
            actions:
              itemPressed: { params: { tag: string }, push: item }
          item:
            params: { tag: string }
            actions:
              refreshPressed:
                start: loader
                popTo: list
                on: { loaded: { push: result } }
              restartPressed:
                start: loader
                popTo: list
                inclusive: true
                on: { loaded: { push: summary, with: { category: all } } }
          result:
            params: { category: string }
          summary:
            params: { category: string }
      loader:
        results: { loaded: {} }
        start: spinner
        screens:
          spinner:
            actions:
              donePressed: { finish: loaded }
    """

  /// The file compiled and validated, as `flowgraph validate` does.
  static func load(_ text: String) -> LoadedFlows {
    FlowGraphLoader().validate(text: text, file: "app.yaml")
  }

  func screenNames(_ runner: FlowRunner, _ graph: FlowGraph) -> [String] {
    let screens: [ScreenInstance] = runner.state.layers.first?.screens ?? []
    return screens.map { shown in
      let params = shown.params.map(\.eventSyntax).joined(separator: ", ")
      return "\(graph.screens[shown.screen.index].name)(\(params))"
    }
  }

  @Test("after 'popTo: X' the handler takes X's params, in YAML, JSON and the launch format")
  func aPopToHandlerTakesTheParamsOfTheScreenItPopsTo() async throws {
    let loaded = Self.load(Self.popToText)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    let compiled = try #require(loaded.graph)
    let graphs = [
      compiled,
      try CompiledGraph.decode(CompiledGraph.encode(compiled)),
      try GraphJSONDecoder().decode(try GraphJSONEncoder().encode(compiled)),
    ]
    #expect(graphs[1] == compiled)
    #expect(graphs[2] == compiled)
    for graph in graphs {
      let runner = FlowRunner(graph: graph, navigator: RecordingNavigator(graph))
      try await runner.start()
      let events: [FlowEvent] = [
        .action("listPressed"), .action("itemPressed", arguments: ["tag": .string("red")]),
        .action("refreshPressed"), .action("donePressed"),
      ]
      for event in events { try await runner.send(event) }
      #expect(screenNames(runner, graph) == ["home()", "list(shoes)", "result(shoes)"])
    }
  }

  @Test("a handler after 'popTo: X' cannot take the params of the screen that started it")
  func theStartingScreensParamsAreNotInScopeAfterPopTo() {
    let text = Self.popToText.replacingOccurrences(
      of: "result:\n        params: { category: string }",
      with: "result:\n        params: { tag: string }")
    let loaded = Self.load(text)
    let finding = loaded.diagnostics.first
    #expect(loaded.diagnostics.count == 1)
    #expect(finding?.rule == .missingArgument)
    #expect(
      finding?.message
        == "screen 'result' needs 'tag: string', and nothing in scope is named 'tag'; pass it with 'with: { tag: … }'"
    )
    #expect(
      finding?.notes.first?.message
        == "in scope: the params of screen 'list' (category); this handler runs on screen 'list', which its start pops to"
    )
  }

  @Test("after 'popTo: X' with 'inclusive' no screen's params are in scope")
  func noScreenIsInScopeAfterAnInclusivePopTo() {
    let text = Self.popToText.replacingOccurrences(
      of: "on: { loaded: { push: summary, with: { category: all } } }",
      with: "on: { loaded: { push: summary } }")
    let loaded = Self.load(text)
    #expect(loaded.diagnostics.map(\.rule) == [.missingArgument])
    #expect(
      loaded.diagnostics.first?.notes.first?.message
        == "the scope is empty: no trigger payload, screen params or flow input; this handler runs on the screen that was below 'list' (its start pops to it, 'inclusive'), which differs from run to run, so no screen's params are in scope"
    )
  }

  static let reselectText = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: main
        screens:
          main:
            tabs: { library: { flow: library, with: { shelf: 99 } }, search: search }
      library:
        input: { shelf: int }
        start: libraryHome
        screens:
          libraryHome:
            params: { shelf: int }
            actions:
              albumSelected: { params: { albumId: int }, push: album }
          album:
            params: { albumId: int, shelf: { type: int, default: 1 } }
            actions:
              playButtonPressed: { start: player, on: { dismissed: { push: summary } } }
          summary:
            params: { albumId: int?, shelf: int }
      player:
        start: nowPlaying
        screens:
          nowPlaying: {}
      search:
        start: searchHome
        screens:
          searchHome: {}
    """

  @Test("after a tab re-select the handler reads each param by name on the tab's first screen")
  func aReselectReadsParamsByName() async throws {
    let graph = TestFlows.graph(Self.reselectText, file: "app.yaml")
    let runner = FlowRunner(graph: graph, navigator: RecordingNavigator(graph))
    try await runner.start()
    // Ended by the user: the handler runs on 'album'.
    let album: [FlowEvent] = [
      .action("albumSelected", arguments: ["albumId": .int(5)]), .action("playButtonPressed"),
    ]
    for event in album + [.back] { try await runner.send(event) }
    #expect(runner.currentScreen?.params == [.int(5), .int(99)])
    // Ended by a re-select: on 'libraryHome', which has 'shelf' and no
    // 'albumId' (optional: absent).
    for event in [.back, .back] + album + [.tab("library")] { try await runner.send(event) }
    #expect(graph.screens[runner.currentScreen!.screen.index].name == "summary")
    #expect(runner.currentScreen?.params == [.null, .int(99)])
  }

  @Test("validate: a handler a re-select runs is judged on the tab's first screen")
  func validateJudgesTheReselectHandlerOnTheFirstScreen() throws {
    #expect(Self.load(Self.reselectText).diagnostics.isEmpty)
    let missing = Self.load(
      Self.reselectText.replacingOccurrences(
        of: "params: { albumId: int?, shelf: int }", with: "params: { albumId: int }"))
    #expect(missing.diagnostics.count == 1)
    let finding = try #require(missing.diagnostics.first)
    #expect(finding.rule == .missingArgument)
    #expect(
      finding.message
        == "screen 'summary' needs 'albumId', which this handler takes from 'albumId' of screen 'album'; screen 'libraryHome' has no param 'albumId', nor has the input of flow 'library'"
    )
    #expect(finding.range?.start.line == 20)
    #expect(
      finding.notes.first?.message
        == "a re-select of tab 'library' ends the child with 'dismissed' while screen 'libraryHome' is the current one, and this handler runs there (SPEC §6.1)"
    )
    let mistyped = Self.load(
      Self.reselectText.replacingOccurrences(
        of: "params: { shelf: int }", with: "params: { shelf: int, albumId: string? }"))
    #expect(mistyped.diagnostics.map(\.rule) == [.typeMismatch])
    #expect(
      mistyped.diagnostics.first?.message
        == "'albumId' of screen 'libraryHome' is string?, but screen 'summary' needs 'albumId' as int?"
    )
  }

  @Test("after a tab re-select a param the tab's first screen lacks refuses the step, by name")
  func aReselectWithoutTheParamIsRefused() async throws {
    let text = Self.reselectText.replacingOccurrences(
      of: "params: { albumId: int?, shelf: int }", with: "params: { albumId: int }")
    // `validate` reports it (above); the runtime still refuses it by name.
    let graph = TestFlows.graph(text, file: "app.yaml", validate: false)
    let runner = FlowRunner(graph: graph, navigator: RecordingNavigator(graph))
    try await runner.start()
    try await runner.send(.action("albumSelected", arguments: ["albumId": .int(5)]))
    try await runner.send(.action("playButtonPressed"))
    let before = runner.state
    let error = await #expect(throws: RuntimeError.self) {
      try await runner.send(.tab("library"))
    }
    let message = error?.description ?? ""
    #expect(
      message.contains(
        "screen 'summary' needs 'albumId' (int): the handler runs on screen 'libraryHome', which has no param 'albumId', and the flow's input has none either"
      ))
    #expect(runner.state == before)
  }
}

import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// `open(url)`, the pending link and its resumption (SPEC §6.2).
@Suite("Runtime: deep links")
@MainActor
struct RuntimeDeepLinkTests {
  static let graph: FlowGraph = {
    let text = """
      flowgraph: 1
      entry: app
      tasks:
        checkSession: { outcomes: { loggedIn: {}, loggedOut: {} } }
        signIn:
          input: { email: string, password: string }
          outcomes: { success: {}, failure: {} }
      flows:
        app:
          start:
            run: checkSession
            outcomes: { loggedIn: feed, loggedOut: login }
          screens:
            login:
              actions:
                signInButtonPressed:
                  params: { email: string, password: string }
                  run: signIn
                  outcomes: { success: { root: feed }, failure: stay }
            feed:
              actions:
                postTapped: { params: { postId: int }, push: post }
                settingsTapped: { start: settings, mode: present }
                searchTapped: { push: search, with: { q: "literal" } }
            post:
              params: { postId: int }
              deeplink: /posts/{postId}
              actions:
                closeTapped: pop
            search:
              params: { q: { type: string, default: "" } }
              deeplink: /search
        settings:
          start: about
          screens:
            about:
              deeplink: /about
              actions:
                closeTapped: dismiss
      """
    return TestFlows.graph(text, file: "links.yaml")
  }()

  /// A runner whose session is `loggedIn`, and sign-in answers `signIn`.
  final class Session: @unchecked Sendable {
    var loggedIn = true
    var signIn = "success"
    var throwsOnSignIn = false
  }

  static func runner(_ session: Session) throws -> (FlowRunner, RecordingNavigator) {
    let navigator = RecordingNavigator(graph)
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try runner.registerTask("checkSession") { _ in
      TaskResult(session.loggedIn ? "loggedIn" : "loggedOut")
    }
    try runner.registerTask("signIn") { _ in
      if session.throwsOnSignIn { throw HookError() }
      return TaskResult(session.signIn)
    }
    return (runner, navigator)
  }

  func names(_ runner: FlowRunner) -> [[String]] { runner.state.layerNames(in: Self.graph) }

  @Test("open resets the run, starts the entry flow afresh and follows the route")
  func opens() async throws {
    let session = Session()
    let (runner, navigator) = try Self.runner(session)
    var records: [StepRecord] = []
    runner.onStep = { records.append($0) }
    var finished: [String] = []
    try runner.onFlowFinish("settings") { _, result, _ in finished.append("settings \(result)") }
    try runner.onFlowFinish("app") { _, result, _ in finished.append("app \(result)") }
    try await runner.start()
    try await runner.send(.action("settingsTapped"))
    _ = navigator.take()
    try await runner.send(.open("myapp://posts/42"))
    #expect(names(runner) == [["feed", "post"]])
    #expect(runner.currentScreen?.params == [.int(42)])
    #expect(navigator.take() == ["dismiss 2", "present feed", "push post"])
    // Innermost first, no handler of the parent runs.
    #expect(finished == ["settings dismissed", "app dismissed"])
    #expect(records.last?.event == "open:myapp://posts/42")
    #expect(records.last?.finished == nil)
    // The reset's ends are not child results either.
    #expect(records.last?.childResults.isEmpty == true)
    #expect(records.last?.hooks.contains("finish settings dismissed") == true)
    #expect(records.last?.pending == nil)
    #expect(runner.steps == 3)
  }

  @Test("the link values win over with literals on the last edge")
  func linkValuesWin() async throws {
    let (runner, _) = try Self.runner(Session())
    try await runner.start()
    try await runner.send(.open("/search?q=swift"))
    #expect(runner.currentScreen?.params == [.string("swift")])
    try await runner.send(.open("/search"))
    #expect(runner.currentScreen?.params == [.string("literal")])
  }

  @Test("a URL value is sent as it is, the same event as its text")
  func aURLIsSentAsItIs() async throws {
    let url = try #require(URL(string: "myapp://posts/42"))
    #expect(FlowEvent.open(url) == .open("myapp://posts/42"))
    let (runner, _) = try Self.runner(Session())
    try await runner.start()
    try await runner.send(.open(url))
    #expect(names(runner) == [["feed", "post"]])
    #expect(runner.currentScreen?.params == [.int(42)])
  }

  @Test("a URL that matches nothing, a mistyped value: not possible, the state unchanged")
  func notPossible() async throws {
    let (runner, navigator) = try Self.runner(Session())
    try await runner.start()
    let before = runner.state
    _ = navigator.take()
    for url in ["/nothing", "/posts/abc", "posts"] {
      await #expect(throws: RuntimeError.self) { try await runner.send(.open(url)) }
    }
    #expect(runner.state == before)
    #expect(navigator.take().isEmpty)
  }

  @Test("signed out: the link waits at the sign-in, then lands on the post")
  func resumesAfterSignIn() async throws {
    let session = Session()
    session.loggedIn = false
    let (runner, _) = try Self.runner(session)
    var records: [StepRecord] = []
    runner.onStep = { records.append($0) }
    try await runner.start()
    try await runner.send(.open("/posts/7"))
    #expect(names(runner) == [["login"]])
    #expect(runner.state.pendingLink?.url == "/posts/7")
    #expect(records.last?.pending == "/posts/7")
    // A failed sign-in changes no screen: still pending.
    session.signIn = "failure"
    try await runner.send(
      .action("signInButtonPressed", arguments: ["email": .string("a"), "password": .string("b")]))
    #expect(records.last?.pending == "/posts/7")
    session.signIn = "success"
    try await runner.send(
      .action("signInButtonPressed", arguments: ["email": .string("a"), "password": .string("b")]))
    #expect(names(runner) == [["feed", "post"]])
    #expect(runner.currentScreen?.params == [.int(7)])
    #expect(runner.state.pendingLink == nil)
    #expect(records.last?.pending == nil)
  }

  @Test("cancelPendingLink drops the link; another open replaces it")
  func cancels() async throws {
    let session = Session()
    session.loggedIn = false
    let (runner, _) = try Self.runner(session)
    try await runner.start()
    try await runner.send(.open("/posts/7"))
    try await runner.send(.cancelPendingLink)
    #expect(runner.state.pendingLink == nil)
    await #expect(throws: RuntimeError.self) { try await runner.send(.cancelPendingLink) }
    try await runner.send(.open("/posts/7"))
    try await runner.send(.open("/about"))
    #expect(runner.state.pendingLink?.url == "/about")
    try await runner.send(
      .action("signInButtonPressed", arguments: ["email": .string("a"), "password": .string("b")]))
    #expect(names(runner) == [["feed"], ["about"]])
    #expect(runner.state.pendingLink == nil)
  }

  @Test("a hook that throws during open leaves the state as it was")
  func atomic() async throws {
    let session = Session()
    let (runner, navigator) = try Self.runner(session)
    try await runner.start()
    try await runner.send(.action("postTapped", arguments: ["postId": .int(1)]))
    let before = runner.state
    _ = navigator.take()
    try runner.registerTask("checkSession") { _ in throw HookError() }
    await #expect(throws: RuntimeError.self) { try await runner.send(.open("/about")) }
    #expect(runner.state == before)
    #expect(navigator.take().isEmpty)
  }

  @Test("open goes through the general path, also when it is forced")
  func generalPath() async throws {
    var engine = FlowEngine(graph: Self.graph)
    engine.forcesGeneralPath = true
    var state = FlowState()
    var effects: [Effect] = []
    var suspension = try engine.start(
      Self.graph.entry!, input: [:], state: &state, effects: &effects)
    guard
      case .completed(let started)? = try suspension.map({
        try engine.resume($0, outcome: "loggedIn")
      })
    else {
      Issue.record("the start needs the session")
      return
    }
    state = started.state
    suspension = try engine.apply(.open("/posts/3"), to: &state, effects: &effects)
    guard let suspension,
      case .completed(let step) = try engine.resume(suspension, outcome: "loggedIn")
    else {
      Issue.record("open runs the start task")
      return
    }
    #expect(step.state.layerNames(in: Self.graph) == [["feed", "post"]])
  }

  @Test("the pending link is saved by its URL and restored with its route")
  func savedAndRestored() async throws {
    let session = Session()
    session.loggedIn = false
    let (runner, _) = try Self.runner(session)
    try await runner.start()
    try await runner.send(.open("/posts/7"))
    let data = try runner.state.encoded(for: Self.graph)
    #expect(String(decoding: data, as: UTF8.self).contains(#""pendingLink":"/posts/7""#))
    let restored = try FlowState.decoded(from: data, for: Self.graph)
    #expect(restored == runner.state)
    #expect(restored.pendingLink?.route.edges.count == 2)
  }

  @Test(
    "random graphs: every link the validator calls routable opens to its screen with the route's outcomes"
  )
  func randomGraphsOpen() throws {
    var opened = 0
    for seed in UInt64(0)..<200 {
      var maker = RandomGraphs(seed: seed)
      let base = maker.make()
      var screens = Array(base.screens)
      for index in screens.indices where screens[index].params.isEmpty {
        screens[index].deeplink = "/s\(index)"
      }
      let graph = FlowGraph(
        flows: base.flows, screens: screens, tasks: base.tasks, types: base.types, entry: base.entry
      )
      // The exact rules' other findings (leaks, dead pops) do not stop a run.
      let findings = Validator().validate(graph)
      // A `popTo` never possible (`invalid-pop`) makes its route edge fail at run time.
      guard !findings.contains(where: { $0.rule == .invalidPop }) else { continue }
      let engine = FlowEngine(graph: graph)
      // The run starts with every start task answering its first outcome.
      var start = try engine.start(graph.entry!)
      while case .suspended(let suspension) = start {
        start = try engine.resume(suspension, outcome: 0, payload: [])
      }
      guard case .completed(let started) = start, started.state.finish == nil else { continue }
      let forward = ForwardGraph(graph: graph)
      for (index, screen) in graph.screens.enumerated() where screen.deeplink != nil {
        guard let route = forward.route(to: ScreenID(index), carried: { _ in false }) else {
          // Unroutable, or unreachable in its own flow (that finding only).
          #expect(
            findings.contains {
              [.unroutableDeeplink, .unreachableScreen].contains($0.rule)
                && ($0.range == graph.range(screen.span)
                  || $0.notes.contains { $0.range == graph.range(screen.span) })
            }, "seed \(seed), screen \(screen.name)")
          continue
        }
        var outcomes = route.edges.flatMap(\.outcomes)
        var result = try engine.step(started.state, .open("/s\(index)"))
        while case .suspended(let suspension) = result {
          let next = outcomes.isEmpty ? 0 : outcomes.removeFirst().outcome
          result = try engine.resume(suspension, outcome: next, payload: [])
        }
        guard case .completed(let step) = result else { continue }
        #expect(step.state.top?.screen == ScreenID(index), "seed \(seed), screen \(screen.name)")
        #expect(step.state.pendingLink == nil, "seed \(seed)")
        opened += 1
      }
    }
    #expect(opened > 100)
  }

  static let loading: FlowGraph = {
    let text = """
      flowgraph: 1
      entry: app
      tasks:
        checkSession: { outcomes: { loggedIn: {}, loggedOut: {} } }
        load: { outcomes: { loaded: {}, failed: {} } }
      flows:
        app:
          start:
            run: checkSession
            outcomes: { loggedIn: feed, loggedOut: login }
          screens:
            login:
              actions:
                signInButtonPressed: { root: feed }
            feed:
              actions:
                postTapped:
                  params: { postId: int }
                  run: load
                  outcomes: { loaded: { push: post }, failed: { present: offline } }
            offline:
              actions:
                okTapped: dismiss
            post:
              params: { postId: int }
              deeplink: /posts/{postId}
      """
    return TestFlows.graph(text, file: "loading.yaml")
  }()

  @Test("another outcome than the route's: its transition is applied, the link is pending")
  func otherOutcome() async throws {
    let runner = FlowRunner(graph: Self.loading)
    try runner.registerTask("checkSession") { _ in TaskResult("loggedIn") }
    try runner.registerTask("load") { _ in TaskResult("failed") }
    try await runner.start()
    try await runner.send(.open("/posts/3"))
    #expect(runner.state.layerNames(in: Self.loading) == [["feed"], ["offline"]])
    #expect(runner.state.pendingLink?.url == "/posts/3")
    // Back on a screen of the route: the rest is followed within the step.
    try runner.registerTask("load") { _ in TaskResult("loaded") }
    try await runner.send(.action("okTapped"))
    #expect(runner.state.layerNames(in: Self.loading) == [["feed", "post"]])
    #expect(runner.state.pendingLink == nil)
  }

  @Test("a resume that fails is undone: the user's step stands, the link stays pending")
  func failedResumeIsUndone() async throws {
    let runner = FlowRunner(graph: Self.loading)
    var records: [StepRecord] = []
    runner.onStep = { records.append($0) }
    try runner.registerTask("checkSession") { _ in TaskResult("loggedOut") }
    try runner.registerTask("load") { _ in TaskResult("failed") }
    try await runner.start()
    try await runner.send(.open("/posts/3"))
    #expect(runner.state.layerNames(in: Self.loading) == [["login"]])
    try await runner.send(.action("signInButtonPressed"))
    #expect(runner.state.layerNames(in: Self.loading) == [["feed"]])
    #expect(runner.state.pendingLink?.url == "/posts/3")
    #expect(records.last?.tasks.isEmpty == true)
    #expect(records.last?.pending == "/posts/3")
  }

  @Test("the entry flow finishing drops the pending link")
  func finishDrops() async throws {
    let text = """
      flowgraph: 1
      entry: app
      flows:
        app:
          results: { done: {} }
          start: login
          screens:
            login:
              actions:
                signInButtonPressed: { params: { password: string }, push: home }
                quitTapped: { finish: done }
            home:
              actions:
                feedTapped: { push: feed }
            feed:
              deeplink: /feed
      """
    let graph = try #require(FlowGraphLoader().validate(text: text, file: "quit.yaml").graph)
    let runner = FlowRunner(graph: graph)
    try await runner.start()
    try await runner.send(.open("/feed"))
    #expect(runner.state.pendingLink?.url == "/feed")
    try await runner.send(.action("quitTapped"))
    #expect(runner.state.finish != nil)
    #expect(runner.state.pendingLink == nil)
  }
}

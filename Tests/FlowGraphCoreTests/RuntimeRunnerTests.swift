import FlowGraphCore
import Testing

@Suite("Runtime runner: hooks, navigator, atomic steps")
@MainActor
struct RuntimeRunnerTests {
  let credentials: FlowEvent = .action(
    "loginButtonPressed", arguments: ["email": .string("a@b.c"), "password": .string("pw")])

  private func appRunner(loggedIn: Bool = false) throws -> (FlowRunner, RecordingNavigator) {
    let graph = RuntimeGraphs.app()
    let navigator = RecordingNavigator(graph)
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try runner.registerTask("checkSession") { _ in TaskResult(loggedIn ? "loggedIn" : "loggedOut") }
    return (runner, navigator)
  }

  @Test func theNavigatorAndTheHooksHearEveryChangeInOrder() async throws {
    let (runner, navigator) = try appRunner(loggedIn: true)
    var heard: [String] = []
    try runner.onScreenEnter("detail") { heard.append("enter detail \($0.params)") }
    try runner.onScreenExit("detail") { _ in heard.append("exit detail") }
    try runner.onFlowStart("onboarding") { _ in heard.append("start onboarding") }
    try runner.onFlowFinish("onboarding") { _, result, _ in
      heard.append("finish onboarding \(result)")
    }
    try await runner.start()
    #expect(navigator.take() == ["present home"])
    try await runner.send(.action("rowSelected", arguments: ["postId": .int(4)]))
    try await runner.send(.back)
    try await runner.send(.action("tutorialButtonPressed"))
    try await runner.send(.action("nextToPage2ButtonPressed"))
    try await runner.send(.action("completeButtonPressed"))
    #expect(
      navigator.take() == ["push detail", "pop 1", "present page1", "push page2", "dismiss 1"])
    #expect(
      heard == [
        "enter detail [FlowGraphCore.Value.int(4)]", "exit detail", "start onboarding",
        "finish onboarding completed",
      ])
    #expect(runner.state.layerNames(in: runner.graph) == [["home"]])
    #expect(runner.steps == 6)
  }

  @Test func theTraceRecordsEachStep() async throws {
    let (runner, _) = try appRunner()
    var records: [StepRecord] = []
    runner.onStep = { records.append($0) }
    try runner.registerTask("login") { call in
      #expect(call["email"] == .string("a@b.c"))
      return TaskResult("success", ["token": .string("t1")])
    }
    try await runner.start()
    try await runner.send(credentials)
    #expect(records.map(\.number) == [0, 1])
    #expect(records[0].event == "start")
    #expect(records[0].tasks.map(\.outcome) == ["loggedOut"])
    #expect(records[0].layers == [["login"]])
    #expect(records[1].event == "loginButtonPressed(email=a@b.c,password=pw)")
    #expect(records[1].transitions == ["run login", "root home"])
    #expect(records[1].tasks.first?.payload.first?.value == .string("t1"))
    #expect(records[1].hooks == ["exit login", "enter home"])
    #expect(records[1].flow == "app")
    #expect(records[1].screen == "home")
  }

  @Test func aThrowingHookLeavesTheStateUnchangedAndTheRunnerUsable() async throws {
    let (runner, navigator) = try appRunner()
    try await runner.start()
    _ = navigator.take()
    var fail = true
    try runner.registerTask("login") { _ in
      if await MainActor.run(body: { fail }) { throw HookError() }
      return TaskResult("invalidCredentials")
    }
    let before = runner.state
    await #expect(throws: RuntimeError.self) { try await runner.send(credentials) }
    do {
      try await runner.send(credentials)
    } catch {
      #expect("\(error)" == "task 'login' failed: the server is down")
    }
    #expect(runner.state == before)
    #expect(navigator.take() == [])
    #expect(!runner.isBusy)
    fail = false
    try await runner.send(credentials)
    #expect(runner.state.layerNames(in: runner.graph) == [["login"], ["loginError"]])
  }

  @Test func wrongOutcomesAndMissingHooksAreRefused() async throws {
    let (runner, _) = try appRunner()
    try await runner.start()
    let before = runner.state
    do {
      try await runner.send(credentials)
      Issue.record("no hook is registered for login")
    } catch {
      #expect("\(error)" == "task 'login' ran, but no hook is registered for it")
    }
    try runner.registerTask("login") { _ in TaskResult("success") }
    do {
      try await runner.send(credentials)
      Issue.record("the payload is missing")
    } catch {
      #expect("\(error)" == "outcome 'success' of task 'login' needs 'token' (string)")
    }
    #expect(runner.state == before)
    #expect(throws: RuntimeError.self) { try runner.registerTask("logn") { _ in TaskResult("x") } }
    #expect(throws: RuntimeError.self) { try runner.onScreenEnter("detial") { _ in } }
  }

  @Test func eventsDuringATaskAreRejected() async throws {
    let (runner, _) = try appRunner()
    try await runner.start()
    let gate = Gate()
    let entered = Signal()
    try runner.registerTask("login") { _ in
      entered.give()
      await gate.wait()
      return TaskResult("invalidCredentials")
    }
    let first = Task { try await runner.send(credentials) }
    await entered.received()
    #expect(runner.isBusy)
    do {
      try await runner.send(credentials)
      Issue.record("a second event during the task must be rejected")
    } catch {
      #expect(
        "\(error)"
          == "an event is already being handled (task 'login' is running); events that arrive meanwhile are rejected"
      )
    }
    #expect(throws: RuntimeError.self) { try runner.sendSynchronously(.back) }
    #expect(runner.state.layerNames(in: runner.graph) == [["login"]])
    gate.open()
    try await first.value
    #expect(runner.state.layerNames(in: runner.graph) == [["login"], ["loginError"]])
    #expect(!runner.isBusy)
  }

  @Test func aHookPastTheTimeoutIsAbandoned() async throws {
    let (runner, navigator) = try appRunner()
    try await runner.start()
    _ = navigator.take()
    let gate = Gate()
    try runner.registerTask("login") { _ in
      await gate.wait()
      return TaskResult("invalidCredentials")
    }
    runner.hookTimeout = .milliseconds(20)
    let before = runner.state
    do {
      try await runner.send(credentials)
      Issue.record("the hook never answers in time")
    } catch {
      #expect(
        "\(error)" == "task 'login' did not return within 0.02 seconds; the step was abandoned")
    }
    gate.open()
    #expect(runner.state == before)
    #expect(navigator.take() == [])
    // Usable afterwards: the late answer was dropped.
    try runner.registerTask("login") { _ in TaskResult("invalidCredentials") }
    try await runner.send(credentials)
    #expect(runner.state.layerNames(in: runner.graph) == [["login"], ["loginError"]])
  }

  @Test func cancellingTheSenderAbandonsTheStep() async throws {
    let (runner, _) = try appRunner()
    try await runner.start()
    let gate = Gate()
    let entered = Signal()
    try runner.registerTask("login") { _ in
      entered.give()
      await gate.wait()
      return TaskResult("invalidCredentials")
    }
    let before = runner.state
    let sender = Task { try await runner.send(credentials) }
    await entered.received()
    sender.cancel()
    do {
      try await sender.value
      Issue.record("the step must be cancelled")
    } catch {
      #expect("\(error)" == "the step was cancelled while task 'login' was running")
    }
    gate.open()
    #expect(runner.state == before)
    #expect(!runner.isBusy)
    try await runner.send(credentials)
    #expect(runner.state.layerNames(in: runner.graph) == [["login"], ["loginError"]])
  }

  @Test func aMainActorNavigatorIsCalledOnTheMainActor() async throws {
    let graph = RuntimeGraphs.app()
    let navigator = MainActorNavigator()
    let runner = FlowRunner(graph: graph, navigator: navigator)
    try runner.registerTask("checkSession") { _ in TaskResult("loggedIn") }
    try await runner.start()
    try await runner.send(.action("rowSelected", arguments: ["postId": .int(2)]))
    #expect(navigator.depth == 2)
  }

  @Test func synchronousSendsTakeTheFastPath() async throws {
    let (runner, navigator) = try appRunner(loggedIn: true)
    try await runner.start()
    _ = navigator.take()
    let graph = runner.graph
    let home = graph.screen(named: "home", in: graph.flow(named: "app")!)!
    let row = graph.action(named: "rowSelected", on: home)!
    try runner.sendSynchronously(.resolved(row, payload: [.int(1)]))
    try runner.sendSynchronously(.back)
    #expect(navigator.take() == ["push detail", "pop 1"])
    let (login, _) = try appRunner()
    try await login.start()
    let before = login.state
    do {
      try login.sendSynchronously(credentials)
      Issue.record("login runs a task")
    } catch {
      #expect("\(error)" == "the event runs task 'login'; send it with the asynchronous send")
    }
    #expect(login.state == before)
  }

  @Test func hooksCannotSendEventsWhileAStepIsDelivered() async throws {
    let (runner, _) = try appRunner(loggedIn: true)
    var nested: (any Error)?
    try runner.onScreenEnter("detail") { _ in
      do { try runner.sendSynchronously(.back) } catch { nested = error }
    }
    try await runner.start()
    try await runner.send(.action("rowSelected", arguments: ["postId": .int(1)]))
    #expect(nested != nil)
    #expect(runner.state.layerNames(in: runner.graph) == [["home", "detail"]])
  }
}

/// A navigator whose state belongs to the main actor, as a UIKit one would.
@MainActor
final class MainActorNavigator {
  var depth = 0
}

extension MainActorNavigator: @MainActor Navigator {
  func apply(_ change: NavigationChange) {
    MainActor.assertIsolated()
    switch change {
    case .push, .present: depth += 1
    case .pop(let count), .dismiss(let count): depth -= count
    case .replace, .setRoot, .tabs: break
    }
  }
}

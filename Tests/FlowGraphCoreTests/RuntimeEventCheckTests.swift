import FlowGraphCore
import Testing

@Suite("Runtime engine: events and outcomes are checked at the boundary")
struct RuntimeEventCheckTests {
  private func home() throws -> EngineDriver {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    return driver
  }

  private func refusal(_ driver: inout EngineDriver, _ event: FlowEvent) -> String? {
    let before = driver.state
    defer { #expect(driver.state == before) }
    do {
      try driver.send(event)
      return nil
    } catch let error as RuntimeError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  @Test func unknownActionsNameTheScreensActions() throws {
    var driver = try home()
    #expect(
      refusal(&driver, .action("rowSelect"))
        == "screen 'home' of flow 'app' has no action 'rowSelect' (did you mean 'rowSelected'?); "
        + "its actions: rowSelected, tutorialButtonPressed")
  }

  @Test func argumentsMustBeCompleteKnownAndTyped() throws {
    var driver = try home()
    #expect(
      refusal(&driver, .action("rowSelected"))
        == "action 'rowSelected' of screen 'home' needs 'postId' (int)")
    #expect(
      refusal(&driver, .action("rowSelected", arguments: ["postId": .string("3")]))
        == "'postId' of action 'rowSelected' of screen 'home' must be int, not string \"3\"")
    #expect(
      refusal(&driver, .action("rowSelected", arguments: ["postId": .int(3), "postID": .int(3)]))
        == "action 'rowSelected' of screen 'home' has no field 'postID' (did you mean 'postId'?)")
    #expect(
      refusal(&driver, .action("tutorialButtonPressed", arguments: ["x": .null]))
        == "action 'tutorialButtonPressed' of screen 'home' has no field 'x'")
  }

  @Test func resolvedActionsAreCheckedToo() throws {
    var driver = try home()
    let graph = driver.graph
    let home = graph.screen(named: "home", in: graph.flow(named: "app")!)!
    let detail = graph.screen(named: "detail", in: graph.flow(named: "app")!)!
    let rowSelected = graph.action(named: "rowSelected", on: home)!
    #expect(refusal(&driver, .resolved(rowSelected, payload: [.double(1)])) != nil)
    #expect(refusal(&driver, .resolved(rowSelected, payload: [])) != nil)
    #expect(
      refusal(&driver, .resolved(graph.action(named: "shareButtonPressed", on: detail)!))
        == "'shareButtonPressed' is not possible on screen 'home': it is an action of another screen; "
        + "the current screen is 'home'")
    try driver.send(.resolved(rowSelected, payload: [.int(9)]))
    #expect(driver.layers == [["home", "detail"]])
  }

  @Test func valuesConvertWhereASwiftCallerExpects() {
    let graph = RuntimeGraphs.app()
    #expect(graph.coerce(.int(3), to: .double) == .double(3))
    #expect(graph.coerce(.string("https://x.y"), to: .url) == .url("https://x.y"))
    #expect(graph.coerce(.string("no scheme"), to: .url) == nil)
    #expect(graph.coerce(.string("2024-02-29"), to: .date) == .date("2024-02-29"))
    #expect(graph.coerce(.string("2023-02-29"), to: .date) == nil)
    #expect(graph.coerce(.string("2024-05-01T10:30:00+02:00"), to: .date) != nil)
    #expect(graph.coerce(.string("2024-05-01T25:30"), to: .date) == nil)
    #expect(graph.coerce(.null, to: .int) == nil)
    #expect(graph.coerce(.null, to: .optional(.int)) == .null)
    #expect(
      graph.coerce(.list([.int(1), .int(2)]), to: .list(.double))
        == .list([.double(1), .double(2)]))
    #expect(graph.coerce(.list([.int(1), .string("2")]), to: .list(.int)) == nil)
    #expect(graph.coerce(.double(.infinity), to: .double) == nil)
  }

  @Test func enumValuesMustBeCases() {
    var b = GraphBuilder()
    b.type("Theme", cases: ["light", "dark"])
    b.flow("f", start: .screen("s"), [GraphBuilder.screen("s")])
    let graph = b.build()
    #expect(graph.coerce(.string("dark"), to: .named(TypeID(0))) == .string("dark"))
    #expect(graph.coerce(.string("blue"), to: .named(TypeID(0))) == nil)
  }

  @Test func taskOutcomesAreChecked() throws {
    let engine = FlowEngine(graph: RuntimeGraphs.app())
    guard case .suspended(let check) = try engine.start(engine.graph.entry!) else {
      Issue.record("the start task must suspend")
      return
    }
    guard case .completed(let step) = try engine.resume(check, outcome: "loggedOut") else {
      Issue.record("loggedOut shows login")
      return
    }
    let event = FlowEvent.action(
      "loginButtonPressed", arguments: ["email": .string("a"), "password": .string("b")])
    guard case .suspended(let login) = try engine.step(step.state, event) else {
      Issue.record("login must suspend")
      return
    }
    #expect(login.input == [.string("a"), .string("b")])
    func message(_ outcome: String, _ payload: [String: Value]) -> String? {
      do {
        _ = try engine.resume(login, outcome: outcome, payload: payload)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      message("sucess", [:])
        == "task 'login' returned 'sucess', which is not one of its outcomes (did you mean 'success'?) "
        + "(declared: success, invalidCredentials)")
    #expect(message("success", [:]) == "outcome 'success' of task 'login' needs 'token' (string)")
    #expect(
      message("success", ["token": .int(1)])
        == "'token' of outcome 'success' of task 'login' must be string, not int 1")
    #expect(message("success", ["token": .string("t"), "extra": .null]) != nil)
    // A refused outcome abandons nothing: the suspension can still be resumed.
    guard
      case .completed(let done) = try engine.resume(
        login, outcome: "success", payload: ["token": .string("t")])
    else {
      Issue.record("success completes")
      return
    }
    #expect(done.state.layerNames(in: engine.graph) == [["home"]])
  }

  @Test func theSameEventsGiveTheSameSteps() throws {
    func run() throws -> [[Effect]] {
      var driver = EngineDriver(RuntimeGraphs.family())
      driver.outcome("decide", "show")
      var steps: [[Effect]] = []
      try driver.start()
      steps.append(driver.effects)
      for event: FlowEvent in [
        .action("presentChild"), .action("next"), .action("pushGrandchild"), .back,
        .action("finish"),
        .back, .action("quickChild"), .action("finish"),
      ] {
        try driver.send(event)
        steps.append(driver.effects)
      }
      return steps
    }
    #expect(try run() == run())
  }

  @Test func possibleEventsListOnlyWhatCanHappenNow() throws {
    var driver = try home()
    let names = { (driver: EngineDriver) in
      driver.engine.possibleEvents(in: driver.state).map(\.name)
    }
    #expect(names(driver) == ["rowSelected", "tutorialButtonPressed"])
    try driver.send("rowSelected", ["postId": .int(1)])
    try driver.send("shareButtonPressed")
    #expect(names(driver) == ["doneButtonPressed"])
    let stack = try {
      var stack = EngineDriver(RuntimeGraphs.stack())
      try stack.start()
      try stack.send("next")
      return stack
    }()
    #expect(names(stack) == ["next", "pop", "up", "swap", "back"])
    let signature = driver.graph.signature(
      driver.engine.possibleEvents(in: try home().state)[0])
    #expect(signature == "rowSelected(postId: int)")
  }

  @Test func aParamThatABrokenGraphLeavesEmptyOrMistypedIsRefused() throws {
    // What a file with a suppressed missing-argument or type-mismatch finding
    // compiles to: a push to `detail` that binds nothing, or a string literal.
    func graph(_ arguments: [Argument]) -> FlowGraph {
      FlowGraph(
        flows: [
          Flow(
            name: "app", start: FlowStart(.screen(ScreenID(0))),
            screens: [ScreenID(0), ScreenID(1)])
        ],
        screens: [
          Screen(
            name: "home", flow: FlowID(0),
            actions: [
              Action(name: "open", transition: Transition(.push(ScreenID(1)), arguments: arguments))
            ]),
          Screen(name: "detail", flow: FlowID(0), params: [Parameter(name: "postId", type: .int)]),
        ],
        entry: FlowID(0))
    }
    for (arguments, reason) in [
      (
        [],
        "screen 'detail' needs 'postId' (int), which nothing supplies (is a missing-argument or type-mismatch finding suppressed?)"
      ),
      (
        [Argument(parameter: 0, source: .literal(.string("1")))],
        "'postId' of screen 'detail' must be int, not string \"1\" (is a type-mismatch finding suppressed?)"
      ),
    ] {
      var driver = EngineDriver(graph(arguments))
      try driver.start()
      let before = driver.state
      #expect(
        refusal(&driver, .action("open")) == "'open' is not possible on screen 'home': \(reason)")
      #expect(driver.state == before)
    }
    var fine = EngineDriver(graph([Argument(parameter: 0, source: .literal(.int(1)))]))
    try fine.start()
    try fine.send("open")
    #expect(fine.state.top?.params == [.int(1)])
  }
}

import FlowGraphCore
import Testing

@Suite("Runtime engine: transitions (SPEC §2.4)")
struct RuntimeEngineTests {
  @Test func startRunsTheStartTaskAndShowsItsScreen() throws {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    #expect(driver.tasksCalled == ["checkSession"])
    #expect(driver.layers == [["home"]])
    #expect(driver.flow == "app")
    #expect(driver.navigation == ["present home"])
    #expect(driver.lifecycle == ["start app", "enter home"])
  }

  @Test func pushBindsThePayloadAndBackPops() throws {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    try driver.send("rowSelected", ["postId": .int(3)])
    #expect(driver.layers == [["home", "detail"]])
    #expect(driver.state.top?.params == [.int(3)])
    #expect(driver.navigation == ["push detail"])
    try driver.send(.back)
    #expect(driver.layers == [["home"]])
    #expect(driver.navigation == ["pop 1"])
    #expect(driver.lifecycle == ["exit detail"])
  }

  @Test func presentTakesArgumentsFromTheScreenAndDismissCloses() throws {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedIn")
    try driver.start()
    try driver.send("rowSelected", ["postId": .int(7)])
    try driver.send("shareButtonPressed")
    #expect(driver.layers == [["home", "detail"], ["share"]])
    #expect(driver.state.top?.params == [.int(7)])
    try driver.send("doneButtonPressed")
    #expect(driver.layers == [["home", "detail"]])
    #expect(driver.navigation == ["dismiss 1"])
  }

  @Test func taskOutcomePicksTheTransitionAndRootResets() throws {
    var driver = EngineDriver(RuntimeGraphs.app())
    driver.outcome("checkSession", "loggedOut")
    driver.outcome("login", "invalidCredentials")
    driver.outcome("login", "success", ["token": .string("t")])
    try driver.start()
    #expect(driver.layers == [["login"]])
    let credentials: [String: Value] = ["email": .string("a@b.c"), "password": .string("x")]
    try driver.send("loginButtonPressed", credentials)
    #expect(driver.layers == [["login"], ["loginError"]])
    try driver.send("okButtonPressed")
    try driver.send("loginButtonPressed", credentials)
    #expect(driver.layers == [["home"]])
    #expect(driver.navigation == ["setRoot home keeping 0"])
    #expect(driver.lifecycle == ["exit login", "enter home"])
  }

  @Test func rootResetsTheFlowsStack() throws {
    var stack = EngineDriver(RuntimeGraphs.stack())
    try stack.start()
    try stack.send("next")
    try stack.send("next")
    try stack.send("next")
    try stack.send("next")
    #expect(stack.layers == [["a", "b", "c", "b", "c"]])
    try stack.send("reset")
    #expect(stack.layers == [["a"]])
    #expect(stack.navigation == ["setRoot a keeping 0"])
    #expect(stack.lifecycle == ["exit c", "exit b", "exit c", "exit b", "exit a", "enter a"])
  }

  @Test func popToAndPopToRoot() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    try driver.start()
    for _ in 0..<4 { try driver.send("next") }
    #expect(driver.layers == [["a", "b", "c", "b", "c"]])
    try driver.send("toB")
    #expect(driver.layers == [["a", "b", "c", "b"]])
    #expect(driver.navigation == ["pop 1"])
    try driver.send("next")
    try driver.send("toA")
    #expect(driver.layers == [["a"]])
    #expect(driver.navigation == ["pop 4"])
    try driver.send("next")
    try driver.send("up")
    #expect(driver.layers == [["a"]])
  }

  @Test func replaceSwapsTheTopScreen() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    try driver.start()
    try driver.send("next")
    try driver.send("swap")
    #expect(driver.layers == [["a", "c"]])
    #expect(driver.navigation == ["replace c"])
    #expect(driver.lifecycle == ["exit b", "enter c"])
  }

  @Test func impossibleStepsAreRefusedWithTheirReason() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    try driver.start()
    let before = driver.state
    #expect(throws: RuntimeError.self) { try driver.send("pop") }
    #expect(throws: RuntimeError.self) { try driver.send(.back) }
    #expect(throws: RuntimeError.self) { try driver.send("up") }
    #expect(throws: RuntimeError.self) { try driver.send(.dismiss) }
    #expect(driver.state == before)
    do {
      try driver.send(.back)
    } catch let error as RuntimeError {
      #expect(
        error.description
          == "'back' is not possible on screen 'a': it is the first screen of its layer, with nothing below it"
      )
    }
    do {
      try driver.send("pop")
    } catch let error as RuntimeError {
      #expect(
        error.description
          == "'pop' is not possible on screen 'a': pop is not possible: 'a' is the first screen of its layer"
      )
    }
  }

  @Test func popToNeedsTheScreenBelowWithinTheFlow() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    try driver.start()
    try driver.send("next")
    try driver.send("swap")
    #expect(driver.layers == [["a", "c"]])
    let before = driver.state
    #expect(throws: RuntimeError.self) { try driver.send("toB") }
    #expect(driver.state == before)
  }

  @Test func finishOfTheRootFlowEndsTheRun() throws {
    var driver = EngineDriver(RuntimeGraphs.stack())
    try driver.start()
    try driver.send("next")
    try driver.send("next")
    try driver.send("done")
    #expect(driver.layers == [])
    #expect(driver.state.top == nil)
    #expect(driver.state.finish?.result == .declared(0))
    #expect(driver.navigation == ["dismiss 1"])
    #expect(driver.lifecycle == ["exit c", "exit b", "exit a", "finish main done"])
    do {
      try driver.send(.back)
      Issue.record("an event after the finish must fail")
    } catch let error as RuntimeError {
      #expect(error.description == "the run has finished: flow 'main' ended with 'done'")
    }
  }
}

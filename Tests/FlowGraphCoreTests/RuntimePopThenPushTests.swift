import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// SPEC §6.3 at runtime: `popTo` (one step, one navigator change), param
/// defaults, and an action's params in its run's outcomes.
@Suite("Runtime: pop-then-push, defaults, an action's params in its outcomes (SPEC §6.3)")
struct RuntimePopThenPushTests {
  static let yaml = """
    flowgraph: 1
    entry: app
    tasks:
      signIn:
        input: { email: string, remember: { type: bool, default: true } }
        outcomes: { success: { token: string }, failure: {} }
      refresh:
        outcomes: { done: { greeting: { type: string, default: hi } } }
    flows:
      app:
        input: { tab: { type: string, default: feed } }
        start: login
        screens:
          login:
            actions:
              postTapped:
                params: { email: string, postId: int, source: { type: string, default: list } }
                run: signIn
                outcomes:
                  success:
                    run: refresh
                    outcomes: { done: { push: post, popTo: login, inclusive: true } }
                  failure: stay
          post:
            params: { postId: int, greeting: string, source: string, tab: string, zoom: { type: double, default: 1 } }
            actions:
              relatedTapped: { params: { postId: int }, push: related }
              homeTapped: { push: home, popTo: post, inclusive: true }
          related:
            params: { postId: int }
            actions:
              relatedTapped: { params: { postId: int }, push: related, popTo: post }
              helpTapped: { start: help, popTo: post, on: { done: stay } }
              wizardTapped: { start: help, popTo: related, inclusive: true, on: { done: stay } }
          home:
            actions:
              helpTapped: { start: help, popTo: home, inclusive: true, on: { done: stay } }
      help:
        results: { done: {} }
        start: page
        screens:
          page:
            actions:
              donePressed: { finish: done }
    """

  static func driver() throws -> EngineDriver {
    let loaded = FlowGraphLoader().load(text: yaml, file: "app.yaml")
    #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
    return EngineDriver(try #require(loaded.graph))
  }

  /// Signs in from `login` with post 7, landing on `post`.
  static func signedIn() throws -> EngineDriver {
    var driver = try driver()
    driver.outcome("signIn", "success", ["token": .string("t")])
    driver.outcome("refresh", "done")
    try driver.start()
    try driver.send("postTapped", ["email": .string("a@b.c"), "postId": .int(7)])
    return driver
  }

  @Test func anInclusivePopToOnTheFirstScreenPutsThePushedScreenInItsPlace() throws {
    let driver = try Self.signedIn()
    #expect(driver.layers == [["post"]])
    #expect(driver.navigation == ["setRoot post keeping 0"])
    #expect(driver.lifecycle == ["exit login", "enter post"])
    #expect(driver.flows == ["app"])
  }

  @Test func defaultsFillWhatNothingBindsAndTheActionsParamsReachItsRunChain() throws {
    let driver = try Self.signedIn()
    // postId: the action's param, two runs down; greeting: the outcome's
    // default; source: the action's default; tab: the flow input's default;
    // zoom: the screen param's own default.
    #expect(
      driver.state.top?.params == [
        .int(7), .string("hi"), .string("list"), .string("feed"), .double(1),
      ])
  }

  @Test func aTaskInputDefaultIsPassedToTheHook() throws {
    var driver = try Self.driver()
    try driver.start()
    let result = try driver.engine.step(
      driver.state, .action("postTapped", arguments: ["email": .string("a"), "postId": .int(1)]))
    guard case .suspended(let suspension) = result else {
      Issue.record("the task did not suspend the step")
      return
    }
    #expect(suspension.input == [.string("a"), .bool(true)])
  }

  @Test func popToBelowTheTopPopsAndPushesAsOneChange() throws {
    var driver = try Self.signedIn()
    try driver.send("relatedTapped", ["postId": .int(1)])
    try driver.send("relatedTapped", ["postId": .int(2)])
    #expect(driver.layers == [["post", "related"]])
    #expect(driver.navigation == ["setRoot related keeping 1"])
    #expect(driver.lifecycle == ["exit related", "enter related"])
    #expect(driver.state.top?.params == [.int(2)])
  }

  @Test func aStartWithPopToPopsAndPushesTheChildsStartScreenAsOneChange() throws {
    var driver = try Self.signedIn()
    try driver.send("relatedTapped", ["postId": .int(1)])
    try driver.send("helpTapped")
    #expect(driver.layers == [["post", "page"]])
    #expect(driver.navigation == ["setRoot page keeping 1"])
    #expect(driver.flows == ["app", "help"])
    try driver.send("donePressed")
    #expect(driver.layers == [["post"]])
    #expect(driver.screen == "post")
  }

  @Test func anInclusiveStartKeepsAScreenOfItsFlowBelowTheChild() throws {
    var driver = try Self.signedIn()
    try driver.send("relatedTapped", ["postId": .int(1)])
    try driver.send("wizardTapped")
    #expect(driver.layers == [["post", "page"]])
    #expect(driver.navigation == ["setRoot page keeping 1"])
  }

  @Test func anInclusiveStartThatWouldRemoveEveryScreenOfItsFlowIsNotPossible() throws {
    var driver = try Self.signedIn()
    try driver.send("homeTapped")
    #expect(driver.layers == [["home"]])
    let before = driver.state
    #expect(throws: RuntimeError.self) { try driver.send("helpTapped") }
    #expect(driver.state == before)
    let possible = driver.engine.possibleEvents(in: driver.state).map(\.name)
    #expect(!possible.contains("helpTapped"))
  }

  @Test func anEventMayLeaveOutAFieldWithADefault() throws {
    var driver = try Self.driver()
    driver.outcome("signIn", "failure")
    try driver.start()
    try driver.send("postTapped", ["email": .string("a"), "postId": .int(1)])
    #expect(driver.layers == [["login"]])
    // Still required: a field without a default.
    #expect(throws: RuntimeError.self) { try driver.send("postTapped", ["postId": .int(1)]) }
  }

  @Test func theGraphJSONKeepsPopToDefaultsAndActionParams() throws {
    let graph = try Self.driver().graph
    let json = try GraphJSONEncoder().encode(graph)
    let read = try GraphJSONDecoder().decode(json)
    #expect(read.fingerprint == graph.fingerprint)
    // Screens, tasks and flow inputs, with each span compared by its range.
    #expect(read == graph)
    #expect(read.flows.map(\.input.count) == graph.flows.map(\.input.count))
  }

  @Test func theGraphJSONRefusesAMistypedDefaultAndAMisplacedPopTo() throws {
    let json = try GraphJSONEncoder().encode(try Self.driver().graph)
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8))
    /// The document with the first object that `matches` changed by `change`.
    func edited(_ matches: ([String: Any]) -> Bool, _ change: (inout [String: Any]) -> Void)
      throws -> String
    {
      var done = false
      func walk(_ node: Any) -> Any {
        if var object = node as? [String: Any] {
          if !done && matches(object) {
            change(&object)
            done = true
            return object
          }
          for (key, value) in object { object[key] = walk(value) }
          return object
        }
        if let array = node as? [Any] { return array.map(walk) }
        return node
      }
      let result = walk(document)
      #expect(done)
      return String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self)
    }
    let mistyped = try edited(
      { $0["default"] != nil && $0["name"] as? String == "zoom" },
      { $0["default"] = ["string": "one"] })
    #expect(throws: GraphJSONError.self) { try GraphJSONDecoder().decode(mistyped) }
    let misplaced = try edited(
      { $0["popTo"] != nil && $0["kind"] as? String == "push" }, { $0["kind"] = "replace" })
    #expect(throws: GraphJSONError.self) { try GraphJSONDecoder().decode(misplaced) }
  }
}

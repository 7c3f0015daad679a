import FlowGraphCore
import Testing

@Suite("Runtime engine: how flows end (SPEC §2.6)")
struct RuntimeFlowEndingTests {
  private func family() throws -> EngineDriver {
    var driver = EngineDriver(RuntimeGraphs.family())
    try driver.start()
    return driver
  }

  /// Every screen instance that was shown went away exactly once.
  private func exitsOnce(_ effects: [[Effect]]) -> Bool {
    var exited: [ScreenInstanceID: Int] = [:]
    for effect in effects.joined() {
      if case .screenExited(let screen) = effect { exited[screen.id, default: 0] += 1 }
    }
    return exited.values.allSatisfy { $0 == 1 }
  }

  @Test func finishRemovesTheChildsScreensThenRunsTheParentsHandler() throws {
    var driver = try family()
    try driver.send("pushChild")
    #expect(driver.layers == [["p1", "c1"]])
    #expect(driver.flows == ["parent", "child"])
    try driver.send("next")
    try driver.send("finish")
    #expect(driver.layers == [["p1", "p2"]])
    #expect(driver.flows == ["parent"])
    #expect(driver.state.top?.params == [.string("from c2")])
    #expect(driver.navigation == ["pop 2", "push p2"])
    #expect(driver.lifecycle == ["exit c2", "exit c1", "finish child done", "enter p2"])
  }

  @Test func theHandlerRunsWithTheParentsTopScreenAsCurrent() throws {
    var driver = try family()
    try driver.send("openP4")
    try driver.send("child")
    try driver.send("finish")
    #expect(driver.layers == [["p1", "p4", "p5"]])
    #expect(driver.state.top?.params == [.int(42)])
  }

  @Test func backOnAPushedChildsFirstScreenEndsItWithDismissed() throws {
    var driver = try family()
    try driver.send("pushChild")
    try driver.send(.back)
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.navigation == ["pop 1", "push p3"])
    #expect(driver.lifecycle == ["exit c1", "finish child dismissed", "enter p3"])
  }

  @Test func popOnAPushedChildsFirstScreenEndsItWithDismissed() throws {
    var driver = try family()
    try driver.send("pushChild")
    try driver.send("pop")
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.lifecycle == ["exit c1", "finish child dismissed", "enter p3"])
  }

  @Test func finishDismissedIsHandledLikeBack() throws {
    var driver = try family()
    try driver.send("presentChild")
    try driver.send("cancel")
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.navigation == ["dismiss 1", "push p3"])
  }

  @Test func theDismissGestureEndsAPresentedChild() throws {
    var driver = try family()
    try driver.send("presentChild")
    #expect(driver.layers == [["p1"], ["c1"]])
    try driver.send(.dismiss)
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.navigation == ["dismiss 1", "push p3"])
    #expect(driver.lifecycle == ["exit c1", "finish child dismissed", "enter p3"])
  }

  @Test func dismissEndsAChildThatOwnsTheLayer() throws {
    var driver = try family()
    try driver.send("presentChild")
    try driver.send("dismiss")
    #expect(driver.layers == [["p1", "p3"]])
  }

  @Test func dismissIsNotPossibleForAChildPushedIntoItsParentsLayer() throws {
    var driver = try family()
    try driver.send("openModal")
    try driver.send("pushChildInModal")
    #expect(driver.layers == [["p1"], ["m1", "c1"]])
    let before = driver.state
    do {
      try driver.send("dismiss")
      Issue.record("dismiss must not be possible")
    } catch let error as RuntimeError {
      #expect(
        error.description
          == "'dismiss' is not possible on screen 'c1': dismiss is not possible: the top layer belongs to flow 'parent'"
      )
    }
    #expect(driver.state == before)
    // The gesture closes the layer and ends the child with it.
    try driver.send(.dismiss)
    #expect(driver.layers == [["p1"]])
    #expect(driver.flows == ["parent"])
    #expect(driver.lifecycle == ["exit c1", "exit m1", "finish child dismissed"])
  }

  @Test func finishClosesEveryLayerTheChildOwns() throws {
    var driver = try family()
    var steps: [[Effect]] = []
    try driver.send("presentChild")
    steps.append(driver.effects)
    try driver.send("next")
    steps.append(driver.effects)
    try driver.send("present")
    steps.append(driver.effects)
    #expect(driver.layers == [["p1"], ["c1", "c2"], ["c3"]])
    try driver.send("finish")
    steps.append(driver.effects)
    #expect(driver.layers == [["p1", "p2"]])
    #expect(driver.state.top?.params == [.string("from c3")])
    #expect(driver.navigation == ["dismiss 2", "push p2"])
    #expect(driver.lifecycle == ["exit c3", "exit c2", "exit c1", "finish child done", "enter p2"])
    #expect(exitsOnce(steps))
  }

  @Test func closingALayerEndsEveryFlowLeftWithoutScreensInnermostFirst() throws {
    var driver = try family()
    try driver.send("presentChild")
    try driver.send("next")
    try driver.send("pushGrandchild")
    #expect(driver.layers == [["p1"], ["c1", "c2", "c1"]])
    #expect(driver.flows == ["parent", "child", "child"])
    let grandchild = driver.state.flows[2].id
    try driver.send(.dismiss)
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.flows == ["parent"])
    let finished = driver.effects.compactMap { effect -> FlowInstanceID? in
      if case .flowFinished(let flow, _, _) = effect { return flow.id }
      return nil
    }
    #expect(finished.count == 2)
    #expect(finished.first == grandchild)
    // Only the surviving parent's handler ran (push p3); the grandchild's
    // parent ended too, so its handler did not.
    #expect(driver.navigation == ["dismiss 1", "push p3"])
  }

  @Test func aChildsOwnHandlerRunsWhenItSurvives() throws {
    var driver = try family()
    try driver.send("presentChild")
    try driver.send("grandchild")
    #expect(driver.layers == [["p1"], ["c1"], ["c1"]])
    try driver.send(.dismiss)
    #expect(driver.layers == [["p1"], ["c1", "c2"]])
    #expect(driver.flows == ["parent", "child"])
  }

  @Test func aChildWhoseStartFinishesShowsNothing() throws {
    var driver = try family()
    driver.outcome("decide", "skip")
    try driver.send("quickChild")
    #expect(driver.layers == [["p1", "p3"]])
    #expect(driver.navigation == ["push p3"])
    #expect(driver.lifecycle == ["start quick", "finish quick done", "enter p3"])
    var shown = try family()
    shown.outcome("decide", "show")
    try shown.send("quickChild")
    #expect(shown.layers == [["p1"], ["q1"]])
  }

  @Test func rootInAPresentedChildClosesTheLayersAbove() throws {
    var driver = try family()
    try driver.send("presentChild")
    try driver.send("next")
    try driver.send("present")
    try driver.send("reset")
    #expect(driver.layers == [["p1"], ["c1"]])
    #expect(driver.navigation == ["dismiss 1", "setRoot c1 keeping 0"])
    #expect(driver.lifecycle == ["exit c3", "exit c2", "exit c1", "enter c1"])
  }

  @Test func rootInAPushedChildKeepsTheParentsScreens() throws {
    var driver = try family()
    try driver.send("pushChild")
    try driver.send("next")
    try driver.send("reset")
    #expect(driver.layers == [["p1", "c1"]])
    #expect(driver.navigation == ["setRoot c1 keeping 1"])
  }

  @Test func aFailingHandlerLeavesTheWholeStepUndone() throws {
    var driver = try family()
    try driver.send("fragileChild")
    let before = driver.state
    do {
      try driver.send("finish")
      Issue.record("the handler's pop on p1 must fail")
    } catch let error as RuntimeError {
      #expect(
        error.description
          == "'finish' is not possible on screen 'c1': pop is not possible: 'p1' is the first screen of its layer"
      )
    }
    #expect(driver.state == before)
    #expect(driver.layers == [["p1", "c1"]])
  }

  @Test func flowInputIsCheckedAndFillsTheStartScreen() throws {
    var driver = try family()
    try driver.send("withInput")
    #expect(driver.layers == [["p1", "w1"]])
    #expect(driver.state.flows.last?.input == [.int(5), .null])
    #expect(driver.state.top?.params == [.int(5)])
    var root = EngineDriver(RuntimeGraphs.family())
    #expect(throws: RuntimeError.self) { try root.start("withInput") }
    #expect(throws: RuntimeError.self) {
      try root.start("withInput", input: ["userId": .string("5")])
    }
    do {
      try root.start("withInput", input: ["userID": .int(5)])
    } catch let error as RuntimeError {
      #expect(
        error.description
          == "the input of flow 'withInput' has no field 'userID' (did you mean 'userId'?)")
    }
    #expect(root.state == FlowState())
    try root.start("withInput", input: ["userId": .int(1), "note": .string("n")])
    #expect(root.layers == [["w1"]])
  }
}

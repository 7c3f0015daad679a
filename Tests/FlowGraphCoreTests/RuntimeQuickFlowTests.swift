import Testing

@testable import FlowGraphCore

/// Child flows on the quick path (started by an action whose input is made
/// of literals, ended by back, a `pop`, the gesture or a `dismiss` when the
/// parent's `dismissed` handler is `stay`) and the reuse of closed layers
/// must be indistinguishable from the general path: the same states, errors,
/// navigation, hook calls and trace records.
@Suite("Runtime quick child flows")
@MainActor
struct RuntimeQuickFlowTests {
  typealias B = GraphBuilder

  /// Child flows started every way the quick path takes (a start screen
  /// whose params come from the input, or an optional one left out) and
  /// every way it leaves to the general path (an input read from a param, a
  /// `dismissed` handler that is not `stay`, a start task), nested, pushed
  /// and presented, with sheets on top.
  static func graph() -> FlowGraph {
    var b = GraphBuilder()
    b.entry = "main"
    b.task("check", outcomes: ["ok": [:]])
    b.flow(
      "main", start: .screen("home"),
      [
        B.screen(
          "home",
          [
            B.action("listButtonPressed", .push("list")),
            B.action("helpButtonPressed", .present("help")),
            B.action(
              "childButtonPressed",
              .start("child", on: ["done": .stay], with: ["source": .literal(.string("home"))])),
            B.action(
              "childSheetButtonPressed",
              .start(
                "child", mode: .present, on: ["done": .pop],
                with: ["source": .literal(.string("sheet"))])),
            B.action(
              "popOnDismissButtonPressed",
              .start(
                "child", on: ["dismissed": .push("list"), "done": .stay],
                with: ["source": .literal(.string("other"))])),
            B.action("plainButtonPressed", .start("plain", mode: .present)),
            B.action("itemButtonPressed", .start("item")),
            B.action("checkedButtonPressed", .start("checked")),
          ]),
        B.screen(
          "list", params: [:],
          [
            B.action(
              "childButtonPressed", .start("child", with: ["source": .literal(.string("l"))])),
            B.action("closeButtonPressed", .pop),
            B.action("tagged", ["tag": .string], .start("child", with: ["source": .ref("tag")])),
          ]),
        B.screen("help", [B.action("doneButtonPressed", .dismiss)]),
      ])
    b.flow(
      "child", input: ["source": .string], results: ["done": [:]], start: .screen("intro"),
      [
        B.screen(
          "intro", params: ["source": .string],
          [
            B.action("nextButtonPressed", .push("more")),
            B.action("closeButtonPressed", .pop),
            B.action("helpButtonPressed", .present("tips")),
            B.action("doneButtonPressed", .dismiss),
            B.action("finishButtonPressed", .finish("done")),
            B.action("nestedButtonPressed", .start("plain")),
            B.action("nestedSheetButtonPressed", .start("plain", mode: .present)),
          ]),
        B.screen(
          "more",
          [
            B.action("closeButtonPressed", .pop),
            B.action(
              "nestedButtonPressed", .start("child", with: ["source": .literal(.string("m"))])),
          ]),
        B.screen("tips", dismissible: false, [B.action("doneButtonPressed", .dismiss)]),
      ])
    b.flow(
      "plain", start: .screen("page"),
      [
        B.screen(
          "page",
          [
            B.action("closeButtonPressed", .pop),
            B.action("doneButtonPressed", .dismiss),
            B.action("againButtonPressed", .start("plain", mode: .present)),
          ])
      ])
    b.flow(
      "item", input: ["n": .optional(.int)], start: .screen("card"),
      [B.screen("card", params: ["n": .optional(.int)], [B.action("closeButtonPressed", .pop)])])
    b.flow(
      "checked", start: .run("check", outcomes: ["ok": .screen("gate")]),
      [B.screen("gate", [B.action("closeButtonPressed", .pop)])])
    return b.build()
  }

  static func candidates(on screen: ScreenID?, in graph: FlowGraph) -> [FlowEvent] {
    var events: [FlowEvent] = [.back, .back, .dismiss, .dismiss, .action("nopeButtonPressed")]
    if let screen {
      for (index, action) in graph[screen].actions.enumerated() {
        events += [.action(action.name), .resolved(ActionID(screen: screen, index: index))]
        if !action.params.isEmpty {
          events.append(.action(action.name, arguments: ["tag": .string("t")]))
        }
      }
    }
    return events
  }

  @Test func childFlowsOnTheQuickPathAgreeWithTheGeneralPath() async throws {
    let graph = Self.graph()
    let paths = try ObservedPaths(graph)
    #expect(await paths.start() == nil)
    let general = paths.general
    var random: UInt64 = 0xF10E
    var ended = 0
    var started = 0
    for step in 0..<4_000 {
      let events = Self.candidates(on: general.runner.currentScreen?.screen, in: graph)
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let event = events[Int((random >> 33) % UInt64(events.count))]
      let flows = general.runner.state.flows.count
      await paths.send(event, "step \(step)")
      let now = general.runner.state.flows.count
      if now > flows { started += 1 }
      if now < flows { ended += 1 }
      if general.runner.state.finish != nil { break }
    }
    #expect(started > 100)
    #expect(ended > 100)
  }

  @Test func aQuickChildStartBindsItsLiteralInputAndEndsWithItsHandler() async throws {
    let graph = Self.graph()
    let observed = try ObservedRunner(graph, path: .quick)
    try await observed.runner.start()
    observed.log = []
    var state = observed.runner.state
    let engine = observed.runner.engine
    #expect(engine.plan(.action("childButtonPressed"), in: &state).quick?.operation == .startPush)
    #expect(engine.plan(.action("itemButtonPressed"), in: &state).quick?.operation == .startPush)
    #expect(
      engine.plan(.action("childSheetButtonPressed"), in: &state).quick?.operation == .startPresent)
    #expect(engine.plan(.action("popOnDismissButtonPressed"), in: &state).quick != nil)
    #expect(engine.plan(.action("checkedButtonPressed"), in: &state).quick == nil)
    try observed.runner.sendSynchronously(.action("childButtonPressed"))
    state = observed.runner.state
    #expect(engine.plan(.back, in: &state).quick?.operation == .popEndingFlow)
    #expect(observed.runner.currentFlow?.input == [.string("home")])
    #expect(observed.runner.currentScreen?.params == [.string("home")])
    #expect(observed.runner.currentFlow?.parent == FlowInstanceID(0))
    #expect(observed.runner.currentFlow?.mode == .push)
    try observed.runner.sendSynchronously(.back)
    #expect(observed.runner.state.flows.count == 1)
    #expect(
      observed.log == [
        "start child 1 [\"home\"]", "push intro", "enter intro 1", "pop 1", "exit intro 1",
        "finish child 1 dismissed []",
      ])
    #expect(observed.navigator.take() == ["present home", "push intro", "pop 1"])
  }

  @Test func presentingAfterADismissReusesTheClosedLayerWithoutSharingIt() async throws {
    let graph = Self.graph()
    let runner = FlowRunner(graph: graph)
    try await runner.start()
    try runner.sendSynchronously(.action("helpButtonPressed"))
    let withSheet = runner.state
    try runner.sendSynchronously(.dismiss)
    #expect(runner.core.spareLayers.count == 1)
    try runner.sendSynchronously(.action("childSheetButtonPressed"))
    #expect(runner.core.spareLayers.isEmpty)
    #expect(runner.state.layerNames(in: graph) == [["home"], ["intro"]])
    #expect(runner.state.layers[1].owner == FlowInstanceID(1))
    // The state copied earlier is untouched.
    #expect(withSheet.layerNames(in: graph) == [["home"], ["help"]])
  }
}

/// A navigator that lets go of itself (the runner's only reference) while
/// it is told a change, and checks that it is still alive after.
final class SelfReplacingNavigator: Navigator {
  final class Witness {
    var deinited = false
    var aliveAfterReplacing: [Bool] = []
  }

  weak var runner: FlowRunner?
  let witness: Witness

  init(_ witness: Witness) { self.witness = witness }

  deinit { witness.deinited = true }

  func apply(_ change: NavigationChange) {
    runner?.navigator = nil
    witness.aliveAfterReplacing.append(!witness.deinited)
  }
}

@Suite("Runtime navigator lifetime")
@MainActor
struct RuntimeNavigatorLifetimeTests {
  @Test(arguments: [false, true])
  func aNavigatorThatReplacesItselfLivesUntilTheStepIsDelivered(general: Bool) async throws {
    let graph = RuntimeQuickFlowTests.graph()
    let runner = FlowRunner(graph: graph)
    if general { runner.onStep = { _ in } }
    try await runner.start()
    let witness = SelfReplacingNavigator.Witness()
    do {
      let navigator = SelfReplacingNavigator(witness)
      navigator.runner = runner
      runner.navigator = navigator
    }
    #expect(!witness.deinited)
    try runner.sendSynchronously(.action("listButtonPressed"))
    #expect(witness.aliveAfterReplacing == [true])
    #expect(witness.deinited)
    #expect(runner.navigator == nil)
    try runner.sendSynchronously(.back)
  }
}

import Logging
import Testing

@testable import FlowGraphCore

/// The runner's quick path (push, pop and `stay` without params, taken in
/// place and delivered without building effects) must be indistinguishable
/// from the general path, observed or not; observing never changes the path.
@Suite("Runtime quick path")
@MainActor
struct RuntimeQuickPathTests {
  typealias B = GraphBuilder

  /// Pushes, pops, presents and dismisses without params, and around them
  /// everything the quick path must leave to the general one: params, a
  /// disabled and a custom back, child flows whose pop or dismiss ends them,
  /// a layer that is not dismissible.
  static func graph() -> FlowGraph {
    var b = GraphBuilder()
    b.entry = "main"
    b.flow(
      "main", start: .screen("home"),
      [
        B.screen(
          "home",
          [
            B.action("openButtonPressed", .push("list")),
            B.action("favoriteButtonPressed", .stay),
            B.action("helpButtonPressed", .present("help")),
            B.action("childButtonPressed", .start("child")),
            B.action("childSheetButtonPressed", .start("child", mode: .present)),
          ]),
        B.screen(
          "list",
          [
            B.action("openButtonPressed", .push("detail")),
            B.action("againButtonPressed", .push("list")),
            B.action("closeButtonPressed", .pop),
            B.action("homeButtonPressed", .popToRoot),
          ]),
        B.screen(
          "detail", back: .disabled,
          [
            B.action("itemButtonPressed", .push("item", with: ["n": .literal(.int(3))])),
            B.action("closeButtonPressed", .pop),
            B.action("rowSelected", ["n": .int], .push("item")),
          ]),
        B.screen(
          "item", params: ["n": .int], back: .custom(.popToRoot),
          [B.action("closeButtonPressed", .pop)]),
        B.screen("help", [B.action("doneButtonPressed", .dismiss)]),
      ])
    b.flow(
      "child", results: ["done": [:]], start: .screen("intro"),
      [
        B.screen(
          "intro",
          [
            B.action("nextButtonPressed", .push("more")),
            B.action("closeButtonPressed", .pop),
            B.action("helpButtonPressed", .present("tips")),
            B.action("doneButtonPressed", .dismiss),
          ]),
        B.screen("more", [B.action("closeButtonPressed", .pop)]),
        B.screen("tips", dismissible: false, [B.action("doneButtonPressed", .dismiss)]),
      ])
    return b.build()
  }

  /// Every event the walk may send on a screen: its actions by name and by
  /// id, names it does not have, an id of another screen, back, dismiss.
  static func candidates(on screen: ScreenID?, in graph: FlowGraph) -> [FlowEvent] {
    var events: [FlowEvent] = [.back, .dismiss, .action("nopeButtonPressed"), .action("")]
    if let screen {
      for (index, action) in graph[screen].actions.enumerated() {
        let id = ActionID(screen: screen, index: index)
        events += [.action(action.name), .resolved(id)]
        if action.params.isEmpty {
          events.append(.action(action.name, arguments: ["x": .int(1)]))
          events.append(.resolved(id, payload: [.int(1)]))
        } else {
          events.append(.action(action.name, arguments: ["n": .int(2)]))
          events.append(.resolved(id, payload: [.int(2)]))
        }
      }
      let other = ScreenID((screen.index + 1) % graph.screens.count)
      if !graph[other].actions.isEmpty {
        events.append(.resolved(ActionID(screen: other, index: 0)))
      }
    }
    return events
  }

  @Test func theQuickPathAgreesWithTheGeneralPathStepByStep() async throws {
    let graph = Self.graph()
    let paths = try ObservedPaths(graph, tags: ["a", "b"])
    #expect(await paths.start() == nil)
    var random: UInt64 = 0x5EED
    var refused = 0
    for step in 0..<3_000 {
      let events = Self.candidates(on: paths.general.runner.currentScreen?.screen, in: graph)
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let event = events[Int((random >> 33) % UInt64(events.count))]
      let error = await paths.send(event, "step \(step)")
      if error != nil { refused += 1 }
      if error != nil, paths.general.runner.state.finish != nil { break }
    }
    #expect(refused > 100)
    #expect(paths.quick.runner.steps > 500)
  }

  @Test func longNamesWhoseWordsMatchAreToldApartByTheirBytes() async throws {
    // Longer than 24 bytes, equal in length, in their first sixteen and
    // their last eight bytes: the words match, the names do not.
    let first = "openTheDetailsOfFirstItemPressed"
    let other = "openTheDetailsOfOtherItemPressed"
    var b = GraphBuilder()
    b.entry = "main"
    b.flow(
      "main", start: .screen("home"),
      [
        B.screen("home", [B.action(first, .push("first")), B.action(other, .push("other"))]),
        B.screen("first", []),
        B.screen("other", []),
      ])
    let graph = b.build()
    let runner = FlowRunner(graph: graph)
    try await runner.start()
    var state = runner.state
    #expect(runner.engine.plan(.action(first), in: &state).quick?.action == 0)
    #expect(runner.engine.plan(.action(other), in: &state).quick?.action == 1)
    let unknown = "openTheDetailsOfThirdItemPressed"
    #expect(runner.engine.plan(.action(unknown), in: &state).quick == nil)
    #expect(throws: RuntimeError.self) { try runner.sendSynchronously(.action(unknown)) }
    try runner.sendSynchronously(.action(other))
    #expect(runner.state.layerNames(in: graph) == [["home", "other"]])
    try runner.sendSynchronously(.back)
    try runner.sendSynchronously(.action(first))
    #expect(runner.state.layerNames(in: graph) == [["home", "first"]])
  }

  @Test func observingAStepDoesNotChangeItsPath() async throws {
    // A quick present keeps the closed layer for the next one; the general
    // path does not. With `onStep` and debug logging on, the runner still
    // takes the quick path.
    let graph = Self.graph()
    var logger = Logger(label: "test") { _ in CollectingHandler(box: MessageBox()) }
    logger.logLevel = .debug
    let runner = FlowRunner(graph: graph, logger: logger)
    var records: [StepRecord] = []
    runner.onStep = { records.append($0) }
    try await runner.start()
    try runner.sendSynchronously(.action("helpButtonPressed"))
    try runner.sendSynchronously(.dismiss)
    #expect(runner.core.spareLayers.count == 1)
    #expect(records.count == 3)
    var general = FlowEngine(graph: graph)
    general.forcesGeneralPath = true
    let forced = FlowRunner(engine: general)
    try await forced.start()
    try forced.sendSynchronously(.action("helpButtonPressed"))
    try forced.sendSynchronously(.dismiss)
    #expect(forced.core.spareLayers.isEmpty)
    #expect(forced.state == runner.state)
  }

  @Test func hooksOfOneScreenRunInRegistrationOrder() async throws {
    let graph = Self.graph()
    let runner = FlowRunner(graph: graph)
    var heard: [String] = []
    for tag in 1...3 {
      try runner.onScreenEnter("list") { _ in heard.append("enter \(tag)") }
      try runner.onScreenExit("list") { _ in heard.append("exit \(tag)") }
    }
    try await runner.start()
    try runner.sendSynchronously(.action("openButtonPressed"))
    try runner.sendSynchronously(.back)
    #expect(heard == ["enter 1", "enter 2", "enter 3", "exit 1", "exit 2", "exit 3"])
  }

  @Test func aHookCannotSendDuringAQuickStep() async throws {
    let graph = Self.graph()
    let runner = FlowRunner(graph: graph)
    var nested: String?
    try runner.onScreenEnter("list") { _ in
      do { try runner.sendSynchronously(.back) } catch { nested = "\(error)" }
    }
    try await runner.start()
    try runner.sendSynchronously(.action("openButtonPressed"))
    #expect(nested != nil)
    #expect(runner.state.layerNames(in: graph) == [["home", "list"]])
  }

  @Test func settingTheLoggersLevelLaterLogsTheSteps() async throws {
    let graph = Self.graph()
    let messages = MessageBox()
    var logger = Logger(label: "test") { _ in CollectingHandler(box: messages) }
    logger.logLevel = .info
    let runner = FlowRunner(graph: graph, logger: logger)
    try await runner.start()
    try runner.sendSynchronously(.action("openButtonPressed"))
    #expect(messages.lines.isEmpty)
    runner.logger.logLevel = .debug
    try runner.sendSynchronously(.action("closeButtonPressed"))
    #expect(messages.lines.count == 1)
    #expect(messages.lines.first?.hasPrefix("step 2: ") == true)
  }
}

/// Where ``CollectingHandler`` writes.
final class MessageBox: @unchecked Sendable {
  var lines: [String] = []
}

/// A log handler that keeps the messages.
struct CollectingHandler: LogHandler {
  let box: MessageBox
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    box.lines.append("\(event.message)")
  }
}

import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Random walks through every example flow, checking the runtime's
/// guarantees after every step: a navigator that applies the changes
/// mirrors the state exactly; every screen and flow comes and goes exactly
/// once; a refused event changes nothing; the state stays consistent and
/// survives a save and restore.
@Suite("Runtime engine: random walks through Flows/ keep every guarantee")
struct RuntimeRandomWalkTests {
  static let examples: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Flows")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }()

  @Test func thereAreExamples() {
    #expect(Self.examples.count >= 6)
  }

  @Test(arguments: examples)
  func randomWalk(path: String) throws {
    let loaded = try FlowGraphLoader().validate(path: path)
    let graph = try #require(loaded.graph)
    #expect(!loaded.diagnostics.hasErrors)
    for seed in UInt64(1)...3 {
      var walk = Walk(graph: graph, seed: seed)
      try walk.run(steps: 200)
      #expect(walk.steps > 100)
    }
  }
}

/// SplitMix64: a small deterministic generator.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

private struct Walk {
  let engine: FlowEngine
  var random: SplitMix
  var state = FlowState()
  /// What an app's navigator shows: the runtime's changes applied by the
  /// core's NavigationMirror.
  let mirror = NavigationMirror<ScreenInstance> { $0 }
  var entered = Set<ScreenInstanceID>()
  var exited = Set<ScreenInstanceID>()
  var started = Set<FlowInstanceID>()
  var finished = Set<FlowInstanceID>()
  var effects: [Effect] = []

  init(graph: FlowGraph, seed: UInt64) {
    engine = FlowEngine(graph: graph)
    random = SplitMix(state: seed)
  }

  var graph: FlowGraph { engine.graph }

  /// The steps committed.
  var steps = 0

  mutating func start() throws {
    let entry = graph.entry ?? FlowID(0)
    var input: [String: Value] = [:]
    for field in graph.flows[entry.index].input { input[field.name] = value(field.type) }
    state = FlowState()
    (entered, exited, started, finished) = ([], [], [], [])
    mirror.removeAll()
    try commit(engine.start(entry, input: input, from: state))
  }

  mutating func run(steps count: Int) throws {
    try start()
    for _ in 0..<count {
      if state.finish != nil {
        // The run ended: everything went away; start a new one.
        #expect(mirror.layers.isEmpty)
        try start()
        continue
      }
      let possible = engine.possibleEvents(in: state)
      if possible.isEmpty || random.next() % 6 == 0 {
        try tryImpossible()
        continue
      }
      let chosen = possible[Int(random.next() % UInt64(possible.count))]
      let event: FlowEvent
      switch chosen.kind {
      case .back: event = .back
      case .dismiss: event = .dismiss
      case .tab: event = .tab(String(chosen.name.dropFirst("tab:".count)))
      case .action(let id): event = .resolved(id, payload: chosen.params.map { value($0.type) })
      }
      var next = state
      var produced: [Effect] = []
      do {
        if let suspension = try engine.apply(event, to: &next, effects: &produced) {
          try commit(.suspended(suspension))
        } else {
          try commit(.completed(Step(state: next, effects: produced)))
        }
      } catch {
        // A task outcome may lead to an impossible step; that is allowed, but
        // then nothing may have changed.
        #expect(next == state, "a refused event changed the state: \(error)")
      }
    }
  }

  /// Sends a random event that may well be impossible; on refusal the state
  /// (mutated in place) must be exactly as before.
  mutating func tryImpossible() throws {
    let before = state
    let events: [FlowEvent] = [
      .back, .dismiss, .action("noSuchAction"), .action(actionName(), arguments: ["zz": .int(1)]),
    ]
    let event = events[Int(random.next() % UInt64(events.count))]
    var effects: [Effect] = []
    do {
      if let suspension = try engine.apply(event, to: &state, effects: &effects) {
        try commit(.suspended(suspension))
      } else {
        try check(effects)
      }
    } catch {
      #expect(state == before)
      #expect(effects.isEmpty)
    }
  }

  func actionName() -> String {
    guard let top = state.top else { return "x" }
    return graph[top.screen].actions.first?.name ?? "x"
  }

  mutating func commit(_ result: StepResult) throws {
    var result = result
    var rounds = 0
    while case .suspended(let suspension) = result {
      rounds += 1
      #expect(rounds < 50)
      let task = graph.tasks[suspension.task.index]
      let outcome = Int(random.next() % UInt64(task.outcomes.count))
      let payload = task.outcomes[outcome].payload.map { value($0.type) }
      result = try engine.resume(suspension, outcome: outcome, payload: payload)
    }
    guard case .completed(let step) = result else { return }
    state = step.state
    steps += 1
    try check(step.effects)
  }

  mutating func check(_ effects: [Effect]) throws {
    for effect in effects {
      switch effect {
      case .navigation(let change): mirror.apply(change)
      case .screenEntered(let screen):
        #expect(entered.insert(screen.id).inserted, "screen instance shown twice")
      case .screenExited(let screen):
        #expect(entered.contains(screen.id))
        #expect(exited.insert(screen.id).inserted, "screen instance removed twice")
      case .flowStarted(let flow):
        #expect(started.insert(flow.id).inserted)
      case .flowFinished(let flow, _, _):
        #expect(started.contains(flow.id))
        #expect(finished.insert(flow.id).inserted, "flow ended twice")
      case .transition, .taskReturned: break
      }
    }
    #expect(
      mirror.layers == state.layers.map(\.screens), "the navigator's mirror differs from the state")
    #expect(mirror.instances == mirror.layers)
    for (index, layer) in state.layers.enumerated() {
      let bar = mirror.tabStacks(ofLayer: index)
      if layer.tabsScreen == nil {
        #expect(bar == nil, "layer \(index) is a plain stack, but the mirror has a tab bar")
      } else {
        #expect(bar?.stacks == layer.stacks.map(\.screens) && bar?.selected == layer.selected)
      }
    }
    let live = Set(
      state.layers.flatMap { $0.stacks.flatMap(\.screens) + [$0.tabsScreen].compactMap { $0 } }
        .map(\.id))
    #expect(live == entered.subtracting(exited), "a screen outlived its removal or was lost")
    #expect(Set(state.flows.map(\.id)) == started.subtracting(finished), "a flow outlived its UI")
    #expect(state.inconsistency(in: graph) == nil, "\(state.inconsistency(in: graph) ?? "")")
    let restored = try FlowState.decoded(from: state.encoded(for: graph), for: graph)
    #expect(restored == state)
  }

  mutating func value(_ type: ValueType) -> Value {
    graph.sample(type, Int(random.next() % 5))
  }
}

extension FlowGraph {
  /// A value of `type`, the `n`th of a few (0 ..< 5) that fit it.
  func sample(_ type: ValueType, _ n: Int) -> Value {
    switch type {
    case .optional(let wrapped): return n == 0 ? .null : sample(wrapped, n)
    case .string: return .string("s\(n)")
    case .int: return .int(n)
    case .double: return .double(Double(n) + 0.5)
    case .bool: return .bool(n % 2 == 0)
    case .url: return .url("https://example.com/\(n)")
    case .date: return .date("2024-01-0\(n + 1)")
    case .list(let element): return .list((0..<n % 3).map { sample(element, (n + $0) % 5) })
    case .named(let id):
      let cases = types[id.index].cases
      return .string(cases[n % cases.count])
    }
  }
}

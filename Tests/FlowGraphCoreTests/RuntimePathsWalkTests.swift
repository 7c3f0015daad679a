import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Random walks through every example flow with three runners side by side
/// (``ObservedPaths``): the quick path, the quick path observed, and the
/// general path forced. Task hooks pick outcomes deterministically, so that
/// the walks reach child flows, results and task steps.
@Suite("Runtime paths: the quick and general paths agree on every file in Flows/")
@MainActor
struct RuntimePathsWalkTests {
  @Test(arguments: RuntimeRandomWalkTests.examples)
  func quickAndGeneralPathsAgree(path: String) async throws {
    let loaded = try FlowGraphLoader().validate(path: path)
    let graph = try #require(loaded.graph)
    for seed in UInt64(1)...3 {
      var random = SplitMix(state: seed)
      var taken = 0
      var step = 0
      var runs = 0
      while step < 300 {
        // A run, until it finishes; then a new one.
        runs += 1
        let paths = try ObservedPaths(graph, tags: ["a", "b"])
        for task in graph.tasks {
          try paths.registerTask(task.name) {
            Self.hook(for: task, in: graph, seed: seed &+ UInt64(runs))
          }
        }
        let entry = graph.entry ?? FlowID(0)
        var input: [String: Value] = [:]
        for field in graph.flows[entry.index].input {
          input[field.name] = graph.sample(field.type, runs % 5)
        }
        step += 1
        guard await paths.start(input: input, "seed \(seed) run \(runs)") == nil else { continue }
        while step < 300, paths.general.runner.state.finish == nil {
          step += 1
          let event = Self.event(paths.general.runner, graph, &random)
          let error = await paths.send(
            event, async: random.next() % 2 == 0, "seed \(seed) step \(step)")
          if error == nil { taken += 1 }
        }
      }
      #expect(taken > 100, "seed \(seed)")
    }
  }

  /// Mostly a possible event (by name or by id, with fitting values), else
  /// one that may well be refused.
  static func event(_ runner: FlowRunner, _ graph: FlowGraph, _ random: inout SplitMix) -> FlowEvent
  {
    let possible = runner.possibleEvents()
    let n = Int(random.next() % 5)
    if possible.isEmpty || random.next() % 5 == 0 {
      let name = runner.currentScreen.flatMap { graph[$0.screen].actions.first?.name } ?? "x"
      let events: [FlowEvent] = [
        .back, .dismiss, .action("noSuchAction"), .action(name, arguments: ["zz": .int(1)]),
        .action(name),
      ]
      return events[Int(random.next() % UInt64(events.count))]
    }
    let chosen = possible[Int(random.next() % UInt64(possible.count))]
    switch chosen.kind {
    case .back: return .back
    case .dismiss: return .dismiss
    case .tab: return .tab(String(chosen.name.dropFirst("tab:".count)))
    case .action(let id):
      if random.next() % 2 == 0 {
        return .resolved(id, payload: chosen.params.map { graph.sample($0.type, n) })
      }
      var arguments: [String: Value] = [:]
      for param in chosen.params { arguments[param.name] = graph.sample(param.type, n) }
      return .action(graph[id].name, arguments: arguments)
    }
  }

  /// A task hook whose outcomes follow a seeded sequence (one per runner, so
  /// the three runners see the same outcomes); now and then an outcome the
  /// task does not declare, which fails the step.
  nonisolated static func hook(
    for task: TaskDefinition, in graph: FlowGraph, seed: UInt64
  ) -> TaskHook {
    let picker = OutcomePicker(seed: seed)
    return { _ in
      let n = picker.next()
      if n % 11 == 0 { return TaskResult("noSuchOutcome") }
      let outcome = task.outcomes[n % task.outcomes.count]
      var payload: [String: Value] = [:]
      for field in outcome.payload { payload[field.name] = graph.sample(field.type, n % 5) }
      return TaskResult(outcome.name, payload)
    }
  }
}

/// A seeded sequence shared by a task hook's calls.
final class OutcomePicker: @unchecked Sendable {
  private let lock = NSLock()
  private var random: SplitMix

  init(seed: UInt64) { random = SplitMix(state: seed) }

  func next() -> Int {
    lock.withLock { Int(random.next() % 1_000) }
  }
}

import FlowBenchKit
import FlowGraphCore
import FlowGraphYAML

/// A ``Navigator`` that counts the changes it is told, as a UI would apply them.
final class CountingNavigator: Navigator {
  /// The changes received.
  private(set) var changes = 0
  /// The screens on the top layer's stack, as the changes left it.
  private(set) var topStackDepth = 0

  func apply(_ change: NavigationChange) {
    changes += 1
    switch change {
    case .push: topStackDepth += 1
    case .pop(let count): topStackDepth -= count
    case .present: topStackDepth = 1
    case .replace, .setRoot, .dismiss: break
    }
  }
}

/// Counters bumped by the lifecycle hooks.
final class HookCounters {
  var entered = 0
  var exited = 0
  var started = 0
  var finished = 0
}

/// A started runner on a generated graph, with a navigator and lifecycle
/// hooks attached, and the events of a walk that begins and ends on the
/// entry flow's first screen (so it can be replayed every iteration).
struct RuntimeFixture {
  let runner: FlowRunner
  let navigator: CountingNavigator
  let counters: HookCounters
  let events: [FlowEvent]

  /// Loads the `screens` graph, starts a runner on it and walks `count` events.
  static func make(screens: Int, scope: EventWalk.Scope, count: Int) async throws -> RuntimeFixture
  {
    let path = try BenchFiles.fromEnvironment.ensureFlowFile(screens: screens)
    let loaded = try FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30)).load(path: path)
    guard let graph = loaded.graph, !loaded.diagnostics.contains(where: { $0.severity == .error })
    else { fatalError("\(path) does not compile clean") }
    let navigator = CountingNavigator()
    let counters = HookCounters()
    let runner = FlowRunner(graph: graph, navigator: navigator)
    // Hooks on every screen and flow the walk can reach: the first flows.
    let layout = FlowLayout(screens: screens)
    for k in 0..<min(layout.flowCount, 7) {
      let flow = layout.flowName(k)
      for t in 0..<FlowLayout.treeScreens {
        try runner.onScreenEnter(layout.treeScreenName(t), in: flow) { _ in counters.entered += 1 }
        try runner.onScreenExit(layout.treeScreenName(t), in: flow) { _ in counters.exited += 1 }
      }
      try runner.onFlowStart(flow) { _ in counters.started += 1 }
      try runner.onFlowFinish(flow) { _, _, _ in counters.finished += 1 }
    }
    try await runner.start()
    let walk = EventWalk(layout: layout, count: count, scope: scope)
    let events = walk.events.map { event -> FlowEvent in
      switch event {
      case .action(let name): .action(name)
      case .back: .back
      case .dismiss: .dismiss
      }
    }
    return RuntimeFixture(runner: runner, navigator: navigator, counters: counters, events: events)
  }

  /// Sends every event; the walk ends where it began.
  func replay() {
    for event in events {
      do {
        try runner.sendSynchronously(event)
      } catch {
        fatalError("event \(event) refused on \(String(describing: runner.currentScreen)): \(error)")
      }
    }
  }
}

import FlowBenchKit
import FlowGraphCore
import FlowGraphYAML

// The counters skip dynamic exclusivity checks (they are touched from one
// thread): with them, the navigator's and hooks' bookkeeping alone cost about
// 300 instructions per event, more than the runtime's own work, which is what
// the benchmark measures.

/// A ``Navigator`` that counts the changes it is told, as a UI would apply them.
public final class CountingNavigator: Navigator {
  /// The changes received.
  @exclusivity(unchecked) public private(set) var changes = 0
  /// The screens on the top layer's stack, as the changes left it.
  @exclusivity(unchecked) public private(set) var topStackDepth = 0

  /// Counts one change.
  public func apply(_ change: NavigationChange) {
    changes += 1
    switch change {
    case .push: topStackDepth += 1
    case .pop(let count): topStackDepth -= count
    case .present: topStackDepth = 1
    case .replace, .setRoot, .dismiss, .tabs: break
    }
  }
}

/// Counters bumped by the lifecycle hooks.
public final class HookCounters {
  /// Screens entered.
  @exclusivity(unchecked) public var entered = 0
  /// Screens exited.
  @exclusivity(unchecked) public var exited = 0
  /// Flows started.
  @exclusivity(unchecked) public var started = 0
  /// Flows finished.
  @exclusivity(unchecked) public var finished = 0
}

/// A started runner on a generated graph, with a navigator and lifecycle
/// hooks attached, and the events of a walk that begins and ends on the
/// entry flow's first screen (so it can be replayed every iteration).
public struct RuntimeFixture {
  /// The runner, started.
  public let runner: FlowRunner
  /// Its navigator.
  public let navigator: CountingNavigator
  /// What its hooks counted.
  public let counters: HookCounters
  /// The walk.
  public let events: [FlowEvent]
  /// The walk's events as ``replay()`` sends them.
  private let sent: SentEvents

  /// How the walk's actions are sent.
  public enum Naming: String, Sendable, CaseIterable {
    /// `.action(name)`: the name is looked up on the current screen.
    case names
    /// `.resolved(ActionID)`: the typed fast path (no name lookup).
    case ids
  }

  /// Loads the `screens` graph, starts a runner on it and walks `count`
  /// events (with `.ids`, the walk is sent once to resolve its actions).
  public static func make(
    screens: Int, scope: EventWalk.Scope, count: Int, naming: Naming = .names
  ) async throws -> RuntimeFixture {
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
    var events = walk.events.map { event -> FlowEvent in
      switch event {
      case .action(let name): .action(name)
      case .back: .back
      case .dismiss: .dismiss
      }
    }
    if naming == .ids {
      for (index, event) in events.enumerated() {
        if case .action(let name, _) = event, let top = runner.currentScreen,
          let id = graph.action(named: name, on: top.screen)
        {
          events[index] = .resolved(id)
        }
        try runner.sendSynchronously(events[index])
      }
    }
    return RuntimeFixture(
      runner: runner, navigator: navigator, counters: counters, events: events,
      sent: SentEvents(events))
  }

  /// Sends every event; the walk ends where it began. Each event is sent
  /// as an app sends one it makes where it sends it (`.action("next")`,
  /// `.resolved(id)`): an owned value, with no reference counting. It is
  /// moved out of the walk's storage for the send and back after it; a copy
  /// out of an array would retain and release its name's and arguments'
  /// storage (about 50 instructions per event), which is the harness's
  /// work, not the runtime's.
  public func replay() {
    let events = sent.events
    for index in events.indices {
      let event = (events.baseAddress! + index).move()
      do {
        try runner.sendSynchronously(event)
      } catch {
        refused(index, error)
      }
      (events.baseAddress! + index).initialize(to: consume event)
    }
  }

  @inline(never)
  private func refused(_ index: Int, _ error: any Error) -> Never {
    fatalError(
      "event \(events[index]) refused on \(String(describing: runner.currentScreen)): \(error)")
  }
}

/// A walk's events in storage of their own, which ``RuntimeFixture/replay()``
/// moves each event out of for its send and back into after it.
private final class SentEvents {
  let events: UnsafeMutableBufferPointer<FlowEvent>

  init(_ walk: [FlowEvent]) {
    events = .allocate(capacity: walk.count)
    _ = events.initialize(from: walk)
  }

  deinit {
    events.deinitialize()
    events.deallocate()
  }
}

import Testing

@testable import FlowGraphCore

/// A runner with a recording navigator and hooks of each kind on every
/// screen and flow, all writing to `log`, and the trace of its steps: the
/// harness of the tests that compare the runner's quick path with the
/// general one event by event.
@MainActor
final class ObservedRunner {
  /// How the runner takes its steps.
  enum Path {
    /// The runner's quick path (no `onStep`).
    case quick
    /// The quick path, observed: its effects recorded as values (`onStep`
    /// records the trace).
    case planned
    /// The general path, forced (``FlowEngine/forcesGeneralPath``; `onStep`
    /// records the trace).
    case general
  }

  let runner: FlowRunner
  let navigator: RecordingNavigator
  var log: [String] = []
  var records: [StepRecord] = []

  /// `tags`: one hook of each kind per tag on every screen and flow, each
  /// logging its tag (two tags check that hooks run in registration order).
  init(_ graph: FlowGraph, path: Path, tags: [String] = [""]) throws {
    let navigator = RecordingNavigator(graph)
    self.navigator = navigator
    var engine = FlowEngine(graph: graph)
    engine.forcesGeneralPath = path == .general
    runner = FlowRunner(engine: engine)
    // The navigator's changes also go to the log, to check their order
    // against the hooks'.
    runner.navigator = ForwardingNavigator(navigator) { [unowned self] in log.append($0) }
    if path != .quick { runner.onStep = { [unowned self] in records.append($0) } }
    for flow in graph.flows {
      for tag in tags {
        let suffix = tag.isEmpty ? "" : " \(tag)"
        for id in flow.screens {
          let name = graph[id].name
          try runner.onScreenEnter(name, in: flow.name) { [unowned self] in
            log.append("enter \(name) \($0.id.rawValue)\(suffix)")
          }
          try runner.onScreenExit(name, in: flow.name) { [unowned self] in
            log.append("exit \(name) \($0.id.rawValue)\(suffix)")
          }
        }
        try runner.onFlowStart(flow.name) { [unowned self] in
          log.append("start \(flow.name) \($0.id.rawValue) \($0.input.map(\.eventSyntax))\(suffix)")
        }
        try runner.onFlowFinish(flow.name) { [unowned self] instance, result, payload in
          log.append(
            "finish \(flow.name) \(instance.id.rawValue) \(result) \(payload.map(\.eventSyntax))"
              + suffix)
        }
      }
    }
  }

  /// Sends an event; the error's text, or `nil`.
  func send(_ event: FlowEvent) -> String? {
    do {
      try runner.sendSynchronously(event)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Sends an event with `send` (a task hook may run); the error's text,
  /// or `nil`.
  func sendAsync(_ event: FlowEvent) async -> String? {
    do {
      try await runner.send(event)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Forgets the log and the trace so far.
  func clear() {
    log = []
    records = []
  }
}

/// A navigator that hands each change to a ``RecordingNavigator`` and
/// reports it as the recording's text.
final class ForwardingNavigator: Navigator {
  let recording: RecordingNavigator
  let heard: (String) -> Void

  init(_ recording: RecordingNavigator, heard: @escaping (String) -> Void) {
    self.recording = recording
    self.heard = heard
  }

  func apply(_ change: NavigationChange) {
    recording.apply(change)
    heard(recording.changes.last ?? "")
  }
}

/// The same graph run three ways side by side: the quick path, the quick
/// path observed (`onStep`: its effects recorded as values), and the general
/// path (``FlowEngine/forcesGeneralPath``, the oracle). Every event goes to
/// all three, and they must agree on everything an app can see: the error,
/// the state, the step count, the navigator's changes, the hooks' calls in
/// order, and (for the two observed ones) the trace records.
@MainActor
final class ObservedPaths {
  let quick: ObservedRunner
  let planned: ObservedRunner
  let general: ObservedRunner
  var all: [ObservedRunner] { [quick, planned, general] }

  init(_ graph: FlowGraph, tags: [String] = [""]) throws {
    quick = try ObservedRunner(graph, path: .quick, tags: tags)
    planned = try ObservedRunner(graph, path: .planned, tags: tags)
    general = try ObservedRunner(graph, path: .general, tags: tags)
  }

  /// Registers the same task hook on the three runners (`make` is called
  /// once per runner, so each gets its own deterministic hook).
  func registerTask(_ name: String, _ make: () -> TaskHook) throws {
    for observed in all { try observed.runner.registerTask(name, make()) }
  }

  /// Starts the three runs; expects them to agree, and returns the general
  /// path's error.
  @discardableResult
  func start(
    input: [String: Value] = [:], _ context: String = "start",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String? {
    var errors: [String?] = []
    for observed in all {
      do {
        try await observed.runner.start(input: input)
        errors.append(nil)
      } catch {
        errors.append("\(error)")
      }
    }
    #expect(
      errors[0] == errors[2] && errors[1] == errors[2], "\(context): \(errors)",
      sourceLocation: sourceLocation)
    expectAgreement(context, sourceLocation: sourceLocation)
    return errors[2]
  }

  /// Sends `event` to the three, synchronously (or with `send` when
  /// `async`), expects them to agree, and returns the general path's error.
  @discardableResult
  func send(
    _ event: FlowEvent, async: Bool = false, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String? {
    var errors: [String?] = []
    for observed in all {
      errors.append(async ? await observed.sendAsync(event) : observed.send(event))
    }
    #expect(
      errors[0] == errors[2] && errors[1] == errors[2], "\(context): \(event): \(errors)",
      sourceLocation: sourceLocation)
    expectAgreement("\(context): \(event)", sourceLocation: sourceLocation)
    return errors[2]
  }

  /// Expects the three to agree now, and forgets what they recorded.
  func expectAgreement(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      quick.runner.state == general.runner.state, "\(context)", sourceLocation: sourceLocation)
    #expect(
      planned.runner.state == general.runner.state, "\(context)", sourceLocation: sourceLocation)
    #expect(
      quick.runner.steps == general.runner.steps && planned.runner.steps == general.runner.steps,
      "\(context)", sourceLocation: sourceLocation)
    let changes = all.map { $0.navigator.take() }
    #expect(
      changes[0] == changes[2] && changes[1] == changes[2], "\(context): \(changes)",
      sourceLocation: sourceLocation)
    #expect(
      quick.log == general.log && planned.log == general.log, "\(context)",
      sourceLocation: sourceLocation)
    #expect(planned.records == general.records, "\(context)", sourceLocation: sourceLocation)
    for observed in all { observed.clear() }
  }
}

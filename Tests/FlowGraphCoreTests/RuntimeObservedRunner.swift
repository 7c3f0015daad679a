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
    navigator = RecordingNavigator(graph)
    var engine = FlowEngine(graph: graph)
    engine.forcesGeneralPath = path == .general
    runner = FlowRunner(engine: engine, navigator: navigator)
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

  /// Forgets the log and the trace so far.
  func clear() {
    log = []
    records = []
  }
}

import FlowGraphCore

/// A run driven by `--events` / `--events-file`: every event in order, each
/// step written as it is committed; stops at the first event that is not
/// possible.
struct ScriptedRun {
  let setup: RunSetup
  let events: [ScriptedEvent]
  let writer: StepWriter

  /// Runs the script; throws the failure that stops it.
  func run() async throws(RunFailure) {
    let outcomes = ScriptedOutcomes(setup.outcomes)
    let runner = setup.makeRunner { call in try await outcomes.next(for: call.name) }
    let writer = self.writer
    runner.onStep = { [unowned runner] record in
      Console.out(writer.lines(for: record, finish: runner.state.finish))
    }
    do {
      try await runner.start(flow: setup.flowName, input: setup.input)
    } catch {
      throw setup.failure(error, event: "start", number: nil, runner: runner)
    }
    for (index, event) in events.enumerated() {
      if let finish = runner.state.finish {
        let flow = setup.graph.flows[finish.flow.index]
        throw .impossible(
          "error: event \(index + 1) (\(event.source)): the run has finished: flow '\(flow.name)' "
            + "ended with '\(flow.name(of: finish.result))'; nothing can happen after that\n"
            + RunSetup.possibleEvents(runner))
      }
      do {
        let flowEvent = try setup.flowEvent(for: event, in: runner)
        try await runner.send(flowEvent)
      } catch {
        throw setup.failure(error, event: event.source, number: index + 1, runner: runner)
      }
    }
  }
}

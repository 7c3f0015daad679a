import FlowGraphCore

/// Everything a run needs, checked before it starts.
struct RunSetup {
  let graph: FlowGraph
  let flow: FlowID
  let input: [String: Value]
  let outcomes: OutcomeScript

  /// The flow name for the runner.
  var flowName: String { graph.flows[flow.index].name }

  /// The possible events, as a message line.
  static func possibleEvents(_ runner: FlowRunner) -> String {
    let events = runner.possibleEvents()
    if runner.state.finish != nil { return "possible events: none (the run has finished)" }
    if events.isEmpty { return "possible events: none" }
    return "possible events: " + events.map { runner.graph.signature($0) }.joined(separator: ", ")
  }

  /// A runner with a hook for every task that answers from `outcomes`.
  func makeRunner(answers: @escaping TaskHook) -> FlowRunner {
    // Task outcomes come from the command line or a prompt: no timeout.
    let runner = FlowRunner(graph: graph, hookTimeout: nil)
    // The command reports every failure itself; the runtime's log stays quiet.
    runner.logger.logLevel = .critical
    for task in graph.tasks {
      // Every task name comes from the graph itself.
      try? runner.registerTask(task.name, answers)
    }
    return runner
  }

  /// The event to send for a scripted one: arguments typed by the current
  /// screen's action (an argument that cannot be read as its type is a
  /// mistyped argument, exit 1).
  func flowEvent(for event: ScriptedEvent, in runner: FlowRunner) throws(RuntimeError) -> FlowEvent
  {
    if let url = event.url { return .open(url) }
    switch event.name {
    case "back": return .back
    case "dismiss": return .dismiss
    case let name where name.hasPrefix("tab:"): return .tab(String(name.dropFirst("tab:".count)))
    case "cancelPendingLink": return .cancelPendingLink
    default: break
    }
    guard let top = runner.currentScreen, let id = graph.action(named: event.name, on: top.screen)
    else {
      // Unknown here: the runtime says so, with the screen's actions.
      var arguments: [String: Value] = [:]
      for argument in event.arguments { arguments[argument.name] = .string(argument.text) }
      return .action(event.name, arguments: arguments)
    }
    let action = graph[id]
    switch FieldArguments(graph: graph).values(
      event.arguments, for: Array(action.params), requireAll: false)
    {
    case .success(let values):
      return .action(event.name, arguments: values)
    case .failure(let problem):
      throw FieldArguments.runtimeError(
        problem, owner: .action(action.name, screen: graph[top.screen].name))
    }
  }

  /// How a failed event or start ends the run: a task without `--outcome` is
  /// exit 2, anything else exit 1 with the possible events.
  func failure(_ error: any Error, event: String, number: Int?, runner: FlowRunner) -> RunFailure {
    let place = number.map { "event \($0) (\(event))" } ?? event
    if let error = error as? RuntimeError, error.code == .taskFailed,
      error.underlying is ScriptedOutcomes.Missing, let task = error.task
    {
      let definition = graph.tasks[graph.task(named: task)!.index]
      return .usage(
        "error: \(place): task '\(task)' runs, but no --outcome was given for it; "
          + "give one of: \(OutcomeScript.signatures(definition, graph)), e.g. --outcome \(OutcomeScript.example(definition, graph))"
      )
    }
    return .impossible("error: \(place): \(error)\n" + Self.possibleEvents(runner))
  }
}

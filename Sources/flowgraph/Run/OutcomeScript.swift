import FlowGraphCore

/// The `--outcome task=outcome(field=value,…)` options: for each task, the
/// outcomes its hook returns in order (the last one repeats).
struct OutcomeScript {
  /// The outcomes by task name, in the order given.
  private(set) var byTask: [String: [TaskResult]] = [:]

  /// Reads and checks every option against the graph (exit 2 when one is wrong).
  init(_ options: [String], graph: FlowGraph) throws(RunFailure) {
    for option in options {
      guard let equals = option.firstIndex(of: "=") else {
        throw .usage(
          "error: --outcome '\(option)' must be TASK=OUTCOME or TASK=OUTCOME(field=value,…)")
      }
      let taskName = option[..<equals].trimmingWhitespace()
      guard let taskID = graph.task(named: taskName) else {
        let hint = NameSuggestion.phrase(
          NameSuggestion.best(for: taskName, among: graph.tasks.map(\.name)))
        let known =
          graph.tasks.isEmpty
          ? "the file has no tasks"
          : "its tasks: " + graph.tasks.map(\.name).joined(separator: ", ")
        throw .usage(
          "error: --outcome '\(option)': there is no task '\(taskName)'\(hint); \(known)")
      }
      let task = graph.tasks[taskID.index]
      let event: ScriptedEvent
      do {
        event = try EventScriptParser.parseOne(String(option[option.index(after: equals)...]))
      } catch {
        throw .usage(
          "error: --outcome '\(option)': \(error.message) (column \(error.column + taskName.count + 1))"
        )
      }
      guard let outcome = task.outcomes.first(where: { $0.name == event.name }) else {
        let hint = NameSuggestion.phrase(
          NameSuggestion.best(for: event.name, among: task.outcomes.map(\.name)))
        throw .usage(
          "error: --outcome '\(option)': task '\(task.name)' has no outcome '\(event.name)'\(hint); "
            + "its outcomes: \(Self.signatures(task, graph))")
      }
      switch FieldArguments(graph: graph).values(event.arguments, for: outcome.payload) {
      case .success(let payload):
        byTask[task.name, default: []].append(TaskResult(outcome.name, payload))
      case .failure(let problem):
        let error = FieldArguments.runtimeError(
          problem, owner: .outcome(outcome.name, task: task.name))
        throw .usage("error: --outcome '\(option)': \(error)")
      }
    }
  }

  /// An `--outcome` value that works for `task`: an outcome with no required
  /// field if it has one (`load=failed`), else its first outcome with a
  /// sample value for each required field (`authenticate=success(token=x)`).
  static func example(_ task: TaskDefinition, _ graph: FlowGraph) -> String {
    guard let first = task.outcomes.first else { return "\(task.name)=OUTCOME" }
    let outcome = task.outcomes.first { $0.payload.allSatisfy { $0.type.isOptional } } ?? first
    let fields = outcome.payload.filter { !$0.type.isOptional }
    guard !fields.isEmpty else { return "\(task.name)=\(outcome.name)" }
    let arguments = fields.map { "\($0.name)=\(sample($0.type, graph))" }
    return "\(task.name)=\(outcome.name)(\(arguments.joined(separator: ",")))"
  }

  /// A value of `type` as an event argument is written.
  private static func sample(_ type: ValueType, _ graph: FlowGraph) -> String {
    switch type {
    case .string: "x"
    case .int: "1"
    case .double: "1.5"
    case .bool: "true"
    case .url: "https://example.com"
    case .date: "2024-01-01"
    case .list: "[]"
    case .optional(let wrapped): sample(wrapped, graph)
    case .named(let id):
      graph.types.indices.contains(id.index) ? graph.types[id.index].cases.first ?? "x" : "x"
    }
  }

  /// The outcomes of a task with their payloads: `success(token: string), failure`.
  static func signatures(_ task: TaskDefinition, _ graph: FlowGraph) -> String {
    task.outcomes.map { outcome in
      outcome.payload.isEmpty
        ? outcome.name
        : "\(outcome.name)("
          + outcome.payload.map(graph.signature(of:)).joined(separator: ", ")
          + ")"
    }.joined(separator: ", ")
  }
}

/// Hands out scripted outcomes to task hooks.
actor ScriptedOutcomes {
  /// A task ran with no `--outcome` for it.
  struct Missing: Error {
    var task: String
  }

  private var queues: [String: [TaskResult]]

  init(_ script: OutcomeScript) {
    queues = script.byTask
  }

  /// The next outcome of a task: in order, the last one repeating.
  func next(for task: String) throws -> TaskResult {
    guard var queue = queues[task], let first = queue.first else { throw Missing(task: task) }
    if queue.count > 1 {
      queue.removeFirst()
      queues[task] = queue
    }
    return first
  }
}

import FlowGraphCore

/// Asks the user which outcome a task takes, and the outcome's payload.
struct OutcomePrompt: Sendable {
  let graph: FlowGraph
  let style: InteractiveStyle

  /// The user's answer for a task call; throws ``InteractiveQuit`` when the
  /// input ends or the user quits.
  func ask(_ call: TaskCall) throws -> TaskResult {
    let task = graph.tasks[call.task.index]
    let input = zip(call.names, call.values).map { "\($0)=\($1.eventSyntax)" }.joined(
      separator: ", ")
    Console.out(
      "\n" + style.warning("Task '\(task.name)'") + (input.isEmpty ? "" : " (\(input))")
        + " runs. Which outcome does it take?\n")
    for (index, outcome) in task.outcomes.enumerated() {
      let fields = outcome.payload.map(graph.signature(of:))
      Console.out(
        "  \(style.bold(String(index + 1) + ")")) \(outcome.name)"
          + (fields.isEmpty ? "" : "(\(fields.joined(separator: ", ")))") + "\n")
    }
    while true {
      guard let line = InteractiveInput.line(prompt: "outcome> ") else { throw InteractiveQuit() }
      let answer = line.trimmingWhitespace()
      if ["q", "quit", "exit"].contains(answer) { throw InteractiveQuit() }
      let outcome: OutcomeDefinition?
      if let number = Int(answer), number >= 1, number <= task.outcomes.count {
        outcome = task.outcomes[number - 1]
      } else {
        outcome = task.outcomes.first { $0.name == answer }
      }
      guard let outcome else {
        Console.out("Type a number from 1 to \(task.outcomes.count), or an outcome's name.\n")
        continue
      }
      var payload: [String: Value] = [:]
      for field in outcome.payload {
        payload[field.name] = try FieldPrompt(graph: graph, style: style).ask(field)
      }
      return TaskResult(outcome.name, payload)
    }
  }
}

/// Asks for one typed value until it reads as its type.
struct FieldPrompt: Sendable {
  let graph: FlowGraph
  let style: InteractiveStyle

  /// The value; `nil` for an optional or a field with a default left empty
  /// (the runtime then fills in the default). Throws ``InteractiveQuit`` at
  /// the end of input.
  func ask(_ field: Parameter) throws -> Value? {
    let type = graph.describe(field.type)
    let hint =
      if let value = field.defaultValue {
        ", empty for the default \(value.eventSyntax)"
      } else if field.type.isOptional {
        ", empty for none"
      } else {
        ""
      }
    while true {
      guard let line = InteractiveInput.line(prompt: "  \(field.name) (\(type)\(hint)): ") else {
        throw InteractiveQuit()
      }
      var text = line.trimmingWhitespace()
      if text.isEmpty && field.mayBeOmitted { return nil }
      var quoted = false
      if text.hasPrefix("\""), case .string(let unquoted)? = JSONItem.read(text) {
        text = unquoted
        quoted = true
      }
      if let value = ValueParser(graph: graph).value(text, quoted: quoted, as: field.type) {
        return value
      }
      if ValueParser.isOutOfRange(text, quoted: quoted, as: field.type) {
        Console.out("  \(IntegerLiteral.outOfRange(text)).\n")
        continue
      }
      Console.out("  '\(text)' is not a \(type); \(Self.example(field.type, graph)).\n")
    }
  }

  /// How a value of a type is written.
  static func example(_ type: ValueType, _ graph: FlowGraph) -> String {
    switch type.nonOptional {
    case .string: return "any text"
    case .int: return "a whole number such as 42"
    case .double: return "a number such as 2.5"
    case .bool: return "true or false"
    case .url: return "a URL with a scheme, such as https://example.com"
    case .date: return "an ISO 8601 date such as 2024-05-01 or 2024-05-01T10:30Z"
    case .list: return "a JSON array such as [\"a\", \"b\"]"
    case .named(let id): return "one of " + graph.types[id.index].cases.joined(separator: ", ")
    case .optional: return "a value"
    }
  }
}

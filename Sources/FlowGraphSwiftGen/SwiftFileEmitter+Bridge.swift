import FlowGraphCore

/// The namespace's `Bridge`: the only generated code that calls the
/// runtime's API (`FlowRunner`, `FlowEvent`, `TaskResult`, `Value`), so that
/// a change there changes this file alone.
extension SwiftFileEmitter {
  func emitBridge(into writer: inout SwiftCodeWriter) {
    writer.doc("The bridge between the typed API and the runtime.")
    writer.block("nonisolated extension \(plan.namespace)") { writer in
      writer.block("fileprivate nonisolated enum Bridge") { writer in
        writer.line("typealias Value = FlowGraphCore.Value")
        emitAdapter(into: &writer)
        emitCheck(into: &writer)
        emitScreenDecoding(into: &writer)
        emitEventEncoding(into: &writer)
        emitStart(into: &writer)
        emitResultDecoding(into: &writer)
        if !plan.tasks.isEmpty { emitRegistration(into: &writer) }
        writer.line()
        for line in Self.valueHelpers.split(separator: "\n", omittingEmptySubsequences: false) {
          writer.line(String(line))
        }
      }
    }
  }

  private func emitAdapter(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.block(
      "static func adapter(for navigator: (any Navigator<Screen>)?) -> (any FlowGraphCore.Navigator)?"
    ) { writer in
      writer.line("navigator.map { FlowGraphCore.ScreenNavigatorAdapter($0, screen: screen) }")
    }
  }

  /// `Bridge.check`: the graph has exactly the screens, flows, tasks and
  /// types this API declares, in the same order and with the same fields.
  private func emitCheck(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      "Throws unless `graph` declares exactly what this API was generated from (regenerate after editing the flows)."
    )
    writer.block("static func check(_ graph: FlowGraphCore.FlowGraph) throws") { writer in
      writer.line("var problems: [String] = []")
      writer.line(
        "expect(&problems, \"screens\", graph.screens.count, \(graph.screens.count), \"count\")"
      )
      writer.line(
        "expect(&problems, \"flows\", graph.flows.count, \(graph.flows.count), \"count\")")
      writer.line(
        "expect(&problems, \"tasks\", graph.tasks.count, \(graph.tasks.count), \"count\")")
      writer.line(
        "expect(&problems, \"types\", graph.types.count, \(graph.types.count), \"count\")")
      writer.block("if problems.isEmpty") { writer in
        for (index, screen) in graph.screens.enumerated() {
          let expected = "\(graph[screen.flow].name).\(screen.name)(\(signature(screen.params)))"
          writer.line(
            "expect(&problems, \"screen \(index)\", screenSignature(graph, \(index)), \(literal(expected)))"
          )
        }
        for (index, flow) in graph.flows.enumerated() {
          writer.line(
            "expect(&problems, \"flow \(index)\", flowSignature(graph, \(index)), \(literal(flowSignature(flow))))"
          )
        }
        for (index, task) in graph.tasks.enumerated() {
          writer.line(
            "expect(&problems, \"task \(index)\", taskSignature(graph, \(index)), \(literal(taskSignature(task))))"
          )
        }
        for (index, type) in graph.types.enumerated() {
          let expected = "\(type.name)(\(type.cases.joined(separator: ", ")))"
          writer.line(
            "expect(&problems, \"type \(index)\", typeSignature(graph, \(index)), \(literal(expected)))"
          )
        }
      }
      writer.block("if !problems.isEmpty") { writer in
        writer.line(
          "throw FlowGraphCore.RuntimeError.invalidGraph(\"the graph is not the one `\(plan.namespace)` was generated from (regenerate it): \" + problems.joined(separator: \"; \"))"
        )
      }
    }
  }

  private func signature(_ fields: [Parameter]) -> String {
    fields.map { "\($0.name): \(graph.describe($0.type))" }.joined(separator: ", ")
  }

  private func flowSignature(_ flow: Flow) -> String {
    let results = flow.results.map { "\($0.name)(\(signature($0.payload)))" }
    return "\(flow.name)(\(signature(flow.input))) -> \(results.joined(separator: " | "))"
  }

  private func taskSignature(_ task: TaskDefinition) -> String {
    let outcomes = task.outcomes.map { "\($0.name)(\(signature($0.payload)))" }
    return "\(task.name)(\(signature(task.input))) -> \(outcomes.joined(separator: " | "))"
  }

  private func emitScreenDecoding(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc("The typed screen of a screen instance (of a graph that passed ``check(_:)``).")
    writer.block("static func screen(_ instance: FlowGraphCore.ScreenInstance) -> Screen") {
      writer in
      if graph.screens.contains(where: { !$0.params.isEmpty }) {
        writer.line("let p = instance.params")
      }
      writer.switchBlock("instance.screen.index") { writer in
        for item in plan.screens {
          let params = graph[item.id].params.enumerated().map { index, field in
            "\(SwiftName.label(SwiftName.member(field.name))): \(values.decode(field.type, "at(p, \(index))"))"
          }
          let arguments = params.isEmpty ? "" : "(\(params.joined(separator: ", ")))"
          writer.line("case \(item.id.index): return .\(SwiftName.escaped(item.name))\(arguments)")
        }
        writer.line(
          "default: preconditionFailure(\"screen \\(instance.screen.index) is not in the graph Bridge.check accepted\")"
        )
      }
    }
    writer.line()
    writer.line("static func layers(of runner: FlowGraphCore.FlowRunner) -> [[Screen]] {")
    writer.line("  runner.state.layers.map { layer in layer.screens.map(screen) }")
    writer.line("}")
  }

  /// The most cases one generated `switch` lists: Swift's exhaustiveness
  /// check gives up ("unable to check that this switch is exhaustive in
  /// reasonable time") somewhere between 600 and 1,000 cases with payloads.
  static let casesPerSwitch = 250

  /// `Bridge.event`: one exhaustive `switch`, or for a graph with more
  /// actions, several switches of ``casesPerSwitch`` cases each, each with a
  /// `default` (which the compiler checks at once).
  private func emitEventEncoding(into writer: inout SwiftCodeWriter) {
    var cases = plan.events.map { item in
      let (pattern, arguments) = bindings(item.params)
      let call =
        arguments.isEmpty
        ? ".action(\(literal(item.action)))"
        : ".action(\(literal(item.action)), arguments: [\(arguments)])"
      return "case .\(SwiftName.escaped(item.name))\(pattern): return \(call)"
    }
    cases += ["case .back: return .back", "case .dismiss: return .dismiss"]
    writer.line()
    writer.block("static func event(_ event: Event) -> FlowGraphCore.FlowEvent") { writer in
      guard cases.count > Self.casesPerSwitch else {
        writer.switchBlock("event") { writer in
          for line in cases { writer.line(line) }
        }
        return
      }
      let chunks = stride(from: 0, to: cases.count, by: Self.casesPerSwitch).map {
        cases[$0..<min($0 + Self.casesPerSwitch, cases.count)]
      }
      for (index, chunk) in chunks.enumerated() {
        writer.switchBlock("event") { writer in
          for line in chunk { writer.line(line) }
          writer.line(
            index == chunks.count - 1
              ? "default: preconditionFailure(\"every event is listed above\")" : "default: break")
        }
      }
    }
  }

  private func emitStart(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.block("static func start(_ flow: Flow) -> (String, [String: Value])") { writer in
      writer.switchBlock("flow") { writer in
        for item in plan.flows {
          let (pattern, arguments) = bindings(item.flow.input)
          writer.line(
            "case .\(SwiftName.escaped(item.name))\(pattern): return (\(literal(item.flow.name)), [\(arguments.isEmpty ? ":" : arguments)])"
          )
        }
      }
    }
  }

  private func emitResultDecoding(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.block("static func result(of runner: FlowGraphCore.FlowRunner) -> FlowResult?") {
      writer in
      writer.line("guard let finish = runner.state.finish else { return nil }")
      if plan.flows.contains(where: { $0.results.contains { !$0.fields.isEmpty } }) {
        writer.line("let p = finish.payload")
      }
      writer.switchBlock("(finish.flow.index, finish.result)") { writer in
        for (flowIndex, item) in plan.flows.enumerated() {
          for (resultIndex, result) in item.results.enumerated() {
            let reference =
              result.dslName == "dismissed" && resultIndex == item.results.count - 1
              ? ".dismissed" : ".declared(\(resultIndex))"
            let fields = result.fields.enumerated().map { index, field in
              "\(SwiftName.label(SwiftName.member(field.name))): \(values.decode(field.type, "at(p, \(index))"))"
            }
            let arguments = fields.isEmpty ? "" : "(\(fields.joined(separator: ", ")))"
            writer.line(
              "case (\(flowIndex), \(reference)): return .\(SwiftName.escaped(item.name))(.\(SwiftName.escaped(result.name))\(arguments))"
            )
          }
        }
        writer.line("default: return nil")
      }
    }
  }

  private func emitRegistration(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.block(
      "static func register(_ hooks: some TaskHooks, on runner: FlowGraphCore.FlowRunner) throws"
    ) { writer in
      for task in plan.tasks {
        writer.block(
          "try runner.registerTask(\(literal(task.definition.name))) { call in", opening: ""
        ) { writer in
          if !task.definition.input.isEmpty { writer.line("let v = call.values") }
          let arguments = task.definition.input.enumerated().map { index, field in
            "\(SwiftName.label(SwiftName.member(field.name))): \(values.decode(field.type, "at(v, \(index))"))"
          }
          writer.switchBlock(
            "try await hooks.\(SwiftName.escaped(task.method))(\(arguments.joined(separator: ", ")))"
          ) { writer in
            for outcome in task.outcomes {
              let (pattern, payload) = bindings(outcome.fields)
              let result =
                payload.isEmpty
                ? "FlowGraphCore.TaskResult(\(literal(outcome.dslName)))"
                : "FlowGraphCore.TaskResult(\(literal(outcome.dslName)), [\(payload)])"
              writer.line("case .\(SwiftName.escaped(outcome.name))\(pattern): return \(result)")
            }
          }
        }
      }
    }
  }

  /// A pattern binding `fields` positionally (`(let v0, let v1)`) and the
  /// dictionary entries that turn them into values (`"email": Value.string(v0)`).
  private func bindings(_ fields: [Parameter]) -> (pattern: String, entries: String) {
    guard !fields.isEmpty else { return ("", "") }
    let pattern = "(" + fields.indices.map { "let v\($0)" }.joined(separator: ", ") + ")"
    let entries = fields.enumerated().map { index, field in
      "\(literal(field.name)): \(values.encode(field.type, "v\(index)"))"
    }
    return (pattern, entries.joined(separator: ", "))
  }

  /// The `check` helpers and the decoders of runtime values; a value of the
  /// wrong kind cannot reach them (the runtime type-checks every value), so
  /// each has a harmless fallback instead of a trap.
  static let valueHelpers = """
    static func expect<T: Equatable>(_ problems: inout [String], _ what: String, _ actual: T?, _ expected: T, _ detail: String? = nil) {
      guard actual != expected else { return }
      let shown = actual.map { "\\($0)" } ?? "none"
      problems.append("\\(what)\\(detail.map { " \\($0)" } ?? ""): expected \\(expected), found \\(shown)")
    }

    static func fields(_ fields: [FlowGraphCore.Parameter], _ graph: FlowGraphCore.FlowGraph) -> String {
      fields.map { "\\($0.name): \\(graph.describe($0.type))" }.joined(separator: ", ")
    }

    static func screenSignature(_ graph: FlowGraphCore.FlowGraph, _ index: Int) -> String? {
      guard index < graph.screens.count else { return nil }
      let screen = graph.screens[index]
      guard screen.flow.index < graph.flows.count else { return nil }
      return "\\(graph.flows[screen.flow.index].name).\\(screen.name)(\\(fields(screen.params, graph)))"
    }

    static func flowSignature(_ graph: FlowGraphCore.FlowGraph, _ index: Int) -> String? {
      guard index < graph.flows.count else { return nil }
      let flow = graph.flows[index]
      let results = flow.results.map { "\\($0.name)(\\(fields($0.payload, graph)))" }
      return "\\(flow.name)(\\(fields(flow.input, graph))) -> \\(results.joined(separator: " | "))"
    }

    static func taskSignature(_ graph: FlowGraphCore.FlowGraph, _ index: Int) -> String? {
      guard index < graph.tasks.count else { return nil }
      let task = graph.tasks[index]
      let outcomes = task.outcomes.map { "\\($0.name)(\\(fields($0.payload, graph)))" }
      return "\\(task.name)(\\(fields(task.input, graph))) -> \\(outcomes.joined(separator: " | "))"
    }

    static func typeSignature(_ graph: FlowGraphCore.FlowGraph, _ index: Int) -> String? {
      guard index < graph.types.count else { return nil }
      return "\\(graph.types[index].name)(\\(graph.types[index].cases.joined(separator: ", ")))"
    }

    static func at(_ values: [Value], _ index: Int) -> Value {
      index < values.count ? values[index] : .null
    }

    static func string(_ value: Value) -> String {
      switch value {
      case .string(let text), .date(let text), .url(let text): text
      default: ""
      }
    }

    static func int(_ value: Value) -> Int {
      if case .int(let number) = value { number } else { 0 }
    }

    static func double(_ value: Value) -> Double {
      switch value {
      case .double(let number): number
      case .int(let number): Double(number)
      default: 0
      }
    }

    static func bool(_ value: Value) -> Bool {
      if case .bool(let flag) = value { flag } else { false }
    }

    static func url(_ value: Value) -> URL {
      let text = string(value)
      return URL(string: text) ?? URL(fileURLWithPath: text.isEmpty ? "/" : text)
    }

    static func named<T: RawRepresentable & CaseIterable>(_ value: Value, as type: T.Type) -> T where T.RawValue == String {
      T(rawValue: string(value)) ?? T.allCases[T.allCases.startIndex]
    }

    static func list<T>(_ value: Value, _ element: (Value) -> T) -> [T] {
      if case .list(let items) = value { items.map(element) } else { [] }
    }

    static func optional<T>(_ value: Value, _ wrapped: (Value) -> T) -> T? {
      value == .null ? nil : wrapped(value)
    }
    """
}

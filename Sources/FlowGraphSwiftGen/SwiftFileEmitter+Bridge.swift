import FlowGraphCore

/// The namespace's `Bridge`: the only generated code that calls the
/// runtime's API (`FlowRunner`, `FlowEvent`, `TaskResult`, `Value`), so that
/// a change there changes this file alone. It holds what is specific to the
/// flows (the expected graph shape and the switches between the typed API and
/// runtime values); the decoders and checks it calls are FlowGraphCore's
/// ``GeneratedBridge`` and ``FlowGraph/requireShape(_:generatedAs:)``. It
/// adopts ``GeneratedAPI``: the namespace's `Runner` is FlowGraphCore's
/// ``GeneratedRunner`` over it.
extension SwiftFileEmitter {
  func emitBridge(into writer: inout SwiftCodeWriter) {
    writer.doc("The bridge between the typed API and the runtime.")
    writer.block("nonisolated extension \(plan.namespace)") { writer in
      writer.doc(
        paragraphs: [
          "The conversions between the typed API and the runtime that ``Runner`` makes.",
          "Meant for the runner: app code types a screen instance with `Runner.screen(_:)`.",
        ])
      writer.block(
        "\(modifier)nonisolated enum Bridge: FlowGraphCore.GeneratedAPI, FlowGraphCore.GeneratedBridge"
      ) { writer in
        writer.line("typealias Value = FlowGraphCore.Value")
        emitShape(into: &writer)
        emitScreenDecoding(into: &writer)
        emitEventEncoding(into: &writer)
        emitStart(into: &writer)
        emitResultDecoding(into: &writer)
        if !plan.tasks.isEmpty { emitRegistration(into: &writer) }
      }
    }
  }

  /// `Bridge.shape`: the screens, tab bars, flows, tasks and types this API
  /// declares, in graph order and with their fields (``GeneratedGraphShape``,
  /// written out as it is now), which `checkShape(of:)` requires of a graph.
  private func emitShape(into writer: inout SwiftCodeWriter) {
    let shape = GeneratedGraphShape(of: graph)
    writer.line()
    writer.doc(
      "What the graph must declare: exactly what this API was generated from (regenerate after editing the flows)."
    )
    writer.line("static let shape = FlowGraphCore.GeneratedGraphShape(")
    let parts = [
      ("screens", shape.screens), ("tabs", shape.tabs), ("flows", shape.flows),
      ("tasks", shape.tasks), ("types", shape.types),
    ]
    for (index, (label, entries)) in parts.enumerated() {
      let end = index == parts.count - 1 ? ")" : ","
      guard !entries.isEmpty else {
        writer.line("  \(label): []\(end)")
        continue
      }
      writer.line("  \(label): [")
      for entry in entries { writer.line("    \(SwiftValueMapping.stringLiteral(entry)),") }
      writer.line("  ]\(end)")
    }
    writer.line()
    writer.block("\(modifier)static func checkShape(of graph: FlowGraphCore.FlowGraph) throws") {
      writer in
      writer.line("try graph.requireShape(shape, generatedAs: \(literal(plan.namespace)))")
    }
  }

  private func emitScreenDecoding(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc("The typed screen of a screen instance (of a graph that passed `checkShape(of:)`).")
    writer.block(
      "\(modifier)static func screen(_ instance: FlowGraphCore.ScreenInstance) -> Screen"
    ) {
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
          "default: preconditionFailure(\"screen \\(instance.screen.index) is not in the graph checkShape(of:) accepted\")"
        )
      }
    }
  }

  /// The most cases one generated `switch` lists: Swift's exhaustiveness
  /// check gives up ("unable to check that this switch is exhaustive in
  /// reasonable time") somewhere between 600 and 1,000 cases with payloads.
  static let casesPerSwitch = 250

  /// `Bridge.flowEvent`: one exhaustive `switch`, or for a graph with more
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
    if !plan.tabs.isEmpty { cases.append("case .tab(let tab): return .tab(tab.rawValue)") }
    if graph.hasDeepLinks {
      cases += [
        "case .open(let url): return .open(url.absoluteString)",
        "case .cancelPendingLink: return .cancelPendingLink",
      ]
    }
    writer.line()
    writer.block("\(modifier)static func flowEvent(_ event: Event) -> FlowGraphCore.FlowEvent") {
      writer in
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
    writer.block(
      "\(modifier)static func flowStart(_ flow: Flow) -> (name: String, input: [String: FlowGraphCore.Value])"
    ) { writer in
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
    writer.block(
      "\(modifier)static func result(of state: FlowGraphCore.FlowState) -> FlowResult?"
    ) { writer in
      writer.line("guard let finish = state.finish else { return nil }")
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
      "\(modifier)static func register(_ hooks: any TaskHooks, on runner: FlowGraphCore.FlowRunner) throws"
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
}

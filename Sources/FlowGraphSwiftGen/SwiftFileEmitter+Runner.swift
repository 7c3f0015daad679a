import FlowGraphCore

/// The namespace's `Runner`: FlowGraphCore's ``GeneratedRunner`` over the
/// namespace's `Bridge` (which adopts ``GeneratedAPI``). Only what differs per
/// file is written: the alias, an initializer without hooks when the flows run
/// no task, and `start()` without arguments when the entry flow's input is
/// empty or all defaulted.
extension SwiftFileEmitter {
  /// The `Runner` alias, inside the namespace.
  func emitRunner(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      paragraphs: [
        "Runs the flows with typed events, screens and hooks: FlowGraphCore's `GeneratedRunner`, a `FlowRunner` underneath (one runtime).",
        "Not `Sendable`: create and use it in one isolation domain, typically the main actor; the navigator is called there.",
      ])
    writer.line("\(modifier)typealias Runner = FlowGraphCore.GeneratedRunner<Bridge>")
  }

  /// What the generic runner cannot say for every file, in an extension of
  /// it after the namespace: an initializer without hooks when the flows run
  /// no task, and `start()` without arguments when the entry flow's input is
  /// empty or all defaulted.
  func emitRunnerExtension(into writer: inout SwiftCodeWriter) {
    var entry: SwiftAPIPlan.FlowCase?
    if let id = graph.entry,
      graph[id].input.allSatisfy({ values.defaultExpression(for: $0) != nil })
    {
      entry = plan.flows.first { $0.flow.name == graph[id].name }
    }
    guard plan.tasks.isEmpty || entry != nil else { return }
    let m = modifier
    writer.line()
    writer.block(
      "nonisolated extension FlowGraphCore.GeneratedRunner where API == \(plan.namespace).Bridge"
    ) { writer in
      if plan.tasks.isEmpty {
        writer.doc(
          "Creates a runner for `graph`, the graph of the flow files this API was generated from; these flows run no task."
        )
        writer.block(
          "\(m)convenience init(graph: FlowGraphCore.FlowGraph, navigator: (any FlowGraphCore.ScreenNavigator<API.Screen>)? = nil, hookTimeout: Duration? = FlowGraphCore.FlowRunner.defaultHookTimeout, isolation: isolated (any Actor)? = #isolation) throws"
        ) { writer in
          writer.line(
            "try self.init(graph: graph, hooks: (), navigator: navigator, hookTimeout: hookTimeout, isolation: isolation)"
          )
        }
      }
      guard let entry else { return }
      if plan.tasks.isEmpty { writer.line() }
      writer.doc(
        "Starts the run with the entry flow, `\(entry.flow.name)`\(entry.flow.input.isEmpty ? "" : ", its input defaulted")."
      )
      writer.block(
        "\(m)func start(isolation: isolated (any Actor)? = #isolation) async throws(FlowGraphCore.RuntimeError)"
      ) { writer in
        let defaults = entry.flow.input.isEmpty ? "" : "()"
        writer.line(
          "try await start(.\(SwiftName.escaped(entry.name))\(defaults), isolation: isolation)")
      }
    }
  }
}

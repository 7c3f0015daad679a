import FlowGraphCore

/// The namespace's `Runner`: FlowGraphCore's ``GeneratedRunner`` over the
/// namespace, which adopts ``GeneratedAPI`` by handing each conversion to its
/// `Bridge`. Only what differs per file is written here: the conformance, and
/// `start()` without arguments when the entry flow takes no input.
extension SwiftFileEmitter {
  /// The `Runner` alias, inside the namespace.
  func emitRunner(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      paragraphs: [
        "Runs the flows with typed events, screens and hooks: FlowGraphCore's `GeneratedRunner`, a `FlowRunner` underneath (one runtime).",
        "Not `Sendable`: create and use it in one isolation domain, typically the main actor; the navigator is called there.",
      ])
    writer.line("\(modifier)typealias Runner = FlowGraphCore.GeneratedRunner<\(plan.namespace)>")
  }

  /// The conformance to `GeneratedAPI` and the runner's entry `start()`,
  /// after the namespace.
  func emitConformance(into writer: inout SwiftCodeWriter) {
    let m = modifier
    writer.doc(
      "The conversions between the typed API and the runtime that ``Runner`` makes (`screen(_:)` also types a screen instance of a `TabsChange`)."
    )
    writer.block("nonisolated extension \(plan.namespace): FlowGraphCore.GeneratedAPI") { writer in
      writer.block("\(m)static func checkShape(of graph: FlowGraphCore.FlowGraph) throws") {
        writer in
        writer.line("try graph.requireShape(Bridge.shape, generatedAs: \(literal(plan.namespace)))")
      }
      writer.line()
      writer.block("\(m)static func screen(_ instance: FlowGraphCore.ScreenInstance) -> Screen") {
        writer in
        writer.line("Bridge.screen(instance)")
      }
      writer.line()
      writer.block("\(m)static func flowEvent(_ event: Event) -> FlowGraphCore.FlowEvent") {
        writer in
        writer.line("Bridge.event(event)")
      }
      writer.line()
      writer.block(
        "\(m)static func flowStart(_ flow: Flow) -> (name: String, input: [String: FlowGraphCore.Value])"
      ) { writer in
        writer.line("Bridge.start(flow)")
      }
      writer.line()
      writer.block("\(m)static func result(of state: FlowGraphCore.FlowState) -> FlowResult?") {
        writer in
        writer.line("Bridge.result(of: state)")
      }
      guard !plan.tasks.isEmpty else { return }
      writer.line()
      writer.block(
        "\(m)static func register(_ hooks: any TaskHooks, on runner: FlowGraphCore.FlowRunner) throws"
      ) { writer in
        writer.line("try Bridge.register(hooks, on: runner)")
      }
    }
    guard let entry = graph.entry, graph[entry].input.isEmpty,
      let item = plan.flows.first(where: { $0.flow.name == graph[entry].name })
    else { return }
    writer.line()
    writer.block(
      "nonisolated extension FlowGraphCore.GeneratedRunner where API == \(plan.namespace)"
    ) { writer in
      writer.doc("Starts the run with the entry flow, `\(item.flow.name)`.")
      writer.block(
        "\(m)func start(isolation: isolated (any Actor)? = #isolation) async throws"
      ) { writer in
        writer.line("try await start(.\(SwiftName.escaped(item.name)), isolation: isolation)")
      }
    }
  }
}

import FlowGraphCore

/// The namespace's `Runner`: FlowGraphCore's ``GeneratedRunner`` over the
/// namespace's `Bridge` (which adopts ``GeneratedAPI``). Only what differs per
/// file is written: the alias, and `start()` without arguments when the entry
/// flow takes no input.
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

  /// `start()` without arguments when the entry flow takes no input: an
  /// extension of the runner, after the namespace.
  func emitEntryStart(into writer: inout SwiftCodeWriter) {
    guard let entry = graph.entry, graph[entry].input.isEmpty,
      let item = plan.flows.first(where: { $0.flow.name == graph[entry].name })
    else { return }
    let m = modifier
    writer.line()
    writer.block(
      "nonisolated extension FlowGraphCore.GeneratedRunner where API == \(plan.namespace).Bridge"
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

import FlowGraphCore

extension SwiftFileEmitter {
  func emitRunner(into writer: inout SwiftCodeWriter) {
    let m = modifier
    writer.line()
    writer.doc(
      paragraphs: [
        "Runs the flows with typed events, screens and hooks: a `FlowRunner` underneath (one runtime).",
        "Not `Sendable`: create and use it in one isolation domain, typically the main actor; the navigator is called there.",
      ])
    writer.block("\(typeModifier)final class Runner") { writer in
      writer.doc(
        "The runner underneath: state saving and restoration, step records, lifecycle hooks.")
      writer.line("\(m)let base: FlowGraphCore.FlowRunner")
      writer.line()
      writer.doc("What the UI mirrors, told each change with typed screens (held strongly).")
      writer.block("\(m)var navigator: (any Navigator<Screen>)?") { writer in
        writer.line(
          "didSet { base.navigator = Bridge.adapter(for: navigator, screen: Bridge.screen) }")
      }
      writer.line()
      writer.doc(
        paragraphs: [
          "Creates a runner for `graph`, the graph of the flow files this API was generated from (loaded from YAML or from `flowgraph compile`'s JSON).",
          "Throws when the graph's screens, tasks or flows are not the ones this API declares.",
        ])
      let hooks = plan.tasks.isEmpty ? "" : "hooks: some TaskHooks, "
      writer.block(
        "\(m)init(graph: FlowGraphCore.FlowGraph, \(hooks)navigator: (any Navigator<Screen>)? = nil, hookTimeout: Duration? = FlowGraphCore.FlowRunner.defaultHookTimeout) throws"
      ) { writer in
        writer.line("try Bridge.check(graph)")
        writer.line("base = FlowGraphCore.FlowRunner(graph: graph, hookTimeout: hookTimeout)")
        writer.line("self.navigator = navigator")
        writer.line("base.navigator = Bridge.adapter(for: navigator, screen: Bridge.screen)")
        if !plan.tasks.isEmpty { writer.line("try Bridge.register(hooks, on: base)") }
      }
      writer.line()
      var startDefault = ""
      if let entry = graph.entry, graph[entry].input.isEmpty,
        let item = plan.flows.first(where: { $0.flow.name == graph[entry].name })
      {
        startDefault = " = .\(SwiftName.escaped(item.name))"
      }
      writer.doc("Starts the run with a flow and its input.")
      writer.block(
        "\(m)func start(_ flow: Flow\(startDefault), isolation: isolated (any Actor)? = #isolation) async throws"
      ) { writer in
        writer.line("let (name, input) = Bridge.start(flow)")
        writer.line("try await base.start(flow: name, input: input, isolation: isolation)")
      }
      writer.line()
      writer.doc(
        "Sends an event; returns once its step is committed and the navigator told. Throws, with the state unchanged, when the event is not possible now or a task hook fails."
      )
      writer.block(
        "\(m)func send(_ event: Event, isolation: isolated (any Actor)? = #isolation) async throws"
      ) { writer in
        writer.line("try await base.send(Bridge.event(event), isolation: isolation)")
      }
      writer.line()
      writer.doc(
        "Sends an event that runs no task, without waiting (throws when it would run one).")
      writer.block("\(m)func sendSynchronously(_ event: Event) throws") { writer in
        writer.line("try base.sendSynchronously(Bridge.event(event))")
      }
      writer.line()
      writer.doc("The screen the user is on.")
      writer.block("\(m)var currentScreen: Screen?") { writer in
        writer.line("base.currentScreen.map(Bridge.screen)")
      }
      writer.line()
      writer.doc("The modal layers, bottom to top, each its stack of screens bottom to top.")
      writer.block("\(m)var layers: [[Screen]]") { writer in
        writer.line("Bridge.layers(of: base, Bridge.screen)")
      }
      writer.line()
      writer.doc("How the run's root flow ended, once it has.")
      writer.block("\(m)var result: FlowResult?") { writer in
        writer.line("Bridge.result(of: base)")
      }
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FlowState {
  /// The state as JSON for state restoration: names instead of indices,
  /// typed values, the graph's fingerprint. Deterministic (sorted keys).
  public func encoded(for graph: FlowGraph, prettyPrinted: Bool = false) throws -> Data {
    let saved = SavedState(
      format: SavedState.format, version: SavedState.version, graph: graph.fingerprint,
      flows: flows.map { flow in
        let definition = graph.flows[flow.flow.index]
        return SavedFlow(
          id: flow.id.rawValue, flow: definition.name,
          input: Self.fields(definition.input, flow.input, graph),
          parent: flow.parent?.rawValue, mode: flow.mode?.rawValue,
          startedBy: flow.origin.flatMap { Self.savedPath($0, graph) },
          tabsScreen: flow.tabsScreen?.rawValue)
      },
      layers: layers.map { layer in
        SavedLayer(
          owner: layer.owner.rawValue, selected: layer.selected,
          stacks: layer.stacks.map { stack in stack.screens.map { Self.saved($0, graph) } },
          tabs: layer.tabsScreen.map { Self.saved($0, graph) })
      },
      finished: finish.map { finish in
        let flow = graph.flows[finish.flow.index]
        return SavedFinish(
          flow: flow.name, result: flow.name(of: finish.result),
          payload: Self.fields(flow.payload(of: finish.result), finish.payload, graph))
      },
      next: SavedCounters(flow: nextFlowInstance, screen: nextScreenInstance),
      pendingLink: pendingLink?.url)
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      prettyPrinted
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(saved)
  }

  private static func saved(_ screen: ScreenInstance, _ graph: FlowGraph) -> SavedScreen {
    SavedScreen(
      id: screen.id.rawValue, screen: graph.screens[screen.screen.index].name,
      flow: screen.flow.rawValue,
      params: fields(graph.screens[screen.screen.index].params, screen.params, graph))
  }

  private static func fields(
    _ parameters: some IndexedList<Parameter>, _ values: [Value], _ graph: FlowGraph
  )
    -> [SavedField]
  {
    zip(parameters, values).map { parameter, value in
      SavedField(
        name: parameter.name, type: graph.describe(parameter.type), value: SavedValue(value))
    }
  }

  private static func savedPath(_ path: TransitionPath, _ graph: FlowGraph) -> SavedPath? {
    var saved: SavedPath
    var current: Transition
    switch path.root {
    case .action(let id):
      let screen = graph.screens[id.screen.index]
      saved = SavedPath(
        flow: graph.flows[screen.flow.index].name, screen: screen.name,
        action: screen.actions[id.index].name, back: nil, steps: [])
      current = screen.actions[id.index].transition
    case .back(let id):
      let screen = graph.screens[id.index]
      guard case .custom(let transition) = screen.back else { return nil }
      saved = SavedPath(
        flow: graph.flows[screen.flow.index].name, screen: screen.name, action: nil, back: true,
        steps: [])
      current = transition
    case .tab(let id, let index):
      let screen = graph.screens[id.index]
      guard let transition = graph.transition(at: TransitionPath(root: path.root)),
        let tab = screen.tabBar?.tabs[index]
      else { return nil }
      saved = SavedPath(
        flow: graph.flows[screen.flow.index].name, screen: screen.name, action: nil, back: nil,
        tab: tab.name, steps: [])
      current = transition
    }
    for step in path.steps {
      switch (step, current.kind) {
      case (.outcome(let index), .run(let task, let outcomes)):
        saved.steps.append(SavedPath.Step(outcome: graph.tasks[task.index].outcomes[index].name))
        current = outcomes[index]
      case (.handler(let result), .start(let flow, _, let handlers)):
        saved.steps.append(SavedPath.Step(on: graph.flows[flow.index].name(of: result)))
        current = handlers[result]
      default:
        return nil
      }
    }
    return saved
  }
}

extension FlowState {
  /// Why the state contradicts the runtime's invariants, or `nil` when it
  /// holds them: live flows form a chain (each started by the one before),
  /// each shows a screen, each layer's stacks start with its owner's screen,
  /// screens of inner flows lie above those of outer ones, the top screen
  /// belongs to the innermost flow, ids are unique and below the counters.
  public func inconsistency(in graph: FlowGraph) -> String? {
    if finish != nil && (!flows.isEmpty || !layers.isEmpty) {
      return "the run has finished but still has live flows or layers"
    }
    if flows.isEmpty {
      return layers.isEmpty ? nil : "layers are shown but no flow is live"
    }
    // With a tab bar, the live flows are a tree (SPEC §6.1).
    if layers.contains(where: { $0.tabsScreen != nil }) { return tabsInconsistency(in: graph) }
    var position: [FlowInstanceID: Int] = [:]
    for (index, flow) in flows.enumerated() {
      guard position[flow.id] == nil else { return "flow id \(flow.id.rawValue) is used twice" }
      guard flow.id.rawValue >= 0, flow.id.rawValue < nextFlowInstance else {
        return "flow id \(flow.id.rawValue) is not below the next id \(nextFlowInstance)"
      }
      position[flow.id] = index
      let name = graph.flows[flow.flow.index].name
      guard flow.input.count == graph.flows[flow.flow.index].input.count else {
        return
          "flow '\(name)' has \(flow.input.count) input values for \(graph.flows[flow.flow.index].input.count) fields"
      }
      if index == 0 {
        guard flow.parent == nil else { return "the first live flow '\(name)' has a parent" }
      } else {
        guard flow.parent == flows[index - 1].id else {
          return "flow '\(name)' was not started by the flow before it"
        }
        guard flow.origin != nil, flow.mode != nil else {
          return "child flow '\(name)' does not say how it was started"
        }
      }
    }
    var screenIDs = Set<ScreenInstanceID>()
    var shown = Set<FlowInstanceID>()
    var lastFlow = 0
    for (layerIndex, layer) in layers.enumerated() {
      guard let owner = position[layer.owner] else {
        return "layer \(layerIndex) belongs to flow \(layer.owner.rawValue), which is not live"
      }
      guard !layer.stacks.isEmpty, layer.selected >= 0, layer.selected < layer.stacks.count else {
        return "layer \(layerIndex) has no selected stack"
      }
      for stack in layer.stacks {
        guard let first = stack.screens.first else {
          return "layer \(layerIndex) has an empty stack"
        }
        guard first.flow == layer.owner else {
          return "layer \(layerIndex) does not start with a screen of the flow that opened it"
        }
        var stackFlow = owner
        for screen in stack.screens {
          guard screenIDs.insert(screen.id).inserted else {
            return "screen id \(screen.id.rawValue) is used twice"
          }
          guard screen.id.rawValue >= 0, screen.id.rawValue < nextScreenInstance else {
            return "screen id \(screen.id.rawValue) is not below the next id \(nextScreenInstance)"
          }
          guard let flowIndex = position[screen.flow] else {
            return "a screen belongs to flow \(screen.flow.rawValue), which is not live"
          }
          guard graph.screens[screen.screen.index].flow == flows[flowIndex].flow else {
            return
              "screen '\(graph.screens[screen.screen.index].name)' is shown by a flow it does not belong to"
          }
          guard screen.params.count == graph.screens[screen.screen.index].params.count else {
            return
              "screen '\(graph.screens[screen.screen.index].name)' has the wrong number of params"
          }
          guard flowIndex >= stackFlow else {
            return
              "a screen of an outer flow lies above a screen of an inner flow in layer \(layerIndex)"
          }
          stackFlow = flowIndex
          shown.insert(screen.flow)
        }
        if layer.stacks.count == 1 || stack == layer.stacks[layer.selected] {
          guard stackFlow >= lastFlow else {
            return "layer \(layerIndex) holds screens of a flow outside the layers below"
          }
          lastFlow = stackFlow
        }
      }
    }
    for flow in flows where !shown.contains(flow.id) {
      return "flow '\(graph.flows[flow.flow.index].name)' is live but shows no screen"
    }
    guard let top, top.flow == flows[flows.count - 1].id else {
      return "the top screen does not belong to the innermost flow"
    }
    return nil
  }
}

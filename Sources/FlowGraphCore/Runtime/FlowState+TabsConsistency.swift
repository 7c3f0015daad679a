extension FlowState {
  /// ``inconsistency(in:)`` for a state with a tab bar (SPEC §6.1), whose
  /// live flows form a tree: each child after its parent, a tab flow's
  /// screens in its tab's stack, every layer's stacks non-empty, ids unique
  /// and below the counters, every live flow showing a screen.
  func tabsInconsistency(in graph: FlowGraph) -> String? {
    var position: [FlowInstanceID: Int] = [:]
    for (index, flow) in flows.enumerated() {
      let name = graph.flows[flow.flow.index].name
      guard position[flow.id] == nil else { return "flow id \(flow.id.rawValue) is used twice" }
      guard flow.id.rawValue >= 0, flow.id.rawValue < nextFlowInstance else {
        return "flow id \(flow.id.rawValue) is not below the next id \(nextFlowInstance)"
      }
      guard flow.input.count == graph.flows[flow.flow.index].input.count else {
        return "flow '\(name)' has the wrong number of input values"
      }
      if index == 0 {
        guard flow.parent == nil else { return "the first live flow '\(name)' has a parent" }
      } else {
        guard let parent = flow.parent, position[parent] != nil else {
          return "flow '\(name)' was not started by a flow before it"
        }
        guard flow.origin != nil, flow.mode != nil else {
          return "child flow '\(name)' does not say how it was started"
        }
      }
      position[flow.id] = index
    }
    var screenIDs = Set<ScreenInstanceID>()
    var shown = Set<FlowInstanceID>()
    func check(_ screen: ScreenInstance) -> String? {
      guard screenIDs.insert(screen.id).inserted else {
        return "screen id \(screen.id.rawValue) is used twice"
      }
      guard screen.id.rawValue >= 0, screen.id.rawValue < nextScreenInstance else {
        return "screen id \(screen.id.rawValue) is not below the next id \(nextScreenInstance)"
      }
      guard let index = position[screen.flow] else {
        return "a screen belongs to flow \(screen.flow.rawValue), which is not live"
      }
      let definition = graph.screens[screen.screen.index]
      guard definition.flow == flows[index].flow, screen.params.count == definition.params.count
      else { return "screen '\(definition.name)' does not fit the flow that shows it" }
      shown.insert(screen.flow)
      return nil
    }
    for (layerIndex, layer) in layers.enumerated() {
      guard position[layer.owner] != nil else {
        return "layer \(layerIndex) belongs to flow \(layer.owner.rawValue), which is not live"
      }
      guard !layer.stacks.isEmpty, layer.selected >= 0, layer.selected < layer.stacks.count else {
        return "layer \(layerIndex) has no selected stack"
      }
      if let tabsScreen = layer.tabsScreen {
        if let problem = check(tabsScreen) { return problem }
        guard graph.screens[tabsScreen.screen.index].tabBar?.tabs.count == layer.stacks.count
        else { return "layer \(layerIndex) does not hold one stack per tab" }
      }
      for (tab, stack) in layer.stacks.enumerated() {
        guard let first = stack.screens.first else {
          return "layer \(layerIndex) has an empty stack"
        }
        if let tabsScreen = layer.tabsScreen {
          guard let flow = self.flow(first.flow), flow.tabsScreen == tabsScreen.id,
            case .tab(_, tab)? = flow.origin?.root
          else { return "tab \(tab) of layer \(layerIndex) does not start with its tab flow" }
        } else if first.flow != layer.owner {
          return "layer \(layerIndex) does not start with a screen of the flow that opened it"
        }
        for screen in stack.screens {
          if let problem = check(screen) { return problem }
        }
      }
    }
    for flow in flows where !shown.contains(flow.id) {
      return "flow '\(graph.flows[flow.flow.index].name)' is live but shows no screen"
    }
    return nil
  }
}

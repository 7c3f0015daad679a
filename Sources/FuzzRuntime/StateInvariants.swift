import FlowGraphCore
import FuzzSupport

/// The runtime's guarantees about a committed state (SPEC §2.6): every live
/// flow shows a screen (no flow without screens that has not finished), every
/// shown screen belongs to a live flow that declares it, every layer is
/// owned by a live flow and holds a screen, parents come before children, and
/// a finished run shows nothing.
enum StateInvariants {
  static func check(_ state: FlowState, graph: FlowGraph, _ context: @autoclosure () -> String) {
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
      FuzzCheck.require(condition, "\(context()): \(message())")
    }
    if state.finish != nil {
      require(state.flows.isEmpty, "a finished run with live flows \(state.flows.map(\.id))")
      require(state.layers.isEmpty, "a finished run with \(state.layers.count) layers")
      return
    }
    require(!state.flows.isEmpty, "a started, unfinished run with no live flow")
    require(!state.layers.isEmpty, "a started, unfinished run with no layer")
    var position: [FlowInstanceID: Int] = [:]
    for (index, flow) in state.flows.enumerated() {
      require(position[flow.id] == nil, "\(flow.id) is live twice")
      require(flow.id.rawValue < state.nextFlowInstance, "\(flow.id) is not below the next id")
      require(
        graph.flows.indices.contains(flow.flow.index), "\(flow.id): \(flow.flow) out of range")
      require(
        flow.input.count == graph.flows[flow.flow.index].input.count,
        "\(flow.id): \(flow.input.count) input values")
      if let parent = flow.parent {
        require(position[parent] != nil, "\(flow.id)'s parent \(parent) is not live before it")
      } else {
        require(index == 0, "\(flow.id) has no parent but is not the root flow")
      }
      position[flow.id] = index
    }
    var screens: Set<ScreenInstanceID> = []
    var flowsWithScreens: Set<FlowInstanceID> = []
    for (layerIndex, layer) in state.layers.enumerated() {
      require(
        position[layer.owner] != nil, "layer \(layerIndex)'s owner \(layer.owner) is not live")
      require(layer.stacks.indices.contains(layer.selected), "layer \(layerIndex): bad selection")
      require(
        layer.stacks.contains { !$0.screens.isEmpty }, "layer \(layerIndex) holds no screen")
      if let tabsScreen = layer.tabsScreen {
        require(
          graph.screens.indices.contains(tabsScreen.screen.index)
            && graph.screens[tabsScreen.screen.index].tabBar?.tabs.count == layer.stacks.count,
          "layer \(layerIndex): \(layer.stacks.count) stacks for tabs screen \(tabsScreen.id)")
        require(
          layer.stacks.allSatisfy { !$0.screens.isEmpty }, "layer \(layerIndex) has an empty tab")
      } else {
        require(layer.stacks.count == 1, "layer \(layerIndex) has \(layer.stacks.count) stacks")
      }
      let tabsScreen = [layer.tabsScreen].compactMap { $0 }
      for stack in layer.stacks + [ScreenStack(tabsScreen)] {
        for screen in stack.screens {
          require(screens.insert(screen.id).inserted, "\(screen.id) is shown twice")
          require(
            screen.id.rawValue < state.nextScreenInstance, "\(screen.id) is not below the next id")
          require(
            graph.screens.indices.contains(screen.screen.index), "\(screen.id) out of range")
          guard let flowIndex = position[screen.flow] else {
            FuzzCheck.fail(
              "\(context()): \(screen.id) belongs to \(screen.flow), which is not live")
          }
          let definition = graph.screens[screen.screen.index]
          require(
            definition.flow == state.flows[flowIndex].flow,
            "\(screen.id) ('\(definition.name)') is shown by a flow that does not declare it")
          require(
            screen.params.count == definition.params.count,
            "\(screen.id) ('\(definition.name)') has \(screen.params.count) param values")
          for (value, parameter) in zip(screen.params, definition.params) {
            require(
              graph.coerce(value, to: parameter.type) != nil,
              "\(screen.id) ('\(definition.name)'): '\(parameter.name)' = \(value) does not fit")
          }
          flowsWithScreens.insert(screen.flow)
        }
      }
    }
    for flow in state.flows {
      require(
        flowsWithScreens.contains(flow.id),
        "\(flow.id) ('\(graph.flows[flow.flow.index].name)') is live but shows no screen")
    }
  }
}

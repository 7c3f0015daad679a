/// A runtime state up to what cannot change what happens next: flow and
/// screen instances renumbered by position, values left out (no transition's
/// possibility depends on a value: SPEC §2.4–2.6 have no guards). Two states
/// with one key have the same possible events, steps and coverage items.
struct StateKey: Hashable {
  private struct FlowKey: Hashable {
    var flow: FlowID
    var parent: Int?
    var mode: Transition.StartMode?
    var origin: TransitionPath?
  }

  private struct ScreenKey: Hashable {
    var screen: ScreenID
    var flow: Int
  }

  private struct LayerKey: Hashable {
    var owner: Int
    var selected: Int
    var stacks: [[ScreenKey]]
  }

  private let flows: [FlowKey]
  private let layers: [LayerKey]
  private let finish: FlowResultRef?

  init(_ state: FlowState) {
    var number: [FlowInstanceID: Int] = [:]
    for (index, flow) in state.flows.enumerated() { number[flow.id] = index }
    flows = state.flows.map { flow in
      FlowKey(
        flow: flow.flow, parent: flow.parent.map { number[$0] ?? -1 }, mode: flow.mode,
        origin: flow.origin)
    }
    layers = state.layers.map { layer in
      LayerKey(
        owner: number[layer.owner] ?? -1, selected: layer.selected,
        stacks: layer.stacks.map { stack in
          stack.screens.map { ScreenKey(screen: $0.screen, flow: number[$0.flow] ?? -1) }
        })
    }
    finish = state.finish?.result
  }
}

extension FlowState {
  /// The number of screens shown, in every layer and stack.
  var screenCount: Int { layers.reduce(0) { $0 + $1.stacks.reduce(0) { $0 + $1.screens.count } } }
}

/// The live navigation state of a run, as a value: the live flow instances
/// (a tree, parents before children), the modal layers bottom to top with
/// their stacks of screen instances, and how the run ended once it has.
///
/// The engine (``FlowEngine``) computes the next state from this one and an
/// event; the runner (``FlowRunner``) holds the current one. A state encodes
/// to JSON for state restoration (``FlowState/encoded(for:)``).
public struct FlowState: Hashable, Sendable {
  /// How a run ended: the root flow's result and its payload.
  public struct Finish: Hashable, Sendable {
    /// The root flow of the graph that ended.
    public var flow: FlowID
    /// The result it ended with.
    public var result: FlowResultRef
    /// The result's payload, in the result's field order.
    public var payload: [Value]

    /// Creates a finish.
    public init(flow: FlowID, result: FlowResultRef, payload: [Value] = []) {
      self.flow = flow
      self.result = result
      self.payload = payload
    }
  }

  /// The live flows, parents before children (in start order).
  public var flows: [FlowInstance]
  /// The modal layers, bottom (the base layer) to top.
  public var layers: [Layer]
  /// How the run ended, once the root flow has ended.
  public var finish: Finish?
  /// The id the next started flow gets.
  public var nextFlowInstance: Int
  /// The id the next shown screen gets.
  public var nextScreenInstance: Int
  /// The deep link waiting for the user, when there is one (SPEC §6.2).
  public var pendingLink: PendingLink?

  /// The state before a run starts: nothing shown.
  public init() {
    flows = []
    layers = []
    finish = nil
    nextFlowInstance = 0
    nextScreenInstance = 0
    pendingLink = nil
  }

  /// Creates a state from its parts (used by restoration and tests).
  public init(
    flows: [FlowInstance], layers: [Layer], finish: Finish? = nil, nextFlowInstance: Int,
    nextScreenInstance: Int
  ) {
    self.flows = flows
    self.layers = layers
    self.finish = finish
    self.nextFlowInstance = nextFlowInstance
    self.nextScreenInstance = nextScreenInstance
    self.pendingLink = nil
  }

  /// Whether a run has started (a flow is live or the run has finished).
  public var hasStarted: Bool { !flows.isEmpty || finish != nil }

  /// The screen the user is on: the top of the top layer's selected stack
  /// (a tabs layer's tabs screen while that stack is empty, inside a step).
  public var top: ScreenInstance? {
    guard let layer = layers.last else { return nil }
    return layer.screens.last ?? layer.tabsScreen
  }

  /// The live flow with this id.
  public func flow(_ id: FlowInstanceID) -> FlowInstance? {
    guard let index = flowIndex(id) else { return nil }
    return flows[index]
  }

  /// The position of a live flow in ``flows``.
  @inline(__always)
  func flowIndex(_ id: FlowInstanceID) -> Int? {
    // Live flows are few and the one asked for is almost always the last.
    var index = flows.count - 1
    while index >= 0 {
      if flows[index].id == id { return index }
      index -= 1
    }
    return nil
  }

  /// Whether a live flow shows any screen.
  func hasScreens(_ id: FlowInstanceID) -> Bool {
    hasScreens(id, inLayersBelow: layers.count)
  }

  /// Whether a flow shows any screen in the layers below `end`. (By index:
  /// reading `flow` in place copies no screen instance.)
  func hasScreens(_ id: FlowInstanceID, inLayersBelow end: Int) -> Bool {
    var layer = end - 1
    while layer >= 0 {
      if layers[layer].tabsScreen?.flow == id { return true }
      for stack in layers[layer].stacks.indices {
        for screen in layers[layer].stacks[stack].screens.indices
        where layers[layer].stacks[stack].screens[screen].flow == id {
          return true
        }
      }
      layer -= 1
    }
    return false
  }

  /// The top screen of a flow: its topmost screen in the topmost layer that
  /// holds one.
  func topScreen(of id: FlowInstanceID) -> ScreenInstance? {
    for layer in layers.reversed() {
      if let screen = layer.screens.last(where: { $0.flow == id }) { return screen }
      if let tabs = layer.tabsScreen, tabs.flow == id { return tabs }
    }
    return nil
  }

  /// The index of the tabs layer whose tabs screen is `screen`.
  func tabsLayer(_ screen: ScreenInstanceID) -> Int? {
    layers.lastIndex { $0.tabsScreen?.id == screen }
  }

  /// The layers as screen names, bottom to top, each its selected stack
  /// bottom to top (the trace's `layers`; a tabs layer without its tabs screen).
  public func layerNames(in graph: FlowGraph) -> [[String]] {
    layers.map { layer in layer.screens.map { graph.screens[$0.screen.index].name } }
  }
}

/// One live flow: which flow of the graph, its input, and who started it how.
public struct FlowInstance: Hashable, Sendable, Identifiable {
  /// The instance's identity in the run.
  public var id: FlowInstanceID
  /// The flow of the graph.
  public var flow: FlowID
  /// The values of the flow's input, in ``Flow/input`` order.
  public var input: [Value]
  /// The flow that started this one; `nil` for the run's root flow.
  public var parent: FlowInstanceID?
  /// How the parent started it; `nil` for the root flow.
  public var mode: Transition.StartMode?
  /// The parent's `start` transition, whose handlers run when this flow ends;
  /// `nil` for the root flow.
  public var origin: TransitionPath?
  /// For a tab flow (SPEC §6.1), the tabs screen it runs in; ``origin`` is
  /// then its tab (``TransitionPath/Root/tab(_:_:)``).
  public var tabsScreen: ScreenInstanceID?

  /// Creates an instance.
  public init(
    id: FlowInstanceID,
    flow: FlowID,
    input: [Value] = [],
    parent: FlowInstanceID? = nil,
    mode: Transition.StartMode? = nil,
    origin: TransitionPath? = nil,
    tabsScreen: ScreenInstanceID? = nil
  ) {
    self.id = id
    self.flow = flow
    self.input = input
    self.parent = parent
    self.mode = mode
    self.origin = origin
    self.tabsScreen = tabsScreen
  }
}

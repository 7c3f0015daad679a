/// One shown screen: which screen of the graph, which live flow owns it, and
/// the values of its params.
public struct ScreenInstance: Hashable, Sendable, Identifiable {
  /// The instance's identity in the run.
  public var id: ScreenInstanceID
  /// The screen of the graph.
  public var screen: ScreenID
  /// The live flow that shows it (a screen always belongs to the flow that
  /// declares it).
  public var flow: FlowInstanceID
  /// The values of the screen's params, in ``Screen/params`` order (`null` for
  /// an absent optional).
  public var params: [Value]

  /// Creates an instance.
  public init(id: ScreenInstanceID, screen: ScreenID, flow: FlowInstanceID, params: [Value] = []) {
    self.id = id
    self.screen = screen
    self.flow = flow
    self.params = params
  }
}

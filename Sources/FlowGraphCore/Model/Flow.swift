/// One way a flow can finish, with its payload fields.
public struct ResultDefinition: Hashable, Sendable {
  /// The result's name.
  public var name: String
  /// The payload fields.
  public var payload: [Parameter]
  /// The result's name key.
  public var span: SourceSpan?

  /// Creates a result.
  public init(name: String, payload: [Parameter] = [], span: SourceSpan? = nil) {
    self.name = name
    self.payload = payload
    self.span = span
  }
}

/// A flow: one use case (onboarding, login, image picker) with its screens
/// (SPEC §2.2).
public struct Flow: Hashable, Sendable {
  /// The flow's name.
  public var name: String
  /// Free text.
  public var description: String?
  /// The params the flow is started with.
  public var input: [Parameter]
  /// The declared results (`dismissed` is built in, never listed).
  public var results: [ResultDefinition]
  /// How the flow begins.
  public var start: FlowStart
  /// The flow's screens, in file order.
  public var screens: [ScreenID]
  /// The flow's name key.
  public var span: SourceSpan?
  /// From the name key to the end of the flow's value.
  public var extentSpan: SourceSpan?

  /// Creates a flow.
  public init(
    name: String,
    description: String? = nil,
    input: [Parameter] = [],
    results: [ResultDefinition] = [],
    start: FlowStart,
    screens: [ScreenID] = [],
    span: SourceSpan? = nil,
    extentSpan: SourceSpan? = nil
  ) {
    self.name = name
    self.description = description
    self.input = input
    self.results = results
    self.start = start
    self.screens = screens
    self.span = span
    self.extentSpan = extentSpan
  }

  /// The name of a way this flow can end.
  public func name(of result: FlowResultRef) -> String {
    switch result {
    case .dismissed: "dismissed"
    case .declared(let index): results[index].name
    }
  }

  /// The payload fields of a way this flow can end (`dismissed` has none).
  public func payload(of result: FlowResultRef) -> [Parameter] {
    switch result {
    case .dismissed: []
    case .declared(let index): results[index].payload
    }
  }
}

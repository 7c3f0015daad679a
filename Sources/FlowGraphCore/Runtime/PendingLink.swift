/// A deep link waiting for the user (SPEC §6.2): its route could not be
/// followed to its end (a stop, another outcome, a step not possible). After
/// every later step that changes the current screen to a screen of the
/// route, the engine follows the rest of the route within that step.
public struct PendingLink: Hashable, Sendable {
  /// The URL as opened.
  public var url: String
  /// The route to the link's screen.
  public var route: DeepLinkRoute
  /// The link values, by param name.
  public var values: [String: Value]

  /// Creates a pending link.
  public init(url: String, route: DeepLinkRoute, values: [String: Value]) {
    self.url = url
    self.route = route
    self.values = values
  }
}

/// Following a link's route inside a step: the next edge to take.
struct LinkProgress: Sendable {
  /// The link.
  var link: PendingLink
  /// The index in the route of the next edge to take.
  var index: Int
  /// Where the effects of the edge before began (its outcomes are checked
  /// against the route's); `nil` when it is not checked (a resume).
  var mark: Int?
  /// For a resume: the state and effect count after the user's own step,
  /// restored when the rest of the route fails.
  var undo: (state: FlowState, effects: Int)?
  /// The state and effect count before the edge being taken: restored when
  /// that edge's step turns out not to be possible.
  var checkpoint: (state: FlowState, effects: Int)?
}

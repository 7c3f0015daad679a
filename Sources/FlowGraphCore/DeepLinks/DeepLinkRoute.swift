/// A task outcome a route edge passes through.
public struct RouteOutcome: Hashable, Sendable {
  /// The task.
  public var task: TaskID
  /// The outcome's index in the task's outcomes.
  public var outcome: Int

  /// Creates an outcome.
  public init(task: TaskID, outcome: Int) {
    self.task = task
    self.outcome = outcome
  }
}

/// One edge of the forward graph (SPEC §6.2): one event and the task
/// outcomes it passes through, to the screen it shows.
public struct RouteEdge: Hashable, Sendable {
  /// What takes the edge.
  public enum Trigger: Hashable, Sendable {
    /// The entry flow's start (the first edge of every route).
    case start
    /// An action of the screen the edge leaves.
    case action(ActionID)
    /// Selecting a tab of a tabs screen (`tab:NAME`, SPEC §6.1): the tabs
    /// screen and the tab's index in its tab bar. (A `select: TAB` is an
    /// ``action(_:)`` edge.)
    case tab(ScreenID, Int)
  }

  /// What takes the edge.
  public var trigger: Trigger
  /// The task outcomes on the way, in the order the tasks run.
  public var outcomes: [RouteOutcome]
  /// The screen the edge shows.
  public var target: ScreenID

  /// Creates an edge.
  public init(trigger: Trigger, outcomes: [RouteOutcome], target: ScreenID) {
    self.trigger = trigger
    self.outcomes = outcomes
    self.target = target
  }
}

/// A deep link's route: the edges from the entry flow's start to its
/// screen, and which of them are stops (where the link waits for the user's
/// own input).
public struct DeepLinkRoute: Hashable, Sendable {
  /// The target screen.
  public var screen: ScreenID
  /// The edges, the start first.
  public var edges: [RouteEdge]
  /// The indices in ``edges`` of the stops (never the last edge).
  public var stops: [Int]

  /// Creates a route.
  public init(screen: ScreenID, edges: [RouteEdge], stops: [Int]) {
    self.screen = screen
    self.edges = edges
    self.stops = stops
  }
}

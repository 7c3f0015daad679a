/// How far path generation explores (so that it ends on graphs whose stacks
/// grow without bound): what was not reached within the budget is reported as
/// not covered, never as impossible.
public struct PathBudget: Hashable, Sendable {
  /// The most distinct runtime states explored per started flow.
  public var maximumStates: Int
  /// States with more screens than this are not explored further.
  public var maximumScreens: Int
  /// The most task outcomes one step may choose (a chain of `run`s).
  public var maximumTasksPerStep: Int
  /// The most ways one event may end (combinations of outcomes).
  public var maximumBranchesPerEvent: Int

  /// Creates a budget.
  public init(
    maximumStates: Int = 20_000, maximumScreens: Int = 32, maximumTasksPerStep: Int = 16,
    maximumBranchesPerEvent: Int = 512
  ) {
    self.maximumStates = maximumStates
    self.maximumScreens = maximumScreens
    self.maximumTasksPerStep = maximumTasksPerStep
    self.maximumBranchesPerEvent = maximumBranchesPerEvent
  }
}

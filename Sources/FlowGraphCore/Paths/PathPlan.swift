/// One generated run: the flow it starts, its input, and its steps (the
/// start first), each with the task outcomes it takes. Replayed with
/// `flowgraph run` (or a ``FlowRunner`` whose task hooks answer in this
/// order), it applies every event.
public struct GeneratedRun: Hashable, Sendable {
  /// The flow the run starts.
  public var flow: FlowID
  /// The flow's input, in the flow's input order (sample values).
  public var input: [Value]
  /// The steps: the start (no event), then one per event.
  public var steps: [PathStep]
  /// The items the run takes, in the order it first takes them.
  public var items: [CoverageItem]
  /// The state the run ends in.
  public var end: FlowState

  /// The events, in the `--events` syntax.
  public var events: [String] { steps.compactMap { $0.event == nil ? nil : $0.text } }
  /// Every task outcome of the run, in the order the tasks run.
  public var outcomes: [TaskChoice] { steps.flatMap(\.outcomes) }
}

/// An item that no run can take, and why.
public struct ImpossibleItem: Hashable, Sendable {
  /// The item.
  public var item: CoverageItem
  /// The exact rule that proves it (`invalid-pop`, `invalid-dismiss`,
  /// `unreachable-screen`, `unused-result`), or `nil` when the exhaustive
  /// exploration of every run proves it.
  public var rule: RuleID?
  /// Why, in words.
  public var reason: String
}

/// What path generation found: the runs, and what they cover.
public struct PathPlan: Sendable {
  /// The runs, shortest first within each started flow.
  public var runs: [GeneratedRun]
  /// The items the runs take, in catalogue order.
  public var covered: [CoverageItem]
  /// Items that are not proven impossible but that no run found within the
  /// budget takes (empty when the exploration was exhaustive).
  public var uncovered: [CoverageItem]
  /// The items that are provably never possible.
  public var impossible: [ImpossibleItem]
  /// A lower bound on the number of runs any set of runs covering the same
  /// items needs: items that only a run's last step (or only its start) can
  /// take, no two of which one step takes together, each need a run of their
  /// own; and the runs of different started flows add up.
  public var lowerBound: Int
  /// Whether every reachable state was explored (no budget was hit).
  public var exhaustive: Bool

  /// The number of possible items: covered, and not proven impossible.
  public var possibleCount: Int { covered.count + uncovered.count }
}

extension GrowthGraph {
  /// What one round of a cycle of the growth graph does, from its steps
  /// (docs/analysis.md, "growth", Theorem 2): whether it adds a frame (a
  /// push or a present), starts a child flow, or passes a `root`.
  struct Round: OptionSet {
    let rawValue: UInt8

    /// A push or a present: one more frame.
    static let addsFrame = Round(rawValue: 1)
    /// A child start: one more activation, never returned from.
    static let startsChild = Round(rawValue: 2)
    /// A `root`: resets its own activation.
    static let resets = Round(rawValue: 4)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The round of one step.
    init(_ step: Step) {
      switch step {
      case .push, .present: self = .addsFrame
      case .child: self = .startsChild
      case .reset: self = .resets
      case .same: self = []
      }
    }

    /// Whether each round leaves more than before: it starts a child flow,
    /// or it adds a frame and passes no `root` (a round within one
    /// activation that passes a `root` leaves the stack as it found it).
    var grows: Bool {
      contains(.startsChild) || (contains(.addsFrame) && !contains(.resets))
    }
  }

  /// The round of a cycle, given by its edge positions.
  func round(of cycle: [Int]) -> Round {
    cycle.reduce(into: Round()) { $0.formUnion(Round(steps[$1])) }
  }
}

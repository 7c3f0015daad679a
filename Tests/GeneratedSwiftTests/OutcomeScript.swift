import Foundation

/// Outcomes a scripted task hook returns in order (the last one repeats), as
/// `flowgraph run --outcome` gives them.
final class OutcomeScript<Outcome: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var outcomes: [Outcome]
  private(set) var calls = 0

  init(_ outcomes: Outcome...) {
    self.outcomes = outcomes
  }

  /// The next outcome.
  func next() -> Outcome {
    lock.lock()
    defer { lock.unlock() }
    calls += 1
    return outcomes.count > 1 ? outcomes.removeFirst() : outcomes[0]
  }
}

import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the process keeps until it exits: the graph a command loaded, with
/// its findings.
///
/// A graph is tens of thousands of heap blocks (at 5,000 screens, 20,000
/// arrays of actions, params and arguments); freeing them one by one when a
/// command returns took a tenth of `flowgraph validate graph.fgc`'s
/// instructions, for memory that the operating system takes back at once
/// when the process exits. So a command hands what it loaded to ``keep(_:)``
/// and never frees it (compilers skip their last frees for the same reason).
/// The process still exits normally: standard output is flushed and the
/// exit status is the command's. Kept values are reachable to the end, so
/// leak checkers do not report them.
enum ProcessLifetime {
  /// Keeps `value` (and everything it holds) alive until the process exits.
  static func keep(_ value: some Sendable) {
    kept.append(value)
  }

  private static let kept = Kept()

  private final class Kept: @unchecked Sendable {
    private let lock = Lock()
    private var values: [any Sendable] = []

    func append(_ value: any Sendable) {
      lock.withLock { values.append(value) }
    }
  }
}

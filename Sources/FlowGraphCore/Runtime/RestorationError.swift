/// How strict restoring a saved state is about the graph.
public enum RestorePolicy: Sendable {
  /// The graph must be the one the state was saved with (same fingerprint).
  case sameGraph
  /// The graph may have changed, as long as everything the state uses still
  /// exists with the same types (flows, screens, params, inputs, the starts
  /// of live child flows).
  case compatible
}

/// Why a saved state could not be restored. The runner's state is
/// unchanged when one is thrown.
public enum RestorationError: Error, Hashable, CustomStringConvertible {
  /// The data is not a readable saved state (not JSON, truncated, a field
  /// missing or of the wrong kind).
  case corrupted(String)
  /// The data is JSON but not a flowgraph saved state.
  case notAState(String)
  /// The state was saved in a format version this runtime does not read.
  case unsupportedVersion(Int)
  /// The graph is not the one the state was saved with (policy
  /// ``RestorePolicy/sameGraph``); `changes` names what no longer fits.
  case graphChanged(saved: String, current: String, changes: [String])
  /// The state no longer fits the graph; each entry names one thing that changed.
  case incompatible([String])
  /// The state contradicts itself (an edited or damaged file).
  case inconsistent(String)
  /// A task hook was running or a step was being delivered: restore
  /// between steps.
  case busy

  public var description: String {
    switch self {
    case .corrupted(let reason):
      return "the saved state cannot be read: \(reason)"
    case .notAState(let reason):
      return "the data is not a saved flowgraph state: \(reason)"
    case .unsupportedVersion(let version):
      return
        "the saved state has format version \(version); this runtime reads version \(SavedState.version)"
    case .graphChanged(let saved, let current, let changes):
      let head = "the state was saved for graph \(saved), but this graph is \(current)"
      if changes.isEmpty {
        return head
          + "; everything the state uses still fits, so restoring with policy .compatible would work"
      }
      return head + ": " + changes.joined(separator: "; ")
    case .incompatible(let changes):
      return "the saved state no longer fits the graph: " + changes.joined(separator: "; ")
    case .inconsistent(let reason):
      return "the saved state is inconsistent: \(reason)"
    case .busy:
      return "a state cannot be restored while a step is running; restore it between steps"
    }
  }
}

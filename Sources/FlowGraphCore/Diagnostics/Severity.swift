/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// Extra information attached to another finding.
  case note
  /// A likely mistake that does not stop the graph from running.
  case warning
  /// A mistake: the graph must not run.
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

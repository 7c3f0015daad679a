/// A `suppress` list and the region of source it covers (a whole file, a flow,
/// or a screen with its actions).
public struct Suppression: Hashable, Sendable {
  /// The file the `suppress` list is in.
  public var file: String
  /// The region covered, or `nil` for the whole file.
  public var range: SourceRange?
  /// The rule ids not reported inside the region.
  public var rules: Set<RuleID>

  /// Creates a suppression.
  public init(file: String, range: SourceRange?, rules: Set<RuleID>) {
    self.file = file
    self.range = range
    self.rules = rules
  }

  /// Whether this suppression hides `diagnostic` (by its rule and position).
  public func hides(_ diagnostic: Diagnostic) -> Bool {
    guard rules.contains(diagnostic.rule), let at = diagnostic.range, at.file == file else {
      return false
    }
    guard let range else { return true }
    return range.file == at.file && range.start <= at.start && at.start <= range.end
  }
}

extension Array where Element == Diagnostic {
  /// The findings that none of `suppressions` hides.
  public func removingSuppressed(by suppressions: [Suppression]) -> [Diagnostic] {
    guard !suppressions.isEmpty else { return self }
    return filter { diagnostic in !suppressions.contains { $0.hides(diagnostic) } }
  }
}

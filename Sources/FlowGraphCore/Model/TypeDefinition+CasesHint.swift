extension TypeDefinition {
  /// What follows a message about a value that is not one of the enum's
  /// cases: `; the cases of Theme are light, dark`, then `; did you mean
  /// 'light'?` when there is a `suggestion`. The one wording of the compiler's
  /// `type-mismatch` and of a deep link's value. Empty for an enum declared
  /// with no readable case (its own finding says so: nothing to list).
  package func casesHint(suggesting suggestion: String?) -> String {
    guard !cases.isEmpty else { return "" }
    let list = "; the cases of \(name) are \(cases.joined(separator: ", "))"
    return suggestion.map { "\(list); did you mean '\($0)'?" } ?? list
  }
}

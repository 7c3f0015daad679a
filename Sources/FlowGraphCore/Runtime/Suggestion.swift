/// "Did you mean …?": the closest candidate by edit distance, for messages
/// about names (used by the runtime and the `run` command).
public enum Suggestion {
  /// The candidate closest to `name`, when it is close enough to be a likely
  /// typo (case-insensitive optimal string alignment: a swapped pair of
  /// letters is one edit). Ties go to the candidate that sorts first.
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let other = Array(candidate.lowercased().unicodeScalars)
      let longest = max(target.count, other.count)
      let limit = max(1, min(3, longest / 3))
      let distance = editDistance(target, other)
      guard distance <= limit, distance < longest else { continue }
      if let current = best,
        current.distance < distance || (current.distance == distance && current.name <= candidate)
      {
        continue
      }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// ` (did you mean 'x'?)` for a suggestion, or nothing.
  public static func phrase(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean '\($0)'?)" } ?? ""
  }

  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}

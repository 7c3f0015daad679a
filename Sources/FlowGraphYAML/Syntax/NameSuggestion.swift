/// "Did you mean …?": the closest candidate by edit distance (optimal string
/// alignment, so a swapped pair of letters counts as one edit).
enum NameSuggestion {
  /// The candidate closest to `name`, when one is close enough to be a likely
  /// typo; ties go to the name that sorts first, so that
  /// the answer never depends on the candidates' order.
  static func best<S: Sequence>(for name: String, among candidates: S) -> String?
  where S.Element == String {
    let target = Array(name.unicodeScalars)
    let lowered = name.lowercased()
    let limit = max(1, min(3, target.count / 3))
    var best: (distance: Int, name: String)?
    for candidate in candidates where candidate != name {
      let scalars = Array(candidate.unicodeScalars)
      if abs(scalars.count - target.count) > limit { continue }
      let distance: Int
      if candidate.lowercased() == lowered {
        distance = 0
      } else {
        let bound = min(limit, best?.distance ?? limit)
        guard let found = self.distance(target, scalars, bound: bound) else { continue }
        distance = found
      }
      if let current = best,
        current.distance < distance || (current.distance == distance && current.name <= candidate)
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.name
  }

  /// The edit distance of `a` and `b` when it is at most `bound`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int? {
    if a.isEmpty { return b.count <= bound ? b.count : nil }
    if b.isEmpty { return a.count <= bound ? a.count : nil }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMin = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMin = min(rowMin, value)
      }
      if rowMin > bound { return nil }
      swap(&previous2, &previous)
      swap(&previous, &current)
    }
    let result = previous[b.count]
    return result <= bound ? result : nil
  }
}

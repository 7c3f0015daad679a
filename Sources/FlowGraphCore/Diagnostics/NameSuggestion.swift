/// "Did you mean …?": the closest candidate by edit distance (optimal string
/// alignment, so a swapped pair of letters counts as one edit). The one place
/// the compiler, the runtime, the JSON graph reader and the CLI find it.
package enum NameSuggestion {
  /// The candidate closest to `name`, when one is close enough to be a likely
  /// typo; ties go to the name that sorts first, so that the answer never
  /// depends on the candidates' order. Allocation-free per candidate.
  package static func best<S: Sequence>(for name: String, among candidates: S) -> String?
  where S.Element == String {
    let target = Array(name.unicodeScalars.lazy.map(\.value))
    // A likely typo is at most a third of the longer name away (1 to 3 edits).
    let widest = 3
    var buffer = Buffer(capacity: target.count + 4 * widest + 8)
    var best: (distance: Int, name: String)?
    for candidate in candidates where candidate != name {
      // Cheap test first: a scalar takes one to four UTF-8 bytes.
      let bytes = candidate.utf8.count
      if bytes < target.count - widest || bytes > 4 * (target.count + widest) { continue }
      guard buffer.load(candidate) else { continue }
      let limit = max(1, min(widest, max(target.count, buffer.count) / 3))
      guard abs(buffer.count - target.count) <= limit else { continue }
      let distance: Int
      if buffer.count == target.count, buffer.equalsIgnoringASCIICase(target) {
        distance = 0
      } else {
        let bound = min(limit, best?.distance ?? limit)
        guard let found = buffer.distance(to: target, bound: bound) else { continue }
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

  /// ` (did you mean 'x'?)` for a suggestion, or nothing: for the end of a message.
  package static func phrase(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// ` (did you mean 'x'?)` for the candidate closest to `name`, or nothing.
  package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
    phrase(best(for: name, among: candidates))
  }

  /// The edit distance of two strings when it is at most `bound`.
  package static func distance(_ a: String, _ b: String, bound: Int) -> Int? {
    var buffer = Buffer(capacity: b.unicodeScalars.count)
    guard buffer.load(b) else { return nil }
    return buffer.distance(to: Array(a.unicodeScalars.lazy.map(\.value)), bound: bound)
  }

  /// One candidate's scalars and the rows of the distance table, reused
  /// across candidates.
  private struct Buffer {
    var scalars: [UInt32]
    var count = 0
    var rows: [[Int]]

    init(capacity: Int) {
      scalars = Array(repeating: 0, count: capacity)
      rows = Array(repeating: Array(repeating: 0, count: capacity + 1), count: 3)
    }

    /// Loads `candidate`; `false` when it is longer than the capacity.
    mutating func load(_ candidate: String) -> Bool {
      count = 0
      for scalar in candidate.unicodeScalars {
        guard count < scalars.count else { return false }
        scalars[count] = scalar.value
        count += 1
      }
      return true
    }

    /// Whether the loaded candidate is `target` but for the case of ASCII letters.
    func equalsIgnoringASCIICase(_ target: [UInt32]) -> Bool {
      func folded(_ value: UInt32) -> UInt32 {
        (0x41...0x5A).contains(value) ? value | 0x20 : value
      }
      for index in 0..<count where folded(scalars[index]) != folded(target[index]) {
        return false
      }
      return true
    }

    /// The distance from the loaded candidate to `target` when at most `bound`.
    mutating func distance(to target: [UInt32], bound: Int) -> Int? {
      let b = count
      if target.isEmpty { return b <= bound ? b : nil }
      if b == 0 { return target.count <= bound ? target.count : nil }
      var previous2 = 0
      var previous = 1
      var current = 2
      for j in 0...b { rows[previous][j] = j }
      for i in 1...target.count {
        rows[current][0] = i
        var rowMin = i
        for j in 1...b {
          let cost = target[i - 1] == scalars[j - 1] ? 0 : 1
          var value = min(
            rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
          if i > 1, j > 1, target[i - 1] == scalars[j - 2], target[i - 2] == scalars[j - 1] {
            value = min(value, rows[previous2][j - 2] + 1)
          }
          rows[current][j] = value
          rowMin = min(rowMin, value)
        }
        if rowMin > bound { return nil }
        (previous2, previous, current) = (previous, current, previous2)
      }
      let result = rows[previous][b]
      return result <= bound ? result : nil
    }
  }
}

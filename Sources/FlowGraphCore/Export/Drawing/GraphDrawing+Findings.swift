extension GraphDrawing {
  /// The rules whose findings point at a cycle that leaks: the whole cycle is
  /// drawn in the finding's colour, not only the edge that closes it.
  static let cycleRules: Set<RuleID> = [.unboundedStack]

  /// Attaches each finding to the node, edge or cluster it is about (the one
  /// with a source range that starts where the finding does), in that order of
  /// preference; the rest are kept as unplaced. Then marks leaking cycles.
  mutating func place(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
      guard let at = diagnostic.range else {
        unplacedFindings.append(diagnostic)
        continue
      }
      let matches: ([SourceRange]) -> Bool = { ranges in
        ranges.contains {
          $0.file == at.file && $0.start.line == at.start.line && $0.start.column == at.start.column
        }
      }
      if let index = nodes.firstIndex(where: { matches($0.ranges) }) {
        nodes[index].findings.append(diagnostic)
      } else if let index = edges.firstIndex(where: { matches($0.ranges) }) {
        edges[index].findings.append(diagnostic)
        if Self.cycleRules.contains(diagnostic.rule) { markCycle(through: index) }
      } else if let index = clusters.firstIndex(where: { matches($0.ranges) }) {
        clusters[index].findings.append(diagnostic)
      } else {
        unplacedFindings.append(diagnostic)
      }
    }
  }

  /// Marks every edge that lies on a cycle through the edge at `index`: both
  /// its ends are reachable from the edge's target and reach its source,
  /// through steps that can add screens (not `stay`, pops or dismisses).
  private mutating func markCycle(through index: Int) {
    let closing = edges[index]
    var forward: [String: [String]] = [:]
    var backward: [String: [String]] = [:]
    let canGrow: (Edge) -> Bool = {
      ![.stay, .back, .popTo, .popToRoot, .invalid].contains($0.style)
    }
    for edge in edges where canGrow(edge) {
      forward[edge.from, default: []].append(edge.to)
      backward[edge.to, default: []].append(edge.from)
    }
    let fromTarget = Self.reachable(from: closing.to, in: forward)
    let toSource = Self.reachable(from: closing.from, in: backward)
    let onCycle = fromTarget.intersection(toSource)
    guard onCycle.contains(closing.from) else { return }
    for edgeIndex in edges.indices
    where canGrow(edges[edgeIndex]) && onCycle.contains(edges[edgeIndex].from)
      && onCycle.contains(edges[edgeIndex].to)
    {
      edges[edgeIndex].onLeakingCycle = true
    }
    edges[index].onLeakingCycle = true
  }

  private static func reachable(from start: String, in adjacency: [String: [String]]) -> Set<String>
  {
    var seen: Set<String> = [start]
    var queue = [start]
    while let node = queue.popLast() {
      for next in adjacency[node] ?? [] where seen.insert(next).inserted {
        queue.append(next)
      }
    }
    return seen
  }
}

extension Array where Element == Diagnostic {
  /// The most serious severity among the findings, if any.
  var worstSeverity: Severity? { map(\.severity).max() }
}

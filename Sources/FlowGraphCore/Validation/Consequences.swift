extension Array where Element == Diagnostic {
  /// Marks the findings that follow from another finding (``Diagnostic/follows``),
  /// so that the cause is listed first: an `unused-result` of a flow that a
  /// `no-exit` traps (giving the flow a way to end is the fix for both).
  func linkingConsequences(in graph: FlowGraph) -> [Diagnostic] {
    let traps = filter { $0.rule == .noExit && $0.range != nil }
    guard !traps.isEmpty else { return self }
    let extents = graph.flows.compactMap { graph.range($0.extentSpan) }
    func flowExtent(of range: SourceRange) -> SourceRange? {
      extents.first {
        $0.file == range.file && $0.start <= range.start && range.start <= $0.end
      }
    }
    let trapped = traps.compactMap { trap in
      trap.range.flatMap(flowExtent).map { (extent: $0, trap: trap.range!) }
    }
    return map { finding in
      guard finding.rule == .unusedResult, let range = finding.range,
        let extent = flowExtent(of: range),
        let trap = trapped.first(where: { $0.extent == extent })?.trap
      else { return finding }
      var linked = finding
      linked.follows = trap
      linked.notes.append(
        Diagnostic.Note(
          "the flow has no way to end from where it gets stuck (the 'no-exit' error at line \(trap.start.line))"
        ))
      return linked
    }
  }
}

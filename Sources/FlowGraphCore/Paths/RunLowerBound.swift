/// A lower bound on the number of runs that take a set of items, from the
/// steps of the explored state graphs (one per started flow): what the
/// summary compares the generated runs with.
enum RunLowerBound {
  /// A step: the items it takes, whether it is a start, whether it ends the run.
  typealias Step = (items: [Int], begins: Bool, ends: Bool)

  /// Each run starts one flow: the bounds of the started flows add up, each
  /// counting only the items that no other started flow's runs can take.
  static func runs(_ stepsByFlow: [[Step]]) -> Int {
    var flows = [Int: Set<Int>]()
    for (flow, steps) in stepsByFlow.enumerated() {
      for step in steps { for item in step.items { flows[item, default: []].insert(flow) } }
    }
    var total = 0
    for steps in stepsByFlow {
      let own = steps.map { step in
        (items: step.items.filter { flows[$0]!.count == 1 }, begins: step.begins, ends: step.ends)
      }
      if own.contains(where: { !$0.items.isEmpty }) { total += runs(ofOneFlow: own) }
    }
    return total
  }

  /// A run has one first step (the start) and one last step. Items that only
  /// a last step takes (an action that ends the run), no two of which one
  /// step takes together, each need a run of their own; so do items that only
  /// a start takes. The bound is the larger of the two (at least 1).
  static func runs(ofOneFlow steps: [Step]) -> Int {
    max(
      1, independentItems(steps.map { ($0.items, $0.ends) }),
      independentItems(steps.map { ($0.items, $0.begins) }))
  }

  /// Greedily, items that only the marked steps take and that no marked step
  /// takes two of.
  private static func independentItems(_ steps: [(items: [Int], marked: Bool)]) -> Int {
    var elsewhere = Set<Int>()
    var marked: [Int: [Int]] = [:]
    for (index, step) in steps.enumerated() {
      if step.marked {
        for item in step.items { marked[item, default: []].append(index) }
      } else {
        elsewhere.formUnion(step.items)
      }
    }
    var picked = Set<Int>()
    // Items on fewer steps first: they block fewer others.
    let candidates = marked.keys.filter { !elsewhere.contains($0) }
      .sorted { (marked[$0]!.count, $0) < (marked[$1]!.count, $1) }
    for item in candidates {
      let clashes = marked[item]!.contains { steps[$0].items.contains(where: picked.contains) }
      if !clashes { picked.insert(item) }
    }
    return picked.count
  }
}

/// Why screens are unreachable, for `unreachable-screen`'s messages: a
/// screen that nothing shows, or that only handlers of results the child
/// never produces show, or only transitions that `invalid-pop` reports as
/// never running (``NeverRunTransitions``), says so; a screen shown only from
/// other unreachable screens is a note on the finding of the screen that
/// leads to it (one mistake, one finding), not a finding of its own.
struct UnreachableScreenReasons {
  /// Why a screen is unreachable: notes, and the finding it follows from
  /// when only transitions that never run show it (the first of them).
  struct Reason {
    var notes: [Diagnostic.Note]
    var follows: SourceRange?
  }

  let run: AnalysisRun
  let mentions: ScreenMentions
  let neverRun: NeverRunTransitions

  /// The screens (global indices) of one flow that are reported: each with
  /// its reason, if one is known, and the unreachable screens that only it
  /// leads to (each with the screens that show it), in file order.
  func roots(of unreachable: [Int]) -> [(
    screen: Int, reason: Reason?, followers: [(screen: Int, shownBy: [Int])]
  )] {
    let set = Set(unreachable)
    func showing(_ screen: Int) -> [ScreenMentions.Mention] {
      mentions.mentions[screen].filter { !$0.isPop }
    }
    // Shown only from other unreachable screens: a consequence. The edges
    // from an unreachable screen to the unreachable screens it shows.
    var isRoot = Set<Int>()
    var shows: [Int: [Int]] = [:]
    for screen in unreachable {
      let shown = showing(screen)
      if shown.isEmpty
        || shown.contains(where: { $0.owner.map { !set.contains($0.index) } ?? true })
      {
        isRoot.insert(screen)
      }
      for owner in shown.compactMap(\.owner?.index) where set.contains(owner) {
        if shows[owner]?.last != screen { shows[owner, default: []].append(screen) }
      }
    }
    // Each consequence belongs to the first root (in file order) that leads
    // to it: one breadth-first walk from the roots, linear in the edges. A
    // cycle that nothing enters is reported at its first screen.
    var rootOf: [Int: Int] = [:]
    func claim(from root: Int) {
      rootOf[root] = root
      var queue = [root]
      var head = 0
      while head < queue.count {
        let current = queue[head]
        head += 1
        for next in shows[current] ?? [] where rootOf[next] == nil && !isRoot.contains(next) {
          rootOf[next] = root
          queue.append(next)
        }
      }
    }
    for screen in unreachable where isRoot.contains(screen) { claim(from: screen) }
    for screen in unreachable where rootOf[screen] == nil {
      isRoot.insert(screen)
      claim(from: screen)
    }
    var followers: [Int: [(screen: Int, shownBy: [Int])]] = [:]
    for screen in unreachable where !isRoot.contains(screen) {
      var owners: [Int] = []
      for owner in showing(screen).compactMap(\.owner?.index) where !owners.contains(owner) {
        owners.append(owner)
      }
      followers[rootOf[screen]!, default: []].append((screen, owners))
    }
    return unreachable.filter(isRoot.contains).map { root in
      (root, reason(for: root, unreachable: set), followers[root] ?? [])
    }
  }

  /// Why nothing shows `screen`, when that can be said exactly.
  private func reason(for screen: Int, unreachable: Set<Int>) -> Reason? {
    let shown = mentions.mentions[screen].filter { !$0.isPop }
    if shown.isEmpty {
      return Reason(
        notes: [
          Diagnostic.Note(
            "no transition shows it ('push', 'present', 'replace' or 'root'), and it is not the flow's start"
          )
        ])
    }
    // Every way in never runs: it is a transition that `invalid-pop`
    // reports, or is held by one, or it is a handler of a result its child
    // never ends with.
    var handlers: [String] = []
    var never: [(id: Int32, isMention: Bool)] = []
    for mention in shown {
      if let owner = mention.owner, unreachable.contains(owner.index) { continue }
      if let dead = neverRun.outermost(in: mention.path) {
        if !never.contains(where: { $0.id == dead.id }) { never.append(dead) }
        continue
      }
      guard let handler = mention.handler else { return nil }
      let child = handler.flow.index
      let key: Int
      let name: String
      switch handler.result {
      case .dismissed:
        key = run.program.dismissedKey(of: child)
        name = "dismissed"
      case .declared(let index):
        key = index
        name = run.graph.flows[child].results[index].name
      }
      let produced = run.instancesOfFlow[child].contains {
        $0.results.indices.contains(key) && $0.results[key]
      }
      guard !produced else { return nil }
      let text = "the handler of '\(name)', which flow '\(run.flowName(child))' never produces"
      if !handlers.contains(text) { handlers.append(text) }
    }
    var notes: [Diagnostic.Note] = []
    if !handlers.isEmpty {
      notes.append(
        Diagnostic.Note("it is only shown from " + handlers.joined(separator: " and from ")))
    }
    for dead in never {
      let what = (dead.isMention ? "" : "a transition inside ") + neverRun.describe(dead.id)
      notes.append(
        Diagnostic.Note(
          (notes.isEmpty ? "it is only shown from " : "and from ") + what,
          at: neverRun.range(of: dead.id)))
    }
    guard !notes.isEmpty else { return nil }
    return Reason(
      notes: notes,
      follows: handlers.isEmpty ? never.first.flatMap { neverRun.range(of: $0.id) } : nil)
  }
}

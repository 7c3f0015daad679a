/// `unroutable-deeplink` (SPEC §6.2): a screen with a `deeplink` that no
/// route reaches — every path to it in the forward graph ends with a stop,
/// or there is none — when every param of the screen counts as carried by
/// the link. At the `deeplink` value; its note says where routes stop. A
/// screen that is `unreachable-screen` gets only that finding; one in a flow
/// where a transition that did not compile may run (a dangling `push`)
/// gets none, as for `unreachable-screen`: that transition might have been
/// its way in (SPEC §3, "One mistake gives one finding").
struct UnroutableDeeplinkRule {
  let graph: FlowGraph
  /// The screens (global indices) not judged: those reported
  /// `unreachable-screen`, and those of a flow whose answer is unknown.
  let unjudged: Set<Int>

  func diagnostics() -> [Diagnostic] {
    guard let entry = graph.entry, entry.index >= 0, entry.index < graph.flows.count else {
      return []
    }
    var linked: [Int] = []
    for (index, screen) in graph.tables.screens.enumerated()
    where screen.deeplink != noIndex && !unjudged.contains(index) {
      linked.append(index)
    }
    // No link, no forward graph.
    guard !linked.isEmpty else { return [] }
    // Which links have a route, without the forward graph's tables: those
    // are built only for a link without one, for its note.
    let routed = RoutedScreens(graph: graph)
    var built: ForwardGraph?
    var findings: [Diagnostic] = []
    for index in linked where !routed.hasRoute(to: index) {
      let forward = built ?? ForwardGraph(graph: graph)
      built = forward
      let id = ScreenID(index)
      // Every param of the screen counts as carried by the link.
      let params = graph.screens[index].params
      guard !forward.hasRoute(to: id, carried: { name in params.contains { $0.name == name } })
      else { continue }
      // A malformed pattern is the compiler's `invalid-deeplink`. Whether a
      // screen has a route does not depend on its pattern, so the pattern is
      // read only here, for a screen without one: a clean graph's patterns
      // are parsed once, by the compiler.
      let screen = graph[id]
      guard let text = screen.deeplink, case .success = DeeplinkPattern.parse(text) else {
        continue
      }
      let names = Set(params.map(\.name))
      findings.append(
        Diagnostic(
          .unroutableDeeplink,
          "no route from the start of the entry flow '\(graph[entry].name)' reaches screen '\(screen.name)' of deep link '\(text)'",
          at: graph.range(screen.deeplinkSpan ?? screen.span),
          notes: [
            Diagnostic.Note(forward.whereRoutesStop(to: id, carried: names)),
            .help(
              forward.reaches(id)
                ? "give a way in whose params the link carries: make them optional, give them a default, or make them params of '\(screen.name)' (the URL must then carry them, as query items when the pattern does not name them)"
                : forward.handlerShowing(id) != nil
                  ? "add an action that shows '\(screen.name)' (a push, present, replace, root or start) on a screen the entry flow shows"
                  : "add a push, present, replace, root or start that leads to '\(screen.name)' from a screen the entry flow shows"
            ),
          ]))
    }
    return findings
  }
}

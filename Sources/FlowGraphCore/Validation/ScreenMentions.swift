/// Where each screen is named as a transition's target (`push`, `present`,
/// `replace`, `root`, `pop: S`) or as its flow's start: for messages that
/// say why a screen is unreachable, or which of two near names is the typo.
///
/// Built on demand by one walk over the model; only findings need it.
package struct ScreenMentions: Sendable {
  /// One place that names a screen.
  package struct Mention: Sendable {
    /// The screen whose action or custom back names it; `nil` in a flow's start.
    package var owner: ScreenID?
    /// The innermost `on:` handler the mention is in: the started flow and
    /// the result whose handler it is.
    package var handler: (flow: FlowID, result: FlowResultRef)?
    /// Whether it is a `pop: S`, which goes back to the screen rather than
    /// showing it anew.
    package var isPop = false
    /// The source spans of the transitions that hold it (a `start` whose
    /// handler it is, a `run` whose outcome it is), outermost first, then
    /// its own: what must run for it to run. Spans the model lacks are left out.
    package var path: [SourceSpan] = []
  }

  /// The mentions of each screen, by global screen index.
  package private(set) var mentions: [[Mention]]

  /// Walks every flow's start, every screen's actions and custom back, and
  /// every tabs screen's handlers of its tabs' results.
  package init(_ graph: FlowGraph) {
    mentions = Array(repeating: [], count: graph.screens.count)
    for flow in graph.flows {
      visit(flow.start)
      for screenID in flow.screens where graph.screens.indices.contains(screenID.index) {
        let screen = graph.screens[screenID.index]
        for action in screen.actions {
          visit(action.transition, owner: screenID, handler: nil, path: [])
        }
        if case .custom(let transition) = screen.back {
          visit(transition, owner: screenID, handler: nil, path: [])
        }
        // A tabs screen's handlers of its tabs' results (the tab's `on`,
        // else the screen's): the tabs screen is current when they run.
        for tab in screen.tabBar?.tabs ?? [] {
          for (index, result) in tab.handlers.results.enumerated() {
            visit(result, owner: screenID, handler: (tab.flow, .declared(index)), path: [])
          }
          visit(tab.handlers.dismissed, owner: screenID, handler: (tab.flow, .dismissed), path: [])
        }
      }
    }
  }

  private mutating func note(_ target: ScreenID, _ mention: Mention) {
    if mentions.indices.contains(target.index) { mentions[target.index].append(mention) }
  }

  private mutating func visit(_ start: FlowStart) {
    switch start.kind {
    case .screen(let screen): note(screen, Mention(owner: nil, handler: nil))
    case .run(_, let outcomes): for outcome in outcomes { visit(outcome) }
    case .finish, .invalid: break
    }
  }

  private mutating func visit(
    _ transition: Transition, owner: ScreenID, handler: (flow: FlowID, result: FlowResultRef)?,
    path outer: [SourceSpan]
  ) {
    let path = transition.span.map { outer + [$0] } ?? outer
    switch transition.kind {
    case .push(let target), .present(let target), .replace(let target), .root(let target):
      note(target, Mention(owner: owner, handler: handler, path: path))
    case .popTo(let target):
      note(target, Mention(owner: owner, handler: handler, isPop: true, path: path))
    case .start(let child, _, let handlers):
      for (index, result) in handlers.results.enumerated() {
        visit(result, owner: owner, handler: (child, .declared(index)), path: path)
      }
      visit(handlers.dismissed, owner: owner, handler: (child, .dismissed), path: path)
    case .run(_, let outcomes):
      for outcome in outcomes { visit(outcome, owner: owner, handler: handler, path: path) }
    case .pop, .popToRoot, .dismiss, .stay, .finish, .select, .invalid:
      break
    }
  }
}

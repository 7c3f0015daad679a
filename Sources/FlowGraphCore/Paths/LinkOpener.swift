/// Deep links in generated runs (SPEC §8, §6.2): each routable deep link,
/// opened with `open:URL` (a URL from ``FlowGraph/sampleLink(to:)``), at the
/// end of a run of the entry flow.
///
/// Opening a link resets every flow, so what it does does not depend on where
/// the run was: a run of the entry flow that ends on a screen can take any
/// number of links after its last event without losing anything it took.
/// The link **is taken** by an `open` step that ends on the link's screen
/// with no link pending, or, when its route has a stop (the user's own
/// input), with the link pending on the screen where the first stop waits.
struct LinkOpener {
  /// A deep link that has a route with its sample URL's values.
  struct Link {
    var screen: ScreenID
    var url: String
    var route: DeepLinkRoute
  }

  /// The step that opens a link, and its leaf (the state it ends in, the
  /// outcomes and handlers it took).
  struct Opening {
    var step: PathStep
    var leaf: StepExplorer.Leaf
  }

  let graph: FlowGraph
  private let engine: FlowEngine
  /// The routable links, in file order (flows, then their screens).
  let links: [Link]

  init(graph: FlowGraph) {
    self.graph = graph
    engine = FlowEngine(graph: graph)
    var links: [Link] = []
    for flow in graph.flows {
      for screen in flow.screens {
        guard let url = graph.sampleLink(to: screen),
          case .success(let link) = engine.resolveLink(url), link.route.screen == screen
        else { continue }
        links.append(Link(screen: screen, url: url, route: link.route))
      }
    }
    self.links = links
  }

  /// The step that takes `link` from `state` (the first combination of task
  /// outcomes that does, in outcome order), or `nil` when none does.
  func open(_ link: Link, from state: FlowState, explorer: inout StepExplorer) -> Opening? {
    let event = FlowEvent.open(link.url)
    guard let result = try? engine.step(state, event) else { return nil }
    for leaf in explorer.leaves(of: result) where takes(link, leaf.state) {
      return Opening(
        step: PathStep(event: event, text: Self.scriptText(of: link.url), outcomes: leaf.choices),
        leaf: leaf)
    }
    return nil
  }

  /// Whether a state is where opening `link` should leave the user.
  private func takes(_ link: Link, _ state: FlowState) -> Bool {
    guard state.finish == nil, let top = state.top?.screen else { return false }
    if let stop = link.route.stops.first, stop > 0 {
      return state.pendingLink?.url == link.url && top == link.route.edges[stop - 1].target
    }
    return state.pendingLink == nil && top == link.screen
  }

  /// `open:URL` in the `--events` syntax: the URL bare, or in double quotes
  /// with JSON escapes when it holds what ends a bare URL (SPEC §6.2).
  static func scriptText(of url: String) -> String {
    let bare = !url.isEmpty && !url.contains { $0 == "," || $0 == "\"" || $0.isWhitespace }
    return "open:" + (bare ? url : Value.jsonQuoted(url))
  }
}

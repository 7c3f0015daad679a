import FlowGraphCore

extension GraphCompiler {
  /// Adds to each undefined screen reference whose name is a screen of
  /// another flow (`root: welcome` in a child of the flow that shows
  /// `welcome`) a note at that screen, since a flow shows only its own
  /// screens (SPEC §2.4), and help that says how to get there: from a flow
  /// that the other flow starts, end with a result and handle it there;
  /// toward a flow this one starts (or a flow that begins at the screen),
  /// `start` it.
  mutating func noteScreensOfOtherFlows(in graph: FlowGraph) {
    guard !undefinedScreens.isEmpty else { return }
    let wanted = Set(undefinedScreens.map(\.name.text))
    var byName: [String: [ScreenID]] = [:]
    for index in graph.screens.indices where wanted.contains(graph.screens[index].name) {
      byName[graph.screens[index].name, default: []].append(ScreenID(index))
    }
    guard !byName.isEmpty else { return }
    let children = graph.startedFlows()
    var parents = [[FlowID]](repeating: [], count: graph.flows.count)
    for (flow, started) in children.enumerated() {
      for child in started where !parents[child.index].contains(FlowID(flow)) {
        parents[child.index].append(FlowID(flow))
      }
    }
    for reference in undefinedScreens {
      guard let screens = byName[reference.name.text], let flow = flowIDs[reference.flow],
        let index = diagnostics.firstIndex(where: {
          $0.rule == .undefinedReference && $0.range == sourceRange(reference.name.range)
        })
      else { continue }
      let others = screens.filter { graph.screens[$0.index].flow != flow }
      guard !others.isEmpty else { continue }
      let ancestors = Self.ancestors(of: flow, parents: parents)
      // The nearest flow that starts this one, else one it starts, else the first.
      let distance = { (screen: ScreenID) in ancestors[graph.screens[screen.index].flow] }
      let screen =
        others.filter { distance($0) != nil }.min { distance($0)! < distance($1)! }
        ?? others.first { children[flow.index].contains(graph.screens[$0.index].flow) }
        ?? others[0]
      let owner = graph.screens[screen.index].flow
      let name = reference.name.text
      diagnostics[index].notes.append(
        Diagnostic.Note(
          "'\(name)' is a screen of flow '\(graph.flows[owner.index].name)'; a flow shows only its own screens",
          at: graph.range(graph.screens[screen.index].span)))
      guard let verb = reference.verb else { continue }
      let help = otherFlowHelp(
        to: screen, verb: verb, from: flow, distance: ancestors[owner],
        isChild: children[flow.index].contains(owner), in: graph)
      if let help { diagnostics[index].notes.append(help) }
    }
  }

  /// How to get from `flow` to `screen` of another flow, named by `verb`.
  private func otherFlowHelp(
    to screen: ScreenID, verb: TransitionSyntax.ScreenVerb, from flow: FlowID, distance: Int?,
    isChild: Bool, in graph: FlowGraph
  ) -> Diagnostic.Note? {
    let owner = graph.screens[screen.index].flow
    let name = graph.screens[screen.index].name
    let ownerName = graph.flows[owner.index].name
    let flowName = graph.flows[flow.index].name
    let results = graph.flows[flow.index].results.map { "'\($0.name)'" }
    let end =
      results.isEmpty
      ? "end flow '\(flowName)' with 'finish: R' (declare R under its 'results')"
      : "end flow '\(flowName)' with 'finish: R' (R one of its 'results', \(results.joined(separator: ", ")), or a new one)"
    if let distance {
      guard distance == 1 else {
        return .help(
          "to go there, \(end), and handle R where it is started with a 'finish' of that flow, up to flow '\(ownerName)', whose handler can run '{ \(verb.rawValue): \(name) }'"
        )
      }
      let site = startSite(of: flow, in: owner, graph: graph)
      // A tabs screen's handler runs with the tabs screen on top: it
      // cannot push, replace or pop.
      let handlerVerb =
        site.isTab && verb != .root && verb != .present ? "root" : verb.rawValue
      return .help(
        "to go there, \(end) and handle R with '{ \(handlerVerb): \(name) }' in \(site.place)",
        at: site.range)
    }
    guard verb != .pop else { return nil }
    guard case .screen(let first) = graph.flows[owner.index].start.kind, first == screen else {
      guard isChild else { return nil }
      return .help(
        "flow '\(ownerName)', which this flow starts, shows it: 'start: \(ownerName)' begins at its start"
      )
    }
    let mode = verb == .present ? ", mode: present" : ""
    return .help(
      "to show it, start flow '\(ownerName)', which begins at it: '{ start: \(ownerName)\(mode) }'")
  }

  /// Where `parent` starts `child`: a tab (its `on`, or its tabs screen's)
  /// or a `start` (its `on`), the first in model order.
  private func startSite(of child: FlowID, in parent: FlowID, graph: FlowGraph) -> (
    place: String, range: SourceRange?, isTab: Bool
  ) {
    for screen in graph.flows[parent.index].screens {
      for tab in graph.screens[screen.index].tabBar?.tabs ?? [] where tab.flow == child {
        return (
          "the 'on' of tab '\(tab.name)' of screen '\(graph.screens[screen.index].name)' (or the screen's 'on')",
          graph.range(tab.span), true
        )
      }
    }
    var site: SourceRange?
    graph.forEachTransition(in: parent) { transition, _ in
      if site == nil, case .start(let started, _, _) = transition.kind, started == child {
        site = graph.range(transition.span)
      }
    }
    let parentName = graph.flows[parent.index].name
    return (
      "the 'on' of the 'start: \(graph.flows[child.index].name)' in flow '\(parentName)'", site,
      false
    )
  }

  /// The flows that start `flow`, directly or not, by how many `start`s (or
  /// tabs) away they are.
  private static func ancestors(of flow: FlowID, parents: [[FlowID]]) -> [FlowID: Int] {
    var distance: [FlowID: Int] = [:]
    var frontier = [flow]
    var step = 0
    while !frontier.isEmpty {
      step += 1
      var next: [FlowID] = []
      for current in frontier {
        for parent in parents[current.index] where parent != flow && distance[parent] == nil {
          distance[parent] = step
          next.append(parent)
        }
      }
      frontier = next
    }
    return distance
  }
}

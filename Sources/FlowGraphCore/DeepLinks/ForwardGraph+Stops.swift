extension ForwardGraph {
  /// Where the routes to a screen stop (the note of `unroutable-deeplink`):
  /// the ways in and the params the link (`carried`) lacks, or that nothing
  /// on a route leads to the screen.
  public func whereRoutesStop(to id: ScreenID, carried: Set<String>) -> String {
    var seen: Set<ActionID> = []
    var ways: [(action: Action, missing: [String])] = []
    for edge in waysIn(to: id) {
      guard case .action(let action) = edge.trigger, seen.insert(action).inserted else { continue }
      let missing = requiredParameters(of: edge).map(\.name).filter {
        !carried.contains($0)
      }
      ways.append((graph[action], missing))
    }
    guard !ways.isEmpty else {
      let none =
        "no push, present, replace, root or start on a screen that the entry flow's start leads to shows it"
      guard let handler = handlerShowing(id) else { return none }
      return none
        + "; \(handler) shows it, but a result handler is not a way in: a link cannot make a child flow end with a result"
    }
    func lacking(_ missing: [String]) -> String {
      let list = missing.map { "'\($0)'" }.joined(separator: ", ")
      return missing.count == 1 ? "param \(list)" : "params \(list)"
    }
    if ways.count == 1 {
      return
        "the only way in is '\(ways[0].action.name)', whose \(lacking(ways[0].missing)) the link does not carry"
    }
    let listed = ways.map { "'\($0.action.name)' (\(lacking($0.missing)))" }
    return "every way in needs input the link does not carry: \(listed.joined(separator: ", "))"
  }

  /// The first result handler that shows `id` (a `push`, `present`,
  /// `replace` or `root` to it, also in the outcomes of a task it runs),
  /// named for a note: `the handler of 'contacted' in action
  /// 'helpButtonPressed' of screen 'feed'`.
  func handlerShowing(_ id: ScreenID) -> String? {
    for screen in graph.screens {
      for action in screen.actions {
        if let result = Self.handler(showing: id, in: action.transition, handler: nil, graph) {
          return
            "the handler of '\(result)' in action '\(action.name)' of screen '\(screen.name)'"
        }
      }
    }
    return nil
  }

  /// The result whose handler (`handler`: the one `transition` is in, if
  /// any) shows `id`, in `transition` and what it nests.
  private static func handler(
    showing id: ScreenID, in transition: Transition, handler: String?, _ graph: FlowGraph
  ) -> String? {
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen):
      return screen == id ? handler : nil
    case .start(let child, _, let handlers):
      let results = graph.flows[child.index].results
      for (index, nested) in handlers.results.enumerated() where index < results.count {
        if let found = Self.handler(showing: id, in: nested, handler: results[index].name, graph) {
          return found
        }
      }
      return Self.handler(showing: id, in: handlers.dismissed, handler: "dismissed", graph)
    case .run(_, let outcomes):
      for nested in outcomes {
        if let found = Self.handler(showing: id, in: nested, handler: handler, graph) {
          return found
        }
      }
      return nil
    default:
      return nil
    }
  }

  /// What a URL of the deep link of `target` must carry for a route to
  /// exist, beyond the link values it always has (`carried`: its pattern's
  /// params): the smallest sets of the target's other params (each in
  /// declared order) of which the URL must carry one whole set, in the order
  /// of the ways in. Empty when `carried` alone gives a route; `nil` when
  /// no set does.
  ///
  /// Exact, not a search over sets: a route exists with some link values
  /// exactly when one of the ways in (``waysIn(to:)``) is not a stop for
  /// them (or a start edge shows `target`), so a URL opens the link
  /// (``route(to:carried:)`` is not `nil`) exactly when it carries one of
  /// these sets.
  public func linkValuesNeeded(to target: ScreenID, carried: Set<String>) -> [[String]]? {
    guard target.index >= 0, target.index < graph.screens.count else { return nil }
    if startEdges.contains(where: { $0.target == target }) { return [] }
    // A link carries the target's params only.
    let params = graph[target].params.map(\.name)
    var sets: [[String]] = []
    for edge in waysIn(to: target) {
      let lacking = Set(requiredParameters(of: edge).map(\.name)).subtracting(carried)
      guard lacking.isSubset(of: params) else { continue }
      if lacking.isEmpty { return [] }
      let set = params.filter(lacking.contains)
      if !sets.contains(set) { sets.append(set) }
    }
    // A set that holds another is not needed.
    let smallest = sets.filter { set in
      !sets.contains { $0 != set && Set($0).isSubset(of: set) }
    }
    return smallest.isEmpty ? nil : smallest
  }

  /// The route as the steps `flowgraph run` applies: the start (no event,
  /// the start task's outcomes), then one event a route edge, each action's
  /// arguments from the link `values` by name (a sample value where the link
  /// has none and the param needs one: a stop), and the task outcomes with
  /// sample payloads.
  public func steps(of route: DeepLinkRoute, values: [String: Value]) -> [PathStep] {
    route.edges.map { edge in
      let outcomes = edge.outcomes.map { outcome in
        TaskChoice(
          task: outcome.task, outcome: outcome.outcome,
          payload: graph.sampleValues(for: graph[outcome.task].outcomes[outcome.outcome].payload))
      }
      let id: ActionID
      switch edge.trigger {
      case .start: return PathStep(event: nil, text: "", outcomes: outcomes)
      case .tab(let screen, let tab):
        let event = FlowEvent.tab(graph.screens[screen.index].tabBar?.tabs[tab].name ?? "")
        return PathStep(event: event, text: event.description, outcomes: outcomes)
      case .action(let action): id = action
      }
      let payload =
        graph.linkPayload(of: id, values: values, otherwise: graph.sampleValue(for:)) ?? []
      let event = FlowEvent.resolved(id, payload: payload)
      return PathStep(event: event, text: graph.describe(event), outcomes: outcomes)
    }
  }
}

extension FlowGraph {
  /// An action's payload from link values (SPEC §6.2): a value by param
  /// name (read as the param's type), else the param's default, else `null`
  /// for an optional, else `otherwise(param)`; `nil` when that gives none.
  package func linkPayload(
    of id: ActionID, values: [String: Value], otherwise: (Parameter) -> Value?
  ) -> [Value]? {
    var payload: [Value] = []
    for param in self[id].params {
      if let value = values[param.name], let typed = coerce(value, to: param.type) {
        payload.append(typed)
      } else if let value = param.defaultValue {
        payload.append(value)
      } else if param.type.isOptional {
        payload.append(.null)
      } else if let value = otherwise(param) {
        payload.append(value)
      } else {
        return nil
      }
    }
    return payload
  }
}

/// What a generated Swift API expects of the graph it runs: each screen, tab
/// bar, flow, task and type of the flow files it was generated from, in graph
/// order, as a signature such as `login.form(email: string)`,
/// `app.main[feed: feed, profile: profile]` or
/// `login(email: string) -> done(user: string) | dismissed`.
///
/// `flowgraph generate swift` writes the expected shape into the generated
/// file; its `Runner` calls ``FlowGraph/requireShape(_:generatedAs:)`` so a
/// graph loaded at run time that differs (flows edited without regenerating)
/// fails with the differences instead of mistyping screens.
public struct GeneratedGraphShape: Hashable, Sendable {
  /// The screens, as `flow.screen(param: type, …)`.
  public var screens: [String]
  /// The tab bars (SPEC §6.1), as `flow.screen[tab: tabFlow, …]`: the tabs
  /// screens, each with its tabs and the flows they run, in declared order.
  public var tabs: [String]
  /// The flows, as `flow(input: type, …) -> result(field: type, …) | …`.
  public var flows: [String]
  /// The tasks, as `task(input: type, …) -> outcome(field: type, …) | …`.
  public var tasks: [String]
  /// The `types:` enums, as `type(case, …)`.
  public var types: [String]

  /// A shape with these signatures.
  public init(
    screens: [String], tabs: [String] = [], flows: [String], tasks: [String], types: [String]
  ) {
    self.screens = screens
    self.tabs = tabs
    self.flows = flows
    self.tasks = tasks
    self.types = types
  }

  /// The shape of `graph`.
  public init(of graph: FlowGraph) {
    func fields(_ fields: some IndexedList<Parameter>) -> String {
      fields.map { "\($0.name): \(graph.describe($0.type))" }.joined(separator: ", ")
    }
    func cases(_ cases: [(name: String, payload: some IndexedList<Parameter>)]) -> String {
      cases.map { "\($0.name)(\(fields($0.payload)))" }.joined(separator: " | ")
    }
    func flowName(_ id: FlowID) -> String {
      id.index >= 0 && id.index < graph.flows.count ? graph.flows[id.index].name : "?"
    }
    screens = graph.screens.map { screen in
      "\(flowName(screen.flow)).\(screen.name)(\(fields(screen.params)))"
    }
    tabs = graph.screens.compactMap { screen in
      screen.tabBar.map { bar in
        let tabs = bar.tabs.map { "\($0.name): \(flowName($0.flow))" }
        return "\(flowName(screen.flow)).\(screen.name)[\(tabs.joined(separator: ", "))]"
      }
    }
    flows = graph.flows.map { flow in
      "\(flow.name)(\(fields(flow.input))) -> \(cases(flow.results.map { ($0.name, $0.payload) }))"
    }
    tasks = graph.tasks.map { task in
      "\(task.name)(\(fields(task.input))) -> \(cases(task.outcomes.map { ($0.name, $0.payload) }))"
    }
    types = graph.types.map { "\($0.name)(\($0.cases.joined(separator: ", ")))" }
  }

  /// How `actual` differs from this expected shape, one line per
  /// difference: the counts first, and the entries (by index) only when all
  /// counts match.
  public func differences(from actual: GeneratedGraphShape) -> [String] {
    let parts = [
      ("screen", screens, actual.screens), ("tab bar", tabs, actual.tabs),
      ("flow", flows, actual.flows),
      ("task", tasks, actual.tasks), ("type", types, actual.types),
    ]
    let counts = parts.compactMap { name, expected, found in
      expected.count == found.count
        ? nil : "\(name)s count: expected \(expected.count), found \(found.count)"
    }
    guard counts.isEmpty else { return counts }
    return parts.flatMap { name, expected, found in
      zip(expected, found).enumerated().compactMap { index, pair in
        pair.0 == pair.1 ? nil : "\(name) \(index): expected \(pair.0), found \(pair.1)"
      }
    }
  }
}

extension FlowGraph {
  /// Throws ``RuntimeError/invalidGraph(_:)`` listing the differences unless
  /// this graph has exactly the `expected` shape: the check a generated
  /// `Runner` makes of its graph (`namespace` names the generated API in the
  /// message).
  public func requireShape(_ expected: GeneratedGraphShape, generatedAs namespace: String)
    throws
  {
    let problems = expected.differences(from: GeneratedGraphShape(of: self))
    guard !problems.isEmpty else { return }
    throw RuntimeError.invalidGraph(
      "the graph is not the one `\(namespace)` was generated from (regenerate it): "
        + problems.joined(separator: "; "))
  }
}

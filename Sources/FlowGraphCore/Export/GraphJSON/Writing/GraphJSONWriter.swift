/// Builds the ``GraphJSONDocument`` of a graph: names for references (each
/// checked to lead back to its index), and the file table that source ranges
/// refer to.
struct GraphJSONWriter {
  let graph: FlowGraph
  let names: GraphNameTable
  private var files: [String] = []
  private var fileIndex: [String: Int] = [:]

  /// The folder that stored paths are relative to (`nil`: as given).
  let root: String?

  init(graph: FlowGraph, root: String? = nil) {
    self.graph = graph
    self.names = GraphNameTable(graph: graph)
    self.root = root
  }

  mutating func document() throws(GraphJSONError) -> GraphJSONDocument {
    try names.checkUnique()
    let canonical = try screensAreNumberedCanonically()
    // The decoder refuses it: a graph built by hand, or with the compiler's
    // finding suppressed.
    if let refused = graph.refusedDeeplink() {
      throw GraphJSONError(refused.message, path: refused.place)
    }
    var types: [TypeJSON] = []
    for type in graph.types {
      types.append(TypeJSON(name: type.name, cases: type.cases, at: range(type.span)))
    }
    var tasks: [TaskJSON] = []
    for task in graph.tasks {
      tasks.append(try taskDefinition(task))
    }
    var flows: [FlowJSON] = []
    for index in graph.flows.indices {
      flows.append(try flow(FlowID(index), writeIDs: !canonical))
    }
    var suppressions: [SuppressionJSON] = []
    for suppression in graph.suppressions {
      suppressions.append(
        SuppressionJSON(
          file: file(suppression.file), region: range(suppression.range),
          rules: suppression.rules.sorted().map(\.rawValue)))
    }
    let entry = try graph.entry.map { id throws(GraphJSONError) in
      try names.flowName(id, at: "entry")
    }
    return GraphJSONDocument(
      files: files, entry: entry, types: types, tasks: tasks, flows: flows,
      suppressions: suppressions)
  }

  /// Whether the screens are numbered flow by flow in listing order (as the
  /// compiler numbers them); when not, each screen carries its `id`. Throws
  /// when a screen is not listed by exactly the flow it names.
  private func screensAreNumberedCanonically() throws(GraphJSONError) -> Bool {
    var listedBy = [FlowID?](repeating: nil, count: graph.screens.count)
    var order: [Int] = []
    for (flowIndex, flow) in graph.flows.enumerated() {
      for id in flow.screens {
        guard graph.screens.indices.contains(id.index) else {
          throw GraphJSONError(
            "flow '\(flow.name)' lists \(id), but the graph has \(graph.screens.count) screens",
            path: "flow '\(flow.name)'")
        }
        let screen = graph.screens[id.index]
        if let other = listedBy[id.index] {
          throw GraphJSONError(
            "screen '\(screen.name)' (\(id)) is listed by flows '\(graph.flows[other.index].name)' and '\(flow.name)'",
            path: "flow '\(flow.name)'")
        }
        guard screen.flow.index == flowIndex else {
          throw GraphJSONError(
            "screen '\(screen.name)' (\(id)) is listed by flow '\(flow.name)' but names \(screen.flow) as its flow",
            path: "flow '\(flow.name)'")
        }
        listedBy[id.index] = FlowID(flowIndex)
        order.append(id.index)
      }
    }
    if let orphan = listedBy.firstIndex(where: { $0 == nil }) {
      throw GraphJSONError(
        "screen '\(graph.screens[orphan].name)' (screen#\(orphan)) is not listed by any flow")
    }
    return order == Array(graph.screens.indices)
  }

  // MARK: Definitions

  private mutating func taskDefinition(_ task: TaskDefinition) throws(GraphJSONError) -> TaskJSON {
    let input = try parameters(task.input, of: "task '\(task.name)'")
    var outcomes: [PayloadDefinitionJSON<OutcomeRole>] = []
    for outcome in task.outcomes {
      outcomes.append(
        PayloadDefinitionJSON(
          name: outcome.name,
          payload: try parameters(outcome.payload, of: "outcome '\(outcome.name)'"),
          at: range(outcome.span)))
    }
    return TaskJSON(
      name: task.name, input: input, outcomes: outcomes, at: range(task.span))
  }

  /// The fields of `list`, or `nil` when it is empty.
  mutating func parameters(_ list: some IndexedList<Parameter>, of owner: String)
    throws(GraphJSONError)
    -> [FieldJSON]?
  {
    guard !list.isEmpty else { return nil }
    var fields: [FieldJSON] = []
    for parameter in list {
      fields.append(
        FieldJSON(
          name: parameter.name, type: try names.typeText(parameter.type, at: owner),
          default: parameter.defaultValue.map(Self.value), at: range(parameter.span)))
    }
    return fields
  }

  private mutating func flow(_ id: FlowID, writeIDs: Bool) throws(GraphJSONError) -> FlowJSON {
    let flow = graph[id]
    let input = try parameters(flow.input, of: "flow '\(flow.name)'")
    var results: [PayloadDefinitionJSON<ResultRole>] = []
    for result in flow.results {
      results.append(
        PayloadDefinitionJSON(
          name: result.name,
          payload: try parameters(result.payload, of: "result '\(result.name)'"),
          at: range(result.span)))
    }
    let start = try self.start(
      flow.start, scope: TransitionScope(flow: id, screen: nil, payload: []))
    var screens: [ScreenJSON] = []
    for screenID in flow.screens {
      screens.append(try screen(screenID, writeID: writeIDs))
    }
    return FlowJSON(
      name: flow.name, description: flow.description, input: input,
      results: results.isEmpty ? nil : results, start: start, screens: screens,
      at: range(flow.span), extent: range(flow.extentSpan))
  }

  private mutating func screen(_ id: ScreenID, writeID: Bool) throws(GraphJSONError) -> ScreenJSON {
    let screen = graph[id]
    let place = "screen '\(screen.name)' of flow '\(graph[screen.flow].name)'"
    let params = try parameters(screen.params, of: place)
    let scope = TransitionScope(flow: screen.flow, screen: id, payload: [])
    let back: BackJSON?
    switch screen.back {
    case .pop: back = nil
    case .disabled: back = .disabled
    case .custom(let transition):
      back = .custom(try self.transition(transition, scope: scope, at: place + ", back"))
    }
    var actions: [ActionJSON] = []
    for action in screen.actions {
      let actionPlace = place + ", action '\(action.name)'"
      var actionScope = scope
      actionScope.payload = Array(action.params)
      actionScope.action = Array(action.params)
      actions.append(
        ActionJSON(
          name: action.name, params: try parameters(action.params, of: actionPlace),
          transition: try transition(action.transition, scope: actionScope, at: actionPlace),
          at: range(action.span)))
    }
    var tabs: [TabJSON]?
    if let bar = screen.tabBar {
      tabs = []
      for tab in bar.tabs {
        let start = Transition(
          .start(tab.flow, mode: .push, handlers: tab.handlers), arguments: tab.arguments,
          span: tab.span)
        tabs?.append(
          TabJSON(
            name: tab.name, title: tab.title,
            start: try transition(start, scope: scope, at: place + ", tab '\(tab.name)'")))
      }
    }
    return ScreenJSON(
      id: writeID ? id.index : nil, name: screen.name, title: screen.title,
      description: screen.description, params: params,
      deeplink: screen.deeplink, deeplinkAt: range(screen.deeplinkSpan),
      dismissible: screen.dismissible ? nil : false, back: back,
      actions: actions.isEmpty ? nil : actions, tabs: tabs,
      selected: (screen.tabBar?.selected ?? 0) == 0 ? nil : screen.tabBar?.selected,
      at: range(screen.span), extent: range(screen.extentSpan))
  }

  // MARK: Source ranges

  /// The index of `path` in the file table, adding it on first use.
  mutating func file(_ path: String) -> Int {
    if let index = fileIndex[path] { return index }
    files.append(root.map { PathText.relative(path, to: $0) } ?? path)
    fileIndex[path] = files.count - 1
    return files.count - 1
  }

  /// The range a span of the graph stands for, with its file in the file
  /// table, or `nil`.
  mutating func range(_ span: SourceSpan?) -> RangeJSON? {
    range(graph.range(span))
  }

  /// The range with its file in the file table, or `nil`.
  mutating func range(_ range: SourceRange?) -> RangeJSON? {
    guard let range else { return nil }
    return RangeJSON(file: file(range.file), start: range.start, end: range.end)
  }
}

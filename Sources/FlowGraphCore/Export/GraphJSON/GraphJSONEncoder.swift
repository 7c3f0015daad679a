/// Writes a ``FlowGraph`` in the compiled JSON format (``GraphJSONFormat``).
///
/// The output is deterministic: the same graph always gives the same bytes,
/// so a compiled graph can be committed and diffed. References are written as
/// names, resolved where the DSL resolves them (a screen in its flow, a result
/// in its flow, a field in its param list); source ranges are kept.
///
/// The graph must be well-formed, as every graph the compiler builds is: every
/// index in range, every screen listed by exactly the flow it names, names
/// unique in their scope. Otherwise encoding throws, saying what is wrong.
public struct GraphJSONEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The JSON text of `graph`, ending with a newline.
  public func encode(_ graph: FlowGraph) throws(GraphJSONError) -> String {
    var writer = GraphJSONWriter(graph: graph)
    return JSONWriter.write(try writer.document())
  }
}

/// The state of one encoding: the graph, its name tables, and the file table
/// that source ranges refer to.
struct GraphJSONWriter {
  let graph: FlowGraph
  let names: GraphNameTable
  private var files: [String] = []
  private var fileIndex: [String: Int] = [:]

  init(graph: FlowGraph) {
    self.graph = graph
    self.names = GraphNameTable(graph: graph)
  }

  mutating func document() throws(GraphJSONError) -> JSONValue {
    try names.checkUnique()
    let canonical = try screensAreNumberedCanonically()
    var types: [JSONValue] = []
    for type in graph.types {
      types.append(try typeDefinition(type))
    }
    var tasks: [JSONValue] = []
    for task in graph.tasks {
      tasks.append(try taskDefinition(task))
    }
    var flows: [JSONValue] = []
    for index in graph.flows.indices {
      flows.append(try flow(FlowID(index), writeIDs: !canonical))
    }
    var suppressions: [JSONValue] = []
    for suppression in graph.suppressions {
      suppressions.append(self.suppression(suppression))
    }
    var object = JSONObjectBuilder()
    object.add("format", .string(GraphJSONFormat.name))
    object.add("version", .int(GraphJSONFormat.version))
    object.add("files", .array(files.map { .string($0) }))
    if let entry = graph.entry {
      object.add("entry", .string(try names.flowName(entry, at: "entry")))
    }
    object.add("types", .array(types))
    object.add("tasks", .array(tasks))
    object.add("flows", .array(flows))
    object.add("suppressions", .array(suppressions))
    return object.value
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

  private mutating func typeDefinition(_ type: TypeDefinition) throws(GraphJSONError) -> JSONValue {
    var object = JSONObjectBuilder()
    object.add("name", .string(type.name))
    object.add("cases", .array(type.cases.map { .string($0) }))
    object.add("at", range(type.range))
    return object.value
  }

  private mutating func taskDefinition(_ task: TaskDefinition) throws(GraphJSONError) -> JSONValue {
    var object = JSONObjectBuilder()
    object.add("name", .string(task.name))
    object.addUnlessEmpty("input", try parameters(task.input, of: "task '\(task.name)'"))
    var outcomes: [JSONValue] = []
    for outcome in task.outcomes {
      var member = JSONObjectBuilder()
      member.add("name", .string(outcome.name))
      member.addUnlessEmpty(
        "payload", try parameters(outcome.payload, of: "outcome '\(outcome.name)'"))
      member.add("at", range(outcome.range))
      outcomes.append(member.value)
    }
    object.add("outcomes", .array(outcomes))
    object.add("at", range(task.range))
    return object.value
  }

  mutating func parameters(_ list: [Parameter], of owner: String) throws(GraphJSONError)
    -> [JSONValue]
  {
    var values: [JSONValue] = []
    for parameter in list {
      var object = JSONObjectBuilder()
      object.add("name", .string(parameter.name))
      object.add("type", .string(try names.typeText(parameter.type, at: owner)))
      object.add("at", range(parameter.range))
      values.append(object.value)
    }
    return values
  }

  private mutating func flow(_ id: FlowID, writeIDs: Bool) throws(GraphJSONError) -> JSONValue {
    let flow = graph[id]
    let place = "flow '\(flow.name)'"
    var object = JSONObjectBuilder()
    object.add("name", .string(flow.name))
    object.add("description", flow.description.map { .string($0) })
    object.addUnlessEmpty("input", try parameters(flow.input, of: place))
    var results: [JSONValue] = []
    for result in flow.results {
      var member = JSONObjectBuilder()
      member.add("name", .string(result.name))
      member.addUnlessEmpty(
        "payload", try parameters(result.payload, of: "result '\(result.name)'"))
      member.add("at", range(result.range))
      results.append(member.value)
    }
    object.addUnlessEmpty("results", results)
    object.add(
      "start", try start(flow.start, scope: TransitionScope(flow: id, screen: nil, payload: [])))
    var screens: [JSONValue] = []
    for screenID in flow.screens {
      screens.append(try screen(screenID, writeID: writeIDs))
    }
    object.add("screens", .array(screens))
    object.add("at", range(flow.range))
    object.add("extent", range(flow.extent))
    return object.value
  }

  private mutating func screen(_ id: ScreenID, writeID: Bool) throws(GraphJSONError) -> JSONValue {
    let screen = graph[id]
    let place = "screen '\(screen.name)' of flow '\(graph[screen.flow].name)'"
    var object = JSONObjectBuilder()
    if writeID { object.add("id", .int(id.index)) }
    object.add("name", .string(screen.name))
    object.add("title", screen.title.map { .string($0) })
    object.add("description", screen.description.map { .string($0) })
    object.addUnlessEmpty("params", try parameters(screen.params, of: place))
    object.add("deeplink", screen.deeplink.map { .string($0) })
    if !screen.dismissible { object.add("dismissible", .bool(false)) }
    let scope = TransitionScope(flow: screen.flow, screen: id, payload: [])
    switch screen.back {
    case .pop: break
    case .disabled: object.add("back", .string("disabled"))
    case .custom(let transition):
      object.add("back", try self.transition(transition, scope: scope, at: place + ", back"))
    }
    var actions: [JSONValue] = []
    for action in screen.actions {
      let actionPlace = place + ", action '\(action.name)'"
      var member = JSONObjectBuilder()
      member.add("name", .string(action.name))
      member.addUnlessEmpty("params", try parameters(action.params, of: actionPlace))
      var actionScope = scope
      actionScope.payload = action.params
      member.add(
        "transition", try transition(action.transition, scope: actionScope, at: actionPlace))
      member.add("at", range(action.range))
      actions.append(member.value)
    }
    object.addUnlessEmpty("actions", actions)
    object.add("at", range(screen.range))
    object.add("extent", range(screen.extent))
    return object.value
  }

  private mutating func suppression(_ suppression: Suppression) -> JSONValue {
    var object = JSONObjectBuilder()
    object.add("file", .int(file(suppression.file)))
    object.add("region", range(suppression.range))
    object.add("rules", .array(suppression.rules.sorted().map { .string($0.rawValue) }))
    return object.value
  }

  // MARK: Source ranges

  /// The index of `path` in the file table, adding it on first use.
  mutating func file(_ path: String) -> Int {
    if let index = fileIndex[path] { return index }
    files.append(path)
    fileIndex[path] = files.count - 1
    return files.count - 1
  }

  /// `[file, line, column, offset, endLine, endColumn, endOffset]`, or `nil`.
  mutating func range(_ range: SourceRange?) -> JSONValue? {
    guard let range else { return nil }
    return .array([
      .int(file(range.file)),
      .int(range.start.line), .int(range.start.column), .int(range.start.offset),
      .int(range.end.line), .int(range.end.column), .int(range.end.offset),
    ])
  }
}

/// Names of a graph's parts, for writing references: each lookup checks that
/// the index exists and that the name leads back to it.
struct GraphNameTable {
  let graph: FlowGraph

  /// The names that cannot name a type because a type expression would read
  /// them as a built-in type.
  static let builtInTypeNames: Set<String> = [
    "string", "int", "double", "bool", "url", "date", "list",
  ]

  /// Throws unless flows, tasks and types have unique names, screens and
  /// results unique names in their flow, outcomes in their task, and every
  /// type name can be written in a type expression.
  func checkUnique() throws(GraphJSONError) {
    // The graph's lookups hold one entry per distinct name: when they hold
    // every flow, task, type and screen, those names are unique already.
    let lookupsAreWhole = graph.lookupsHoldEveryName
    if !lookupsAreWhole {
      try unique(graph.flows.map(\.name), "flow", in: "the graph")
      try unique(graph.tasks.map(\.name), "task", in: "the graph")
      try unique(graph.types.map(\.name), "type", in: "the graph")
    }
    for type in graph.types {
      guard Self.isWritableTypeName(type.name) else {
        throw GraphJSONError(
          "type name '\(type.name)' cannot be written in a type expression",
          path: "type '\(type.name)'")
      }
    }
    for flow in graph.flows {
      if !lookupsAreWhole {
        try unique(
          flow.screens.map { graph.screens[$0.index].name }, "screen", in: "flow '\(flow.name)'")
      }
      try unique(flow.results.map(\.name) + ["dismissed"], "result", in: "flow '\(flow.name)'")
    }
    for task in graph.tasks {
      try unique(task.outcomes.map(\.name), "outcome", in: "task '\(task.name)'")
    }
  }

  /// Whether `name` reads back as a named type in a type expression.
  static func isWritableTypeName(_ name: String) -> Bool {
    !name.isEmpty && !builtInTypeNames.contains(name)
      && !name.unicodeScalars.contains { "<>?, \t\n\r".unicodeScalars.contains($0) }
  }

  /// Throws at the first name that an earlier one repeats: compared with
  /// each earlier one in the short lists that real graphs have (no name
  /// hashed), with a set in longer ones (never quadratic).
  private func unique(
    _ names: [String], _ kind: String, in owner: @autoclosure () -> String
  ) throws(GraphJSONError) {
    func repeated(_ name: String) -> GraphJSONError {
      let owner = owner()
      return GraphJSONError(
        name == "dismissed" && kind == "result"
          ? "a declared result is named 'dismissed', the built-in result"
          : "two \(kind)s are named '\(name)' in \(owner)",
        path: owner)
    }
    if names.count <= 8 {
      for later in names.indices.dropFirst() {
        for earlier in 0..<later where names[earlier] == names[later] {
          throw repeated(names[later])
        }
      }
      return
    }
    var seen: Set<String> = []
    for name in names where !seen.insert(name).inserted {
      throw repeated(name)
    }
  }

  func flowName(_ id: FlowID, at place: String) throws(GraphJSONError) -> String {
    guard graph.flows.indices.contains(id.index) else {
      throw dangling(id, "flows", graph.flows.count, place)
    }
    return graph.flows[id.index].name
  }

  func taskName(_ id: TaskID, at place: String) throws(GraphJSONError) -> String {
    guard graph.tasks.indices.contains(id.index) else {
      throw dangling(id, "tasks", graph.tasks.count, place)
    }
    return graph.tasks[id.index].name
  }

  /// The name of a screen, which must belong to `flow`.
  func screenName(_ id: ScreenID, in flow: FlowID, at place: String) throws(GraphJSONError)
    -> String
  {
    guard graph.screens.indices.contains(id.index) else {
      throw dangling(id, "screens", graph.screens.count, place)
    }
    let screen = graph.screens[id.index]
    guard screen.flow == flow else {
      throw GraphJSONError(
        "names screen '\(screen.name)' of another flow, '\(graph.flows[screen.flow.index].name)'",
        path: place)
    }
    return screen.name
  }

  /// The name of one of `flow`'s results (`dismissed` for the built-in one).
  func resultName(_ result: FlowResultRef, of flow: FlowID, at place: String) throws(GraphJSONError)
    -> String
  {
    switch result {
    case .dismissed: return "dismissed"
    case .declared(let index):
      let results = graph.flows[flow.index].results
      guard results.indices.contains(index) else {
        throw GraphJSONError(
          "result index \(index) is out of range: flow '\(graph.flows[flow.index].name)' declares \(results.count)",
          path: place)
      }
      return results[index].name
    }
  }

  /// The name of the field at `index` of `list`, which must be the only field
  /// with that name.
  func fieldName(
    _ index: Int, of list: some IndexedList<Parameter>, _ what: String, at place: String
  )
    throws(GraphJSONError)
    -> String
  {
    guard list.indices.contains(index) else {
      throw GraphJSONError(
        "\(what) index \(index) is out of range (there are \(list.count))", path: place)
    }
    let name = list[index].name
    guard list.lazy.filter({ $0.name == name }).count == 1 else {
      throw GraphJSONError("two fields are named '\(name)' in the \(what) list", path: place)
    }
    return name
  }

  /// The type as written in the DSL; named types must exist.
  func typeText(_ type: ValueType, at place: String) throws(GraphJSONError) -> String {
    switch type {
    case .list(let element): return "list<\(try typeText(element, at: place))>"
    case .optional(let wrapped):
      if case .optional = wrapped {
        throw GraphJSONError("an optional of an optional cannot be written", path: place)
      }
      return "\(try typeText(wrapped, at: place))?"
    case .named(let id):
      guard graph.types.indices.contains(id.index) else {
        throw dangling(id, "types", graph.types.count, place)
      }
      return graph.types[id.index].name
    default:
      return graph.describe(type)
    }
  }

  private func dangling(
    _ id: some CustomStringConvertible, _ what: String, _ count: Int, _ place: String
  )
    -> GraphJSONError
  {
    GraphJSONError("\(id) is out of range: the graph has \(count) \(what)", path: place)
  }
}

/// Resolves a decoded ``GraphJSONDocument`` into a ``FlowGraph``: names become
/// the model's dense indices, ranges point into the file table, and each name
/// that leads nowhere, name used twice, missing handler, misnumbered screen
/// or deep link the compiler refuses is an error at its path.
///
/// Definitions are read first (types, tasks, then every flow's results and
/// screens without their transitions), so that transitions can name flows and
/// screens defined later in the document.
struct GraphJSONReader {
  var files: [String] = []
  /// The graph's source map: every range of the document, kept whole.
  let sources = GraphJSONSources()
  var types: [TypeDefinition] = []
  var typeIDs: [String: TypeID] = [:]
  var tasks: [TaskDefinition] = []
  var taskIDs: [String: TaskID] = [:]
  var flows: [Flow] = []
  var flowIDs: [String: FlowID] = [:]
  /// The screens by id, filled in as they are read.
  var screens: [ScreenValue?] = []
  /// Each flow's screens by name.
  var screenIDs: [[String: ScreenID]] = []
  /// The deep-link patterns read so far, by shape, with their screen.
  var deeplinkShapes = DeeplinkShapes<(screen: String, flow: String)>()

  /// A screen whose transitions are read in the second pass.
  private struct PendingScreen {
    var id: ScreenID
    var path: String
  }

  mutating func graph(from document: GraphJSONDocument) throws(GraphJSONError) -> FlowGraph {
    files = document.files
    for (index, type) in document.types.enumerated() {
      try readType(type, path: "types[\(index)]")
    }
    for (index, task) in document.tasks.enumerated() {
      try readTask(task, path: "tasks[\(index)]")
    }
    for (index, flow) in document.flows.enumerated() {
      if let other = flowIDs[flow.name] {
        throw GraphJSONError(
          "two flows are named '\(flow.name)' (also flows[\(other.index)])", path: "flows[\(index)]"
        )
      }
      flowIDs[flow.name] = FlowID(index)
    }
    var pending: [[PendingScreen]] = []
    var explicitIDs: Bool?
    var screenCount = 0
    for (index, flow) in document.flows.enumerated() {
      pending.append(
        try readFlowDefinitions(
          flow, FlowID(index), path: "flows[\(index)]", &screenCount, &explicitIDs))
    }
    try placeScreens(pending, count: screenCount)
    for (index, flow) in document.flows.enumerated() {
      flows[index].start = try readStart(
        flow.start, path: "flows[\(index)].start",
        scope: TransitionScope(flow: FlowID(index), screen: nil, payload: []))
      for (screen, item) in zip(flow.screens, pending[index]) {
        try readScreenTransitions(screen, item.id, path: item.path)
      }
    }
    let entry = try document.entry.map { name throws(GraphJSONError) in
      try flowID(name, "entry")
    }
    var suppressions: [Suppression] = []
    for (index, suppression) in document.suppressions.enumerated() {
      suppressions.append(try readSuppression(suppression, path: "suppressions[\(index)]"))
    }
    return FlowGraph(
      flows: flows, tables: Self.tables(screens.map { $0! }), tasks: tasks, types: types,
      entry: entry,
      suppressions: suppressions, sources: sources.map)
  }

  // MARK: Definitions

  private mutating func readType(_ type: TypeJSON, path: String) throws(GraphJSONError) {
    guard GraphNameTable.isWritableTypeName(type.name) else {
      throw GraphJSONError("'\(type.name)' cannot name a type", path: path + ".name")
    }
    if let other = typeIDs[type.name] {
      throw GraphJSONError(
        "two types are named '\(type.name)' (also types[\(other.index)])", path: path)
    }
    var cases: [String] = []
    for (index, text) in type.cases.enumerated() {
      guard !cases.contains(text) else {
        throw GraphJSONError("case '\(text)' is listed twice", path: path + ".cases[\(index)]")
      }
      cases.append(text)
    }
    typeIDs[type.name] = TypeID(types.count)
    types.append(
      TypeDefinition(name: type.name, cases: cases, span: try span(type.at, path + ".at")))
  }

  private mutating func readTask(_ task: TaskJSON, path: String) throws(GraphJSONError) {
    if let other = taskIDs[task.name] {
      throw GraphJSONError(
        "two tasks are named '\(task.name)' (also tasks[\(other.index)])", path: path)
    }
    let input = try parameters(task.input, path + ".input")
    var outcomes: [OutcomeDefinition] = []
    for (index, outcome) in task.outcomes.enumerated() {
      let outcomePath = path + ".outcomes[\(index)]"
      guard !outcomes.contains(where: { $0.name == outcome.name }) else {
        throw GraphJSONError("two outcomes are named '\(outcome.name)'", path: outcomePath)
      }
      outcomes.append(
        OutcomeDefinition(
          name: outcome.name, payload: try parameters(outcome.payload, outcomePath + ".payload"),
          span: try span(outcome.at, outcomePath + ".at")))
    }
    taskIDs[task.name] = TaskID(tasks.count)
    tasks.append(
      TaskDefinition(
        name: task.name, input: input, outcomes: outcomes, span: try span(task.at, path + ".at")))
  }

  /// Reads a flow and its screens' definitions; returns the screens whose
  /// transitions are read later.
  private mutating func readFlowDefinitions(
    _ flow: FlowJSON, _ id: FlowID, path: String, _ screenCount: inout Int,
    _ explicitIDs: inout Bool?
  ) throws(GraphJSONError) -> [PendingScreen] {
    var results: [ResultDefinition] = []
    for (index, result) in (flow.results ?? []).enumerated() {
      let resultPath = path + ".results[\(index)]"
      guard result.name != "dismissed" else {
        throw GraphJSONError(
          "'dismissed' is the built-in result and cannot be declared", path: resultPath)
      }
      guard !results.contains(where: { $0.name == result.name }) else {
        throw GraphJSONError("two results are named '\(result.name)'", path: resultPath)
      }
      results.append(
        ResultDefinition(
          name: result.name, payload: try parameters(result.payload, resultPath + ".payload"),
          span: try span(result.at, resultPath + ".at")))
    }
    var pending: [PendingScreen] = []
    var names: [String: ScreenID] = [:]
    for (index, screen) in flow.screens.enumerated() {
      let screenPath = path + ".screens[\(index)]"
      let screenID = try readScreenID(screen, path: screenPath, &screenCount, &explicitIDs)
      guard names[screen.name] == nil else {
        throw GraphJSONError(
          "two screens of this flow are named '\(screen.name)'", path: screenPath)
      }
      names[screen.name] = screenID
      let definition = try readScreenDefinition(screen, flow: id, path: screenPath)
      try checkDeeplink(of: definition, flow: flow.name, path: screenPath)
      screens.append(definition)
      pending.append(PendingScreen(id: screenID, path: screenPath))
    }
    screenIDs.append(names)
    flows.append(
      Flow(
        name: flow.name,
        description: flow.description,
        input: try parameters(flow.input, path + ".input"),
        results: results,
        start: FlowStart(.invalid),
        screens: pending.map(\.id),
        span: try span(flow.at, path + ".at"),
        extentSpan: try span(flow.extent, path + ".extent")))
    return pending
  }

  /// The screen's id: its `id` when the document numbers screens, otherwise
  /// the next number in document order. Either every screen has an `id` or none.
  private func readScreenID(
    _ screen: ScreenJSON, path: String, _ screenCount: inout Int, _ explicitIDs: inout Bool?
  ) throws(GraphJSONError) -> ScreenID {
    if let explicitIDs, explicitIDs != (screen.id != nil) {
      throw GraphJSONError(
        "either every screen has an 'id' or none does; this one \(explicitIDs ? "has none" : "has one")",
        path: path)
    }
    explicitIDs = screen.id != nil
    defer { screenCount += 1 }
    if let id = screen.id, id > Int(Int32.max) {
      // Ids are 32 bits: a larger one could not be told from the largest.
      throw GraphJSONError("screen id \(id) is out of range", path: path + ".id")
    }
    return ScreenID(screen.id ?? screenCount)
  }

  /// Puts the screens read in document order at their ids, checking that the
  /// ids number them 0 to count - 1, each once.
  private mutating func placeScreens(_ pending: [[PendingScreen]], count: Int)
    throws(GraphJSONError)
  {
    var placed = [ScreenValue?](repeating: nil, count: count)
    for (screen, item) in zip(screens, pending.joined()) {
      guard item.id.index < count else {
        throw GraphJSONError(
          "screen id \(item.id.index) is out of range: the document has \(count) screens",
          path: item.path + ".id")
      }
      guard placed[item.id.index] == nil else {
        throw GraphJSONError("screen id \(item.id.index) is used twice", path: item.path + ".id")
      }
      placed[item.id.index] = screen
    }
    screens = placed
  }

  private static func tables(_ screens: [ScreenValue]) -> GraphTables {
    var writer = GraphTableWriter()
    for screen in screens { writer.append(screen) }
    return writer.finish()
  }

  private func readScreenDefinition(_ screen: ScreenJSON, flow: FlowID, path: String)
    throws(GraphJSONError) -> ScreenValue
  {
    ScreenValue(
      name: screen.name,
      flow: flow,
      title: screen.title,
      description: screen.description,
      params: try parameters(screen.params, path + ".params"),
      dismissible: screen.dismissible ?? true,
      deeplink: screen.deeplink,
      span: try span(screen.at, path + ".at"),
      extentSpan: try span(screen.extent, path + ".extent"),
      deeplinkSpan: try span(screen.deeplinkAt, path + ".deeplinkAt"))
  }

  private mutating func readScreenTransitions(_ json: ScreenJSON, _ id: ScreenID, path: String)
    throws(GraphJSONError)
  {
    var screen = screens[id.index]!
    let scope = TransitionScope(flow: screen.flow, screen: id, payload: [])
    switch json.back {
    case nil: break
    case .disabled: screen.back = .disabled
    case .custom(let transition):
      screen.back = .custom(try readTransition(transition, path: path + ".back", scope: scope))
    }
    for (index, action) in (json.actions ?? []).enumerated() {
      let actionPath = path + ".actions[\(index)]"
      guard !screen.actions.contains(where: { $0.name == action.name }) else {
        throw GraphJSONError(
          "two actions of this screen are named '\(action.name)'", path: actionPath)
      }
      let params = try parameters(action.params, actionPath + ".params")
      var actionScope = scope
      actionScope.payload = params
      actionScope.action = params
      let transition = try readTransition(
        action.transition, path: actionPath + ".transition", scope: actionScope)
      screen.actions.append(
        ActionValue(
          name: action.name, params: params, transition: transition,
          span: try span(action.at, actionPath + ".at")))
    }
    if let tabs = json.tabs {
      var bar = TabBar(tabs: [], selected: json.selected ?? 0)
      for (index, tab) in tabs.enumerated() {
        let tabPath = path + ".tabs[\(index)]"
        let start = try readTransition(tab.start, path: tabPath + ".start", scope: scope)
        guard case .start(let flow, .push, let handlers) = start.kind else {
          throw GraphJSONError("a tab's start must be a 'start' in mode push", path: tabPath)
        }
        bar.tabs.append(
          Tab(
            name: tab.name, flow: flow, title: tab.title, arguments: start.arguments,
            handlers: Transition.ResultHandlers(handlers), span: start.span))
      }
      guard bar.selected >= 0, bar.selected < max(bar.tabs.count, 1) else {
        throw GraphJSONError("'selected' is not the index of a tab", path: path + ".selected")
      }
      screen.tabBar = bar
    }
    screens[id.index] = screen
  }

  private func readSuppression(_ suppression: SuppressionJSON, path: String)
    throws(GraphJSONError) -> Suppression
  {
    let file = try self.file(suppression.file, path + ".file")
    var rules: Set<RuleID> = []
    for (index, name) in suppression.rules.enumerated() {
      let rulePath = path + ".rules[\(index)]"
      let rule = RuleID(rawValue: name)
      guard rule.isKnown else {
        throw GraphJSONError(
          "unknown rule id '\(rule)'"
            + NameSuggestion.hint(for: rule.rawValue, in: RuleID.all.map(\.rawValue)),
          path: rulePath)
      }
      guard rules.insert(rule).inserted else {
        throw GraphJSONError("rule '\(rule)' is listed twice", path: rulePath)
      }
    }
    return Suppression(
      file: file, range: try range(suppression.region, path + ".region"), rules: rules)
  }
}

/// The source map a reader fills as it reads ranges (a reference, so that
/// the reader's non-mutating reads can add to it).
final class GraphJSONSources {
  var map = SourceMap()
}

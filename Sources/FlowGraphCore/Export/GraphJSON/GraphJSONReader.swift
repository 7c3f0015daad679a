/// The state of one decoding. Definitions are read first (types, tasks, then
/// every flow's results and screens without their transitions), so that
/// transitions can name flows and screens defined later in the document.
struct GraphJSONReader {
  var files: [String] = []
  var types: [TypeDefinition] = []
  var typeIDs: [String: TypeID] = [:]
  var tasks: [TaskDefinition] = []
  var taskIDs: [String: TaskID] = [:]
  var flows: [Flow] = []
  var flowIDs: [String: FlowID] = [:]
  /// The screens by id, filled in as they are read.
  var screens: [Screen?] = []
  /// Each flow's screens by name.
  var screenIDs: [[String: ScreenID]] = []

  /// A screen whose transitions are read in the second pass.
  private struct PendingScreen {
    var id: ScreenID
    var view: JSONObjectView
  }

  static let rootKeys = [
    "format", "version", "files", "entry", "types", "tasks", "flows", "suppressions",
  ]
  static let flowKeys = [
    "name", "description", "input", "results", "start", "screens", "at", "extent",
  ]
  static let screenKeys = [
    "id", "name", "title", "description", "params", "deeplink", "dismissible", "back", "actions",
    "at", "extent",
  ]

  mutating func graph(from root: JSONNode) throws(GraphJSONError) -> FlowGraph {
    let view = try JSONObjectView(
      root, path: "", allowed: Self.rootKeys, what: "a compiled flow graph")
    for (index, node) in try view.array("files").enumerated() {
      files.append(try JSONAccess.string(node, "files[\(index)]"))
    }
    for (index, node) in try view.array("types").enumerated() {
      try readType(node, path: "types[\(index)]")
    }
    for (index, node) in try view.array("tasks").enumerated() {
      try readTask(node, path: "tasks[\(index)]")
    }
    let flowNodes = try view.array("flows")
    var flowViews: [JSONObjectView] = []
    for (index, node) in flowNodes.enumerated() {
      let flowView = try JSONObjectView(
        node, path: "flows[\(index)]", allowed: Self.flowKeys, what: "a flow")
      let name = try flowView.string("name")
      if let other = flowIDs[name] {
        throw JSONAccess.error(
          "two flows are named '\(name)' (also flows[\(other.index)])", node, flowView.path)
      }
      flowIDs[name] = FlowID(index)
      flowViews.append(flowView)
    }
    var pending: [[PendingScreen]] = []
    var explicitIDs: Bool?
    var screenCount = 0
    for (index, flowView) in flowViews.enumerated() {
      pending.append(try readFlowDefinitions(flowView, FlowID(index), &screenCount, &explicitIDs))
    }
    try placeScreens(pending, count: screenCount)
    for (index, flowView) in flowViews.enumerated() {
      let id = FlowID(index)
      let startNode = try flowView.required("start")
      flows[index].start = try readStart(
        startNode, path: flowView.path("start"),
        scope: TransitionScope(flow: id, screen: nil, payload: []))
      for screen in pending[index] {
        try readScreenTransitions(screen.view, screen.id)
      }
    }
    var entry: FlowID?
    if let entryNode = view.optional("entry") {
      entry = try flowID(try JSONAccess.string(entryNode, "entry"), entryNode, "entry")
    }
    var suppressions: [Suppression] = []
    for (index, node) in try view.array("suppressions").enumerated() {
      suppressions.append(try readSuppression(node, path: "suppressions[\(index)]"))
    }
    return FlowGraph(
      flows: flows, screens: screens.map { $0! }, tasks: tasks, types: types, entry: entry,
      suppressions: suppressions)
  }

  // MARK: Definitions

  private mutating func readType(_ node: JSONNode, path: String) throws(GraphJSONError) {
    let view = try JSONObjectView(
      node, path: path, allowed: ["name", "cases", "at"], what: "a type")
    let name = try view.string("name")
    guard GraphNameTable.isWritableTypeName(name) else {
      throw JSONAccess.error("'\(name)' cannot name a type", node, view.path("name"))
    }
    if let other = typeIDs[name] {
      throw JSONAccess.error(
        "two types are named '\(name)' (also types[\(other.index)])", node, path)
    }
    var cases: [String] = []
    for (index, caseNode) in try JSONAccess.array(try view.required("cases"), view.path("cases"))
      .enumerated()
    {
      let text = try JSONAccess.string(caseNode, view.path("cases") + "[\(index)]")
      guard !cases.contains(text) else {
        throw JSONAccess.error(
          "case '\(text)' is listed twice", caseNode, view.path("cases") + "[\(index)]")
      }
      cases.append(text)
    }
    typeIDs[name] = TypeID(types.count)
    types.append(TypeDefinition(name: name, cases: cases, range: try range(view, "at")))
  }

  private mutating func readTask(_ node: JSONNode, path: String) throws(GraphJSONError) {
    let view = try JSONObjectView(
      node, path: path, allowed: ["name", "input", "outcomes", "at"], what: "a task")
    let name = try view.string("name")
    if let other = taskIDs[name] {
      throw JSONAccess.error(
        "two tasks are named '\(name)' (also tasks[\(other.index)])", node, path)
    }
    let input = try parameters(view, "input")
    var outcomes: [OutcomeDefinition] = []
    for (index, outcomeNode) in try JSONAccess.array(
      try view.required("outcomes"), view.path("outcomes")
    )
    .enumerated() {
      let outcomePath = view.path("outcomes") + "[\(index)]"
      let outcome = try JSONObjectView(
        outcomeNode, path: outcomePath, allowed: ["name", "payload", "at"], what: "an outcome")
      let outcomeName = try outcome.string("name")
      guard !outcomes.contains(where: { $0.name == outcomeName }) else {
        throw JSONAccess.error("two outcomes are named '\(outcomeName)'", outcomeNode, outcomePath)
      }
      outcomes.append(
        OutcomeDefinition(
          name: outcomeName, payload: try parameters(outcome, "payload"),
          range: try range(outcome, "at")))
    }
    taskIDs[name] = TaskID(tasks.count)
    tasks.append(
      TaskDefinition(name: name, input: input, outcomes: outcomes, range: try range(view, "at")))
  }

  /// Reads a flow and its screens' definitions; returns the screens whose
  /// transitions are read later.
  private mutating func readFlowDefinitions(
    _ view: JSONObjectView, _ id: FlowID, _ screenCount: inout Int, _ explicitIDs: inout Bool?
  ) throws(GraphJSONError) -> [PendingScreen] {
    var results: [ResultDefinition] = []
    for (index, node) in try view.array("results").enumerated() {
      let resultPath = view.path("results") + "[\(index)]"
      let result = try JSONObjectView(
        node, path: resultPath, allowed: ["name", "payload", "at"], what: "a result")
      let name = try result.string("name")
      guard name != "dismissed" else {
        throw JSONAccess.error(
          "'dismissed' is the built-in result and cannot be declared", node, resultPath)
      }
      guard !results.contains(where: { $0.name == name }) else {
        throw JSONAccess.error("two results are named '\(name)'", node, resultPath)
      }
      results.append(
        ResultDefinition(
          name: name, payload: try parameters(result, "payload"), range: try range(result, "at")))
    }
    var pending: [PendingScreen] = []
    var names: [String: ScreenID] = [:]
    for (index, node) in try JSONAccess.array(try view.required("screens"), view.path("screens"))
      .enumerated()
    {
      let screenPath = view.path("screens") + "[\(index)]"
      let screenView = try JSONObjectView(
        node, path: screenPath, allowed: Self.screenKeys, what: "a screen")
      let screenID = try readScreenID(screenView, &screenCount, &explicitIDs)
      let screen = try readScreenDefinition(screenView, flow: id)
      guard names[screen.name] == nil else {
        throw JSONAccess.error(
          "two screens of this flow are named '\(screen.name)'", node, screenPath)
      }
      names[screen.name] = screenID
      screens.append(screen)
      pending.append(PendingScreen(id: screenID, view: screenView))
    }
    screenIDs.append(names)
    flows.append(
      Flow(
        name: try view.string("name"),
        description: try view.optionalString("description"),
        input: try parameters(view, "input"),
        results: results,
        start: FlowStart(.invalid),
        screens: pending.map(\.id),
        range: try range(view, "at"),
        extent: try range(view, "extent")))
    return pending
  }

  /// The screen's id: its `id` when the document numbers screens, otherwise
  /// the next number in document order. Either every screen has an `id` or none.
  private func readScreenID(
    _ view: JSONObjectView, _ screenCount: inout Int, _ explicitIDs: inout Bool?
  ) throws(GraphJSONError) -> ScreenID {
    let idNode = view.optional("id")
    if let explicitIDs, explicitIDs != (idNode != nil) {
      throw JSONAccess.error(
        "either every screen has an 'id' or none does; this one \(explicitIDs ? "has none" : "has one")",
        view.node, view.path)
    }
    explicitIDs = idNode != nil
    defer { screenCount += 1 }
    guard let idNode else { return ScreenID(screenCount) }
    let value = try JSONAccess.int(idNode, view.path("id"))
    guard value >= 0 else {
      throw JSONAccess.error("a screen id cannot be negative", idNode, view.path("id"))
    }
    return ScreenID(value)
  }

  /// Puts the screens read in document order at their ids, checking that the
  /// ids number them 0 to count - 1, each once.
  private mutating func placeScreens(_ pending: [[PendingScreen]], count: Int)
    throws(GraphJSONError)
  {
    var placed = [Screen?](repeating: nil, count: count)
    for (screen, item) in zip(screens, pending.joined()) {
      guard item.id.index < count else {
        throw JSONAccess.error(
          "screen id \(item.id.index) is out of range: the document has \(count) screens",
          item.view.node,
          item.view.path("id"))
      }
      guard placed[item.id.index] == nil else {
        throw JSONAccess.error(
          "screen id \(item.id.index) is used twice", item.view.node, item.view.path("id"))
      }
      placed[item.id.index] = screen
    }
    screens = placed
  }

  private func readScreenDefinition(_ view: JSONObjectView, flow: FlowID) throws(GraphJSONError)
    -> Screen
  {
    var dismissible = true
    if let node = view.optional("dismissible") {
      dismissible = try JSONAccess.bool(node, view.path("dismissible"))
    }
    return Screen(
      name: try view.string("name"),
      flow: flow,
      title: try view.optionalString("title"),
      description: try view.optionalString("description"),
      params: try parameters(view, "params"),
      dismissible: dismissible,
      deeplink: try view.optionalString("deeplink"),
      range: try range(view, "at"),
      extent: try range(view, "extent"))
  }

  private mutating func readScreenTransitions(_ view: JSONObjectView, _ id: ScreenID)
    throws(GraphJSONError)
  {
    var screen = screens[id.index]!
    let scope = TransitionScope(flow: screen.flow, screen: id, payload: [])
    if let backNode = view.optional("back") {
      if case .string(let text) = backNode.value {
        guard text == "disabled" else {
          throw JSONAccess.error(
            "back is \"\(text)\"; expected \"disabled\" or a transition (leave it out for the default pop)",
            backNode, view.path("back"))
        }
        screen.back = .disabled
      } else {
        screen.back = .custom(try readTransition(backNode, path: view.path("back"), scope: scope))
      }
    }
    for (index, node) in try view.array("actions").enumerated() {
      let actionPath = view.path("actions") + "[\(index)]"
      let action = try JSONObjectView(
        node, path: actionPath, allowed: ["name", "params", "transition", "at"], what: "an action")
      let name = try action.string("name")
      guard !screen.actions.contains(where: { $0.name == name }) else {
        throw JSONAccess.error("two actions of this screen are named '\(name)'", node, actionPath)
      }
      let params = try parameters(action, "params")
      var actionScope = scope
      actionScope.payload = params
      let transition = try readTransition(
        try action.required("transition"), path: action.path("transition"), scope: actionScope)
      screen.actions.append(
        Action(name: name, params: params, transition: transition, range: try range(action, "at")))
    }
    screens[id.index] = screen
  }

  private func readSuppression(_ node: JSONNode, path: String) throws(GraphJSONError) -> Suppression
  {
    let view = try JSONObjectView(
      node, path: path, allowed: ["file", "region", "rules"], what: "a suppression")
    let fileNode = try view.required("file")
    let file = try self.file(
      try JSONAccess.int(fileNode, view.path("file")), fileNode, view.path("file"))
    var rules: Set<RuleID> = []
    for (index, ruleNode) in try JSONAccess.array(try view.required("rules"), view.path("rules"))
      .enumerated()
    {
      let rulePath = view.path("rules") + "[\(index)]"
      let rule = RuleID(rawValue: try JSONAccess.string(ruleNode, rulePath))
      guard rule.isKnown else {
        throw JSONAccess.error(
          "unknown rule id '\(rule)'"
            + NameSuggestion.hint(for: rule.rawValue, in: RuleID.all.map(\.rawValue)),
          ruleNode, rulePath)
      }
      guard rules.insert(rule).inserted else {
        throw JSONAccess.error("rule '\(rule)' is listed twice", ruleNode, rulePath)
      }
    }
    return Suppression(file: file, range: try range(view, "region"), rules: rules)
  }
}

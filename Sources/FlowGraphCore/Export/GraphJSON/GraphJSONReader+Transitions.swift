extension GraphJSONReader {
  /// The keys a transition of each kind may have besides the common ones.
  private static func transitionKeys(_ kind: String) -> [String] {
    let common = ["kind", "with", "at", "targetAt"]
    switch kind {
    case "push", "present", "replace", "root", "popTo": return common + ["screen"]
    case "finish": return common + ["result"]
    case "start": return common + ["flow", "mode", "on"]
    case "run": return common + ["task", "outcomes"]
    default: return common
    }
  }

  /// The `kind` member, which must be one of `kinds`.
  private func kind(_ node: JSONNode, path: String, kinds: [String], what: String)
    throws(GraphJSONError)
    -> String
  {
    let members = try JSONAccess.members(node, path, what: what)
    guard let kindNode = members.first(where: { $0.key == "kind" })?.value else {
      throw JSONAccess.error("missing key 'kind' in \(what)", node, path)
    }
    let kind = try JSONAccess.string(kindNode, path + ".kind")
    guard kinds.contains(kind) else {
      throw JSONAccess.error(
        "unknown \(what) kind '\(kind)'" + NameSuggestion.hint(for: kind, in: kinds)
          + "; expected one of: \(kinds.joined(separator: ", "))", kindNode, path + ".kind")
    }
    return kind
  }

  /// A transition, its target resolved in `scope`.
  func readTransition(_ node: JSONNode, path: String, scope: TransitionScope) throws(GraphJSONError)
    -> Transition
  {
    let kind = try kind(node, path: path, kinds: GraphJSONKind.transitionKinds, what: "transition")
    let view = try JSONObjectView(
      node, path: path, allowed: Self.transitionKeys(kind), what: "a '\(kind)' transition")
    let result: Transition.Kind
    let targets: [Parameter]
    switch kind {
    case "push", "present", "replace", "root", "popTo":
      let screenNode = try view.required("screen")
      let screen = try screenID(
        try view.string("screen"), in: scope.flow, screenNode, view.path("screen"))
      targets = screens[screen.index]!.params
      result =
        switch kind {
        case "push": .push(screen)
        case "present": .present(screen)
        case "replace": .replace(screen)
        case "root": .root(screen)
        default: .popTo(screen)
        }
    case "finish":
      let resultNode = try view.required("result")
      let ref = try self.result(
        try view.string("result"), of: scope.flow, resultNode, view.path("result"))
      targets = flows[scope.flow.index].payload(of: ref)
      result = .finish(ref)
    case "start":
      let flowNode = try view.required("flow")
      let child = try flowID(try view.string("flow"), flowNode, view.path("flow"))
      let modeNode = try view.required("mode")
      let modeText = try view.string("mode")
      guard let mode = Transition.StartMode(rawValue: modeText) else {
        throw JSONAccess.error(
          "unknown start mode '\(modeText)'; expected push or present", modeNode, view.path("mode"))
      }
      result = .start(child, mode: mode, handlers: try handlers(view, child: child, scope: scope))
      targets = flows[child.index].input
    case "run":
      let taskNode = try view.required("task")
      let task = try taskID(try view.string("task"), taskNode, view.path("task"))
      var outcomes: [Transition] = []
      for (node, outcomePath, payload) in try outcomeMembers(view, task: task) {
        var outcomeScope = scope
        outcomeScope.payload = payload
        outcomes.append(try readTransition(node, path: outcomePath, scope: outcomeScope))
      }
      result = .run(task, outcomes: outcomes)
      targets = tasks[task.index].input
    case "pop": (result, targets) = (.pop, [])
    case "popToRoot": (result, targets) = (.popToRoot, [])
    case "dismiss": (result, targets) = (.dismiss, [])
    case "stay": (result, targets) = (.stay, [])
    default: (result, targets) = (.invalid, [])
    }
    return Transition(
      result, arguments: try arguments(view, filling: targets, scope: scope),
      range: try range(view, "at"), targetRange: try range(view, "targetAt"))
  }

  /// The `on` handlers of a `start`: one per declared result of the child, in
  /// its order, and `dismissed` (`stay` when absent).
  private func handlers(_ view: JSONObjectView, child: FlowID, scope: TransitionScope)
    throws(GraphJSONError)
    -> Transition.ResultHandlers
  {
    let childFlow = flows[child.index]
    let onNode = view.optional("on")
    let members =
      try onNode.map { node throws(GraphJSONError) in
        try JSONAccess.members(node, view.path("on"), what: "result handlers")
      } ?? []
    let allowed = childFlow.results.map(\.name) + ["dismissed"]
    for member in members where !allowed.contains(member.key) {
      throw GraphJSONError(
        "flow '\(childFlow.name)' has no result '\(member.key)'"
          + NameSuggestion.hint(for: member.key, in: allowed),
        path: view.path("on"), line: member.keyPosition.line, column: member.keyPosition.column)
    }
    var results: [Transition] = []
    for declared in childFlow.results {
      guard let member = members.first(where: { $0.key == declared.name }) else {
        throw JSONAccess.error(
          "missing the handler of result '\(declared.name)' of flow '\(childFlow.name)'",
          onNode ?? view.node,
          onNode == nil ? view.path : view.path("on"))
      }
      var handlerScope = scope
      handlerScope.payload = declared.payload
      results.append(
        try readTransition(
          member.value, path: view.path("on") + ".\(declared.name)", scope: handlerScope))
    }
    var dismissed = Transition.stay
    if let member = members.first(where: { $0.key == "dismissed" }) {
      var handlerScope = scope
      handlerScope.payload = []
      dismissed = try readTransition(
        member.value, path: view.path("on") + ".dismissed", scope: handlerScope)
    }
    return Transition.ResultHandlers(results: results, dismissed: dismissed)
  }

  /// The members of an `outcomes` object, one per outcome of `task`, in the
  /// task's order: each value's node, path and the outcome's payload.
  private func outcomeMembers(_ view: JSONObjectView, task: TaskID) throws(GraphJSONError)
    -> [(JSONNode, String, [Parameter])]
  {
    let definition = tasks[task.index]
    let node = try view.required("outcomes")
    let members = try JSONAccess.members(node, view.path("outcomes"), what: "outcome handlers")
    let names = definition.outcomes.map(\.name)
    for member in members where !names.contains(member.key) {
      throw GraphJSONError(
        "task '\(definition.name)' has no outcome '\(member.key)'"
          + NameSuggestion.hint(for: member.key, in: names),
        path: view.path("outcomes"), line: member.keyPosition.line,
        column: member.keyPosition.column)
    }
    var list: [(JSONNode, String, [Parameter])] = []
    for outcome in definition.outcomes {
      guard let member = members.first(where: { $0.key == outcome.name }) else {
        throw JSONAccess.error(
          "missing the transition of outcome '\(outcome.name)' of task '\(definition.name)'", node,
          view.path("outcomes"))
      }
      list.append((member.value, view.path("outcomes") + ".\(outcome.name)", outcome.payload))
    }
    return list
  }

  /// A flow's `start`.
  func readStart(_ node: JSONNode, path: String, scope: TransitionScope) throws(GraphJSONError)
    -> FlowStart
  {
    let kind = try kind(node, path: path, kinds: GraphJSONKind.startKinds, what: "start")
    var allowed = ["kind", "with", "at"]
    switch kind {
    case "screen": allowed.append("screen")
    case "run": allowed += ["task", "outcomes"]
    case "finish": allowed.append("result")
    default: break
    }
    let view = try JSONObjectView(node, path: path, allowed: allowed, what: "a '\(kind)' start")
    let result: FlowStart.Kind
    let targets: [Parameter]
    switch kind {
    case "screen":
      let screenNode = try view.required("screen")
      let screen = try screenID(
        try view.string("screen"), in: scope.flow, screenNode, view.path("screen"))
      result = .screen(screen)
      targets = screens[screen.index]!.params
    case "run":
      let taskNode = try view.required("task")
      let task = try taskID(try view.string("task"), taskNode, view.path("task"))
      var outcomes: [FlowStart] = []
      for (outcomeNode, outcomePath, payload) in try outcomeMembers(view, task: task) {
        var outcomeScope = scope
        outcomeScope.payload = payload
        outcomes.append(try readStart(outcomeNode, path: outcomePath, scope: outcomeScope))
      }
      result = .run(task, outcomes: outcomes)
      targets = tasks[task.index].input
    case "finish":
      let resultNode = try view.required("result")
      let ref = try self.result(
        try view.string("result"), of: scope.flow, resultNode, view.path("result"))
      result = .finish(ref)
      targets = flows[scope.flow.index].payload(of: ref)
    default:
      result = .invalid
      targets = []
    }
    return FlowStart(
      result, arguments: try arguments(view, filling: targets, scope: scope),
      range: try range(view, "at"))
  }

  // MARK: Arguments and values

  private static let sourceKeys = ["literal", "payload", "screenParam", "input"]

  /// The `with` list: each argument names the param it fills and one source.
  private func arguments(
    _ view: JSONObjectView, filling targets: [Parameter], scope: TransitionScope
  )
    throws(GraphJSONError) -> [Argument]
  {
    var list: [Argument] = []
    for (index, node) in try view.array("with").enumerated() {
      let path = view.path("with") + "[\(index)]"
      let argument = try JSONObjectView(
        node, path: path, allowed: ["param"] + Self.sourceKeys + ["at"], what: "an argument")
      let paramNode = try argument.required("param")
      let parameter = try field(
        try argument.string("param"), in: targets, "target param", paramNode, argument.path("param")
      )
      guard !list.contains(where: { $0.parameter == parameter }) else {
        throw JSONAccess.error(
          "param '\(targets[parameter].name)' is filled twice", paramNode, argument.path("param"))
      }
      let present = Self.sourceKeys.filter { argument.optional($0) != nil }
      guard present.count == 1, let key = present.first, let sourceNode = argument.optional(key)
      else {
        throw JSONAccess.error(
          "an argument has exactly one source (literal, payload, screenParam or input); this one has \(present.count)",
          node, path)
      }
      let source: ArgumentSource
      switch key {
      case "literal":
        source = .literal(try value(sourceNode, argument.path(key)))
      case "payload":
        source = .payload(
          try field(
            try JSONAccess.string(sourceNode, argument.path(key)), in: scope.payload,
            "payload field", sourceNode, argument.path(key)))
      case "screenParam":
        let params = scope.screen.map { screens[$0.index]!.params } ?? []
        source = .screenParameter(
          try field(
            try JSONAccess.string(sourceNode, argument.path(key)), in: params, "screen param",
            sourceNode, argument.path(key)))
      default:
        source = .flowInput(
          try field(
            try JSONAccess.string(sourceNode, argument.path(key)),
            in: flows[scope.flow.index].input, "flow input",
            sourceNode, argument.path(key)))
      }
      list.append(Argument(parameter: parameter, source: source, range: try range(argument, "at")))
    }
    return list
  }

  private static let valueKeys = ["bool", "int", "double", "string", "url", "date", "list"]

  /// A literal: `null`, or an object with one member that names its type.
  private func value(_ node: JSONNode, _ path: String) throws(GraphJSONError) -> Value {
    if case .null = node.value { return .null }
    let view = try JSONObjectView(
      node, path: path, allowed: Self.valueKeys, what: "a literal value")
    let present = Self.valueKeys.filter { view.optional($0) != nil }
    guard present.count == 1, let key = present.first, let inner = view.optional(key) else {
      throw JSONAccess.error(
        "a literal value is null or an object with one of: \(Self.valueKeys.joined(separator: ", "))",
        node, path)
    }
    let innerPath = view.path(key)
    switch key {
    case "bool": return .bool(try JSONAccess.bool(inner, innerPath))
    case "int": return .int(try JSONAccess.int(inner, innerPath))
    case "double":
      switch inner.value {
      case .number(let text):
        guard let number = Double(text) else {
          throw JSONAccess.error("\(text) is not a double", inner, innerPath)
        }
        return .double(number)
      case .string("nan"): return .double(.nan)
      case .string("inf"): return .double(.infinity)
      case .string("-inf"): return .double(-.infinity)
      default:
        throw JSONAccess.error(
          "expected a number, \"nan\", \"inf\" or \"-inf\", found \(inner.kindName)", inner,
          innerPath)
      }
    case "string": return .string(try JSONAccess.string(inner, innerPath))
    case "url": return .url(try JSONAccess.string(inner, innerPath))
    case "date": return .date(try JSONAccess.string(inner, innerPath))
    default:
      var elements: [Value] = []
      for (index, element) in try JSONAccess.array(inner, innerPath).enumerated() {
        elements.append(try value(element, innerPath + "[\(index)]"))
      }
      return .list(elements)
    }
  }
}

extension GraphJSONReader {
  /// A transition at `path`, its target resolved in `scope`.
  ///
  /// Handlers and outcomes nest transitions, so this recursion is as deep as
  /// the document: each kind is read by a function of its own, which keeps
  /// the frames on the recursive path small.
  func readTransition(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> TransitionValue
  {
    let (kind, targets) =
      switch json.kind {
      case "push", "present", "replace", "root", "popTo":
        try screenTransition(json, path: path, scope: scope)
      case "finish": try finishTransition(json, path: path, scope: scope)
      case "start": try startTransition(json, path: path, scope: scope)
      case "run": try runTransition(json, path: path, scope: scope)
      case "pop": (TransitionValue.Kind.pop, [Parameter]())
      case "popToRoot": (.popToRoot, [])
      case "dismiss": (.dismiss, [])
      case "stay": (.stay, [])
      case "select": (.select(try member(json.tab, path + ".tab")), [])
      default: (.invalid, [])
      }
    return TransitionValue(
      kind, arguments: try arguments(json.with, path: path, filling: targets, scope: scope),
      span: try span(json.at, path + ".at"),
      targetSpan: try span(json.targetAt, path + ".targetAt"),
      popTo: try popTarget(json, path: path, scope: scope))
  }

  /// The `popTo` and `inclusive` of a `push` or push-mode `start` (SPEC §6.3).
  private func popTarget(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> Transition.PopTarget?
  {
    guard let name = json.popTo else { return nil }
    let screen = try screenID(name, in: scope.flow, path + ".popTo")
    return Transition.PopTarget(screen: screen, inclusive: json.inclusive ?? false)
  }

  private func screenTransition(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> (TransitionValue.Kind, [Parameter])
  {
    let screen = try screenID(
      try member(json.screen, path + ".screen"), in: scope.flow, path + ".screen")
    let kind: TransitionValue.Kind =
      switch json.kind {
      case "push": .push(screen)
      case "present": .present(screen)
      case "replace": .replace(screen)
      case "root": .root(screen)
      default: .popTo(screen)
      }
    return (kind, screens[screen.index]!.params)
  }

  private func finishTransition(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> (TransitionValue.Kind, [Parameter])
  {
    let ref = try result(
      try member(json.result, path + ".result"), of: scope.flow, path + ".result")
    return (.finish(ref), flows[scope.flow.index].payload(of: ref))
  }

  private func startTransition(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> (TransitionValue.Kind, [Parameter])
  {
    let child = try flowID(try member(json.flow, path + ".flow"), path + ".flow")
    let mode = try startMode(json.mode, path + ".mode")
    // The handlers run on the screen the start pops to (SPEC §6.3).
    let popTo = try popTarget(json, path: path, scope: scope)
    let handlers = try handlers(json.on, path: path, child: child, popTo: popTo, scope: scope)
    return (.start(child, mode: mode, handlers: handlers), flows[child.index].input)
  }

  private func startMode(_ text: String?, _ path: String) throws(GraphJSONError)
    -> Transition.StartMode
  {
    let text = try member(text, path)
    guard let mode = Transition.StartMode(rawValue: text) else {
      throw GraphJSONError("unknown start mode '\(text)'; expected push or present", path: path)
    }
    return mode
  }

  private func runTransition(_ json: TransitionJSON, path: String, scope: TransitionScope)
    throws(GraphJSONError) -> (TransitionValue.Kind, [Parameter])
  {
    let task = try taskID(try member(json.task, path + ".task"), path + ".task")
    var outcomes: [TransitionValue] = []
    for (outcome, outcomePath, payload) in try outcomeMembers(
      json.outcomes, path: path, task: task)
    {
      outcomes.append(try readTransition(outcome, path: outcomePath, scope: scope.with(payload)))
    }
    return (.run(task, outcomes: outcomes), tasks[task.index].input)
  }

  /// The `on` handlers of a `start` at `path`: one per declared result of the
  /// child, in its order, and `dismissed` (`stay` when absent).
  private func handlers(
    _ on: [String: TransitionJSON]?, path: String, child: FlowID,
    popTo: Transition.PopTarget?, scope: TransitionScope
  ) throws(GraphJSONError) -> TransitionValue.HandlersValue {
    var results: [TransitionValue] = []
    for (handler, handlerPath, payload) in try handlerMembers(on, path: path, child: child) {
      results.append(
        try readTransition(handler, path: handlerPath, scope: scope.handler(payload, popTo: popTo)))
    }
    guard let handler = on?["dismissed"] else {
      return TransitionValue.HandlersValue(results: results, dismissed: .stay)
    }
    let dismissed = try readTransition(
      handler, path: path + ".on.dismissed", scope: scope.handler([], popTo: popTo))
    return TransitionValue.HandlersValue(results: results, dismissed: dismissed)
  }

  /// The handlers in `on`, one per declared result of `child`, in its order:
  /// each transition, its path and the result's payload.
  private func handlerMembers(_ on: [String: TransitionJSON]?, path: String, child: FlowID)
    throws(GraphJSONError) -> [(TransitionJSON, String, [Parameter])]
  {
    let childFlow = flows[child.index]
    let onPath = path + ".on"
    let allowed = childFlow.results.map(\.name) + ["dismissed"]
    for name in (on ?? [:]).keys.sorted() where !allowed.contains(name) {
      throw GraphJSONError(
        "flow '\(childFlow.name)' has no result '\(name)'"
          + NameSuggestion.hint(for: name, in: allowed), path: onPath)
    }
    var list: [(TransitionJSON, String, [Parameter])] = []
    for declared in childFlow.results {
      guard let handler = on?[declared.name] else {
        throw GraphJSONError(
          "missing the handler of result '\(declared.name)' of flow '\(childFlow.name)'",
          path: on == nil ? path : onPath)
      }
      list.append((handler, onPath + ".\(declared.name)", declared.payload))
    }
    return list
  }

  /// The members of the `outcomes` object of a `run` at `path`, one per
  /// outcome of `task`, in the task's order: each value, its path and the
  /// outcome's payload.
  private func outcomeMembers<Member>(
    _ outcomes: [String: Member]?, path: String, task: TaskID
  ) throws(GraphJSONError) -> [(Member, String, [Parameter])] {
    let definition = tasks[task.index]
    let outcomesPath = path + ".outcomes"
    let members = outcomes ?? [:]
    let names = definition.outcomes.map(\.name)
    for name in members.keys.sorted() where !names.contains(name) {
      throw GraphJSONError(
        "task '\(definition.name)' has no outcome '\(name)'"
          + NameSuggestion.hint(for: name, in: names), path: outcomesPath)
    }
    var list: [(Member, String, [Parameter])] = []
    for outcome in definition.outcomes {
      guard let member = members[outcome.name] else {
        throw GraphJSONError(
          "missing the transition of outcome '\(outcome.name)' of task '\(definition.name)'",
          path: outcomesPath)
      }
      list.append((member, outcomesPath + ".\(outcome.name)", outcome.payload))
    }
    return list
  }

  /// A flow's `start` at `path`.
  func readStart(_ json: StartJSON, path: String, scope: TransitionScope) throws(GraphJSONError)
    -> FlowStart
  {
    let kind: FlowStart.Kind
    let targets: [Parameter]
    switch json.kind {
    case "screen":
      let screen = try screenID(
        try member(json.screen, path + ".screen"), in: scope.flow, path + ".screen")
      kind = .screen(screen)
      targets = screens[screen.index]!.params
    case "run":
      let task = try taskID(try member(json.task, path + ".task"), path + ".task")
      var outcomes: [FlowStart] = []
      for (outcome, outcomePath, payload) in try outcomeMembers(
        json.outcomes, path: path, task: task)
      {
        outcomes.append(try readStart(outcome, path: outcomePath, scope: scope.with(payload)))
      }
      kind = .run(task, outcomes: outcomes)
      targets = tasks[task.index].input
    case "finish":
      let ref = try result(
        try member(json.result, path + ".result"), of: scope.flow, path + ".result")
      kind = .finish(ref)
      targets = flows[scope.flow.index].payload(of: ref)
    default:
      kind = .invalid
      targets = []
    }
    return FlowStart(
      kind, arguments: try arguments(json.with, path: path, filling: targets, scope: scope),
      span: try span(json.at, path + ".at"))
  }

  // MARK: Arguments and values

  /// The `with` list of the transition or start at `path`: each argument
  /// names the param it fills and its source.
  private func arguments(
    _ list: [ArgumentJSON]?, path: String, filling targets: some IndexedList<Parameter>,
    scope: TransitionScope
  ) throws(GraphJSONError) -> [Argument] {
    var arguments: [Argument] = []
    for (index, argument) in (list ?? []).enumerated() {
      let argumentPath = path + ".with[\(index)]"
      let parameter = try field(
        argument.param, in: targets, "target param", argumentPath + ".param")
      guard !arguments.contains(where: { $0.parameter == parameter }) else {
        throw GraphJSONError(
          "param '\(targets[parameter].name)' is filled twice", path: argumentPath + ".param")
      }
      let source: ArgumentSource
      switch argument.source {
      case .literal(let value):
        source = .literal(Self.value(value))
      case .payload(let name):
        source = .payload(
          try field(name, in: scope.payload, "payload field", argumentPath + ".payload"))
      case .screenParam(let name):
        let params = scope.screen.map { screens[$0.index]!.params } ?? []
        source = .screenParameter(
          try field(name, in: params, "screen param", argumentPath + ".screenParam"))
      case .actionParam(let name):
        source = .actionParameter(
          try field(name, in: scope.action, "action param", argumentPath + ".actionParam"))
      case .input(let name):
        source = .flowInput(
          try field(
            name, in: flows[scope.flow.index].input, "flow input", argumentPath + ".input"))
      }
      arguments.append(
        Argument(
          parameter: parameter, source: source, span: try span(argument.at, argumentPath + ".at"))
      )
    }
    return arguments
  }

  /// The model's value of a literal.
  static func value(_ json: ValueJSON) -> Value {
    switch json {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .double(let number): .double(number)
    case .string(let text): .string(text)
    case .url(let text): .url(text)
    case .date(let text): .date(text)
    case .list(let elements): .list(elements.map(value))
    }
  }
}

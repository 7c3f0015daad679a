extension GraphJSONWriter {
  /// A transition: its `kind`, its target, nested transitions, arguments and ranges.
  mutating func transition(_ transition: Transition, scope: TransitionScope, at place: String)
    throws(GraphJSONError) -> TransitionJSON
  {
    var json = TransitionJSON(kind: GraphJSONKind.name(of: transition.kind))
    let targetParameters: [Parameter]
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen),
      .popTo(let screen):
      json.screen = try names.screenName(screen, in: scope.flow, at: place)
      targetParameters = Array(graph[screen].params)
    case .pop, .popToRoot, .dismiss, .stay, .invalid:
      targetParameters = []
    case .select(let tab):
      json.tab = tab
      targetParameters = []
    case .finish(let result):
      json.result = try names.resultName(result, of: scope.flow, at: place)
      targetParameters = graph[scope.flow].payload(of: result)
    case .start(let child, let mode, let handlers):
      json.flow = try names.flowName(child, at: place)
      json.mode = mode.rawValue
      let childFlow = graph[child]
      guard handlers.results.count == childFlow.results.count else {
        throw GraphJSONError(
          "has \(handlers.results.count) result handlers, but flow '\(childFlow.name)' declares \(childFlow.results.count) results",
          path: place)
      }
      var on: [String: TransitionJSON] = [:]
      for (index, handler) in handlers.results.enumerated() {
        let result = childFlow.results[index]
        let handlerScope = scope.handler(result.payload, popTo: transition.popTo)
        on[result.name] = try self.transition(
          handler, scope: handlerScope, at: place + ", on '\(result.name)'")
      }
      if handlers.dismissed != .stay {
        let handlerScope = scope.handler([], popTo: transition.popTo)
        on["dismissed"] = try self.transition(
          handlers.dismissed, scope: handlerScope, at: place + ", on 'dismissed'")
      }
      json.on = on
      targetParameters = childFlow.input
    case .run(let task, let outcomes):
      json.task = try names.taskName(task, at: place)
      let definition = graph[task]
      guard outcomes.count == definition.outcomes.count else {
        throw GraphJSONError(
          "has \(outcomes.count) outcome transitions, but task '\(definition.name)' declares \(definition.outcomes.count) outcomes",
          path: place)
      }
      var members: [String: TransitionJSON] = [:]
      for (index, outcome) in outcomes.enumerated() {
        let declared = definition.outcomes[index]
        let outcomeScope = scope.with(declared.payload)
        members[declared.name] = try self.transition(
          outcome, scope: outcomeScope, at: place + ", outcome '\(declared.name)'")
      }
      json.outcomes = members
      targetParameters = definition.input
    }
    if let popTo = transition.popTo {
      json.popTo = try names.screenName(popTo.screen, in: scope.flow, at: place)
      json.inclusive = popTo.inclusive ? true : nil
    }
    json.with = try arguments(
      transition.arguments, filling: targetParameters, scope: scope, at: place)
    json.at = range(transition.span)
    json.targetAt = range(transition.targetSpan)
    return json
  }

  /// A flow's start: a screen, a task whose outcomes pick further starts, a
  /// finish, or an invalid start.
  mutating func start(_ start: FlowStart, scope: TransitionScope) throws(GraphJSONError)
    -> StartJSON
  {
    let place = "flow '\(graph[scope.flow].name)', start"
    var json: StartJSON
    let targetParameters: [Parameter]
    switch start.kind {
    case .screen(let screen):
      json = StartJSON(kind: "screen")
      json.screen = try names.screenName(screen, in: scope.flow, at: place)
      targetParameters = Array(graph[screen].params)
    case .run(let task, let outcomes):
      json = StartJSON(kind: "run")
      json.task = try names.taskName(task, at: place)
      let definition = graph[task]
      guard outcomes.count == definition.outcomes.count else {
        throw GraphJSONError(
          "has \(outcomes.count) outcome starts, but task '\(definition.name)' declares \(definition.outcomes.count) outcomes",
          path: place)
      }
      var members: [String: StartJSON] = [:]
      for (index, outcome) in outcomes.enumerated() {
        let declared = definition.outcomes[index]
        var outcomeScope = scope
        outcomeScope.payload = declared.payload
        members[declared.name] = try self.start(outcome, scope: outcomeScope)
      }
      json.outcomes = members
      targetParameters = definition.input
    case .finish(let result):
      json = StartJSON(kind: "finish")
      json.result = try names.resultName(result, of: scope.flow, at: place)
      targetParameters = graph[scope.flow].payload(of: result)
    case .invalid:
      json = StartJSON(kind: "invalid")
      targetParameters = []
    }
    json.with = try arguments(start.arguments, filling: targetParameters, scope: scope, at: place)
    json.at = range(start.span)
    return json
  }

  /// The arguments, each naming the param it fills and where its value comes
  /// from; `nil` when there are none.
  private mutating func arguments(
    _ arguments: some IndexedList<Argument>, filling targets: some IndexedList<Parameter>,
    scope: TransitionScope, at place: String
  ) throws(GraphJSONError) -> [ArgumentJSON]? {
    guard !arguments.isEmpty else { return nil }
    var list: [ArgumentJSON] = []
    for argument in arguments {
      let param = try names.fieldName(argument.parameter, of: targets, "target param", at: place)
      let source: ArgumentJSON.Source
      switch argument.source {
      case .literal(let value):
        source = .literal(Self.value(value))
      case .payload(let index):
        source = .payload(try names.fieldName(index, of: scope.payload, "payload", at: place))
      case .screenParameter(let index):
        let params = scope.screen.map { graph[$0].params } ?? []
        source = .screenParam(try names.fieldName(index, of: params, "screen param", at: place))
      case .actionParameter(let index):
        source = .actionParam(
          try names.fieldName(index, of: scope.action, "action param", at: place))
      case .flowInput(let index):
        source = .input(
          try names.fieldName(index, of: graph[scope.flow].input, "flow input", at: place))
      }
      list.append(ArgumentJSON(param: param, source: source, at: range(argument.span)))
    }
    return list
  }

  /// A literal value, tagged with its type so that it reads back exactly.
  static func value(_ value: Value) -> ValueJSON {
    switch value {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .double(let number): .double(number)
    case .string(let text): .string(text)
    case .url(let text): .url(text)
    case .date(let text): .date(text)
    case .list(let elements): .list(elements.map(Self.value))
    }
  }
}

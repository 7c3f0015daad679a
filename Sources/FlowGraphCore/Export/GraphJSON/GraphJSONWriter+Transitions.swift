extension GraphJSONWriter {
  /// A transition: its `kind`, its target, nested transitions, arguments and ranges.
  mutating func transition(_ transition: Transition, scope: TransitionScope, at place: String)
    throws(GraphJSONError) -> JSONValue
  {
    var object = JSONObjectBuilder()
    var nested: JSONMember?
    let targetParameters: [Parameter]
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen),
      .popTo(let screen):
      object.add("kind", .string(GraphJSONKind.name(of: transition.kind)))
      object.add("screen", .string(try names.screenName(screen, in: scope.flow, at: place)))
      targetParameters = graph[screen].params
    case .pop, .popToRoot, .dismiss, .stay, .invalid:
      object.add("kind", .string(GraphJSONKind.name(of: transition.kind)))
      targetParameters = []
    case .finish(let result):
      object.add("kind", .string("finish"))
      object.add("result", .string(try names.resultName(result, of: scope.flow, at: place)))
      targetParameters = graph[scope.flow].payload(of: result)
    case .start(let child, let mode, let handlers):
      object.add("kind", .string("start"))
      object.add("flow", .string(try names.flowName(child, at: place)))
      object.add("mode", .string(mode.rawValue))
      let childFlow = graph[child]
      guard handlers.results.count == childFlow.results.count else {
        throw GraphJSONError(
          "has \(handlers.results.count) result handlers, but flow '\(childFlow.name)' declares \(childFlow.results.count) results",
          path: place)
      }
      var on: [JSONMember] = []
      for (index, handler) in handlers.results.enumerated() {
        let result = childFlow.results[index]
        var handlerScope = scope
        handlerScope.payload = result.payload
        on.append(
          JSONMember(
            result.name,
            try self.transition(handler, scope: handlerScope, at: place + ", on '\(result.name)'")))
      }
      if handlers.dismissed != .stay {
        var handlerScope = scope
        handlerScope.payload = []
        on.append(
          JSONMember(
            "dismissed",
            try self.transition(
              handlers.dismissed, scope: handlerScope, at: place + ", on 'dismissed'")))
      }
      nested = JSONMember("on", .object(on))
      targetParameters = childFlow.input
    case .run(let task, let outcomes):
      object.add("kind", .string("run"))
      object.add("task", .string(try names.taskName(task, at: place)))
      let definition = graph[task]
      guard outcomes.count == definition.outcomes.count else {
        throw GraphJSONError(
          "has \(outcomes.count) outcome transitions, but task '\(definition.name)' declares \(definition.outcomes.count) outcomes",
          path: place)
      }
      var members: [JSONMember] = []
      for (index, outcome) in outcomes.enumerated() {
        let declared = definition.outcomes[index]
        var outcomeScope = scope
        outcomeScope.payload = declared.payload
        members.append(
          JSONMember(
            declared.name,
            try self.transition(
              outcome, scope: outcomeScope, at: place + ", outcome '\(declared.name)'")))
      }
      nested = JSONMember("outcomes", .object(members))
      targetParameters = definition.input
    }
    object.addUnlessEmpty(
      "with",
      try arguments(transition.arguments, filling: targetParameters, scope: scope, at: place))
    if let nested { object.add(nested.key, nested.value) }
    object.add("at", range(transition.range))
    object.add("targetAt", range(transition.targetRange))
    return object.value
  }

  /// A flow's start: a screen, a task whose outcomes pick further starts, a
  /// finish, or an invalid start.
  mutating func start(_ start: FlowStart, scope: TransitionScope) throws(GraphJSONError)
    -> JSONValue
  {
    let flowName = graph[scope.flow].name
    let place = "flow '\(flowName)', start"
    var object = JSONObjectBuilder()
    var nested: JSONMember?
    let targetParameters: [Parameter]
    switch start.kind {
    case .screen(let screen):
      object.add("kind", .string("screen"))
      object.add("screen", .string(try names.screenName(screen, in: scope.flow, at: place)))
      targetParameters = graph[screen].params
    case .run(let task, let outcomes):
      object.add("kind", .string("run"))
      object.add("task", .string(try names.taskName(task, at: place)))
      let definition = graph[task]
      guard outcomes.count == definition.outcomes.count else {
        throw GraphJSONError(
          "has \(outcomes.count) outcome starts, but task '\(definition.name)' declares \(definition.outcomes.count) outcomes",
          path: place)
      }
      var members: [JSONMember] = []
      for (index, outcome) in outcomes.enumerated() {
        let declared = definition.outcomes[index]
        var outcomeScope = scope
        outcomeScope.payload = declared.payload
        members.append(JSONMember(declared.name, try self.start(outcome, scope: outcomeScope)))
      }
      nested = JSONMember("outcomes", .object(members))
      targetParameters = definition.input
    case .finish(let result):
      object.add("kind", .string("finish"))
      object.add("result", .string(try names.resultName(result, of: scope.flow, at: place)))
      targetParameters = graph[scope.flow].payload(of: result)
    case .invalid:
      object.add("kind", .string("invalid"))
      targetParameters = []
    }
    object.addUnlessEmpty(
      "with", try arguments(start.arguments, filling: targetParameters, scope: scope, at: place))
    if let nested { object.add(nested.key, nested.value) }
    object.add("at", range(start.range))
    return object.value
  }

  /// The arguments, each naming the param it fills and where its value comes from.
  private mutating func arguments(
    _ arguments: [Argument], filling targets: [Parameter], scope: TransitionScope, at place: String
  ) throws(GraphJSONError) -> [JSONValue] {
    var values: [JSONValue] = []
    for argument in arguments {
      var object = JSONObjectBuilder()
      object.add(
        "param",
        .string(try names.fieldName(argument.parameter, of: targets, "target param", at: place)))
      switch argument.source {
      case .literal(let value):
        object.add("literal", try self.value(value, at: place))
      case .payload(let index):
        object.add(
          "payload", .string(try names.fieldName(index, of: scope.payload, "payload", at: place)))
      case .screenParameter(let index):
        let params = scope.screen.map { graph[$0].params } ?? []
        object.add(
          "screenParam", .string(try names.fieldName(index, of: params, "screen param", at: place)))
      case .flowInput(let index):
        object.add(
          "input",
          .string(try names.fieldName(index, of: graph[scope.flow].input, "flow input", at: place)))
      }
      object.add("at", range(argument.range))
      values.append(object.value)
    }
    return values
  }

  /// A literal value, tagged with its type so that it reads back exactly.
  private func value(_ value: Value, at place: String) throws(GraphJSONError) -> JSONValue {
    switch value {
    case .null: return .null
    case .bool(let flag): return .object([JSONMember("bool", .bool(flag))])
    case .int(let number): return .object([JSONMember("int", .int(number))])
    case .double(let number):
      let text: JSONValue
      if number.isNaN {
        text = .string("nan")
      } else if number.isInfinite {
        text = .string(number < 0 ? "-inf" : "inf")
      } else {
        text = .number(String(describing: number))
      }
      return .object([JSONMember("double", text)])
    case .string(let text): return .object([JSONMember("string", .string(text))])
    case .url(let text): return .object([JSONMember("url", .string(text))])
    case .date(let text): return .object([JSONMember("date", .string(text))])
    case .list(let elements):
      var values: [JSONValue] = []
      for element in elements {
        values.append(try self.value(element, at: place))
      }
      return .object([JSONMember("list", .array(values))])
    }
  }
}

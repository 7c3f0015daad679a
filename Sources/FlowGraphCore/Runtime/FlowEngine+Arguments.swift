extension FlowEngine {
  /// The values for a target's params, bound from a transition's compiled
  /// arguments; a param no argument fills takes its default (SPEC §6.3), or
  /// is an absent optional (`null`).
  ///
  /// Compiled arguments are already type-checked, so only literals are
  /// normalised to the target's type (an integer literal filling a `double`,
  /// a string literal filling a `url`, `date` or enum). The current screen's
  /// params and the flow's input are read from `state` only when an argument
  /// needs them.
  ///
  /// Every bound value is checked against its param: a graph whose
  /// `missing-argument` or `type-mismatch` finding was suppressed may leave a
  /// param without a value or with one of the wrong type, and the step is
  /// then refused rather than showing a screen without its params.
  func values(
    _ parameters: some IndexedList<Parameter>, _ arguments: some IndexedList<Argument>,
    _ context: EvaluationContext,
    _ state: FlowState, for target: ArgumentTarget
  ) throws(EvaluationFailure) -> [Value] {
    if parameters.isEmpty { return [] }
    var values = [Value](repeating: .null, count: parameters.count)
    var bound = 0  // a bit per param that an argument filled (the first 64)
    // A param whose screen param the screen the handler runs on lacks.
    var unresolved: (parameter: Int, name: String, screen: ScreenID)?
    for argument in arguments {
      guard argument.parameter >= 0, argument.parameter < parameters.count else {
        throw .refused(
          .invalidGraph("an argument fills param #\(argument.parameter), which does not exist"))
      }
      let filled = parameters[argument.parameter]
      let value: Value
      switch argument.source {
      case .literal(let literal):
        // On a route's last edge the link values win over `with` literals
        // for the target's params (SPEC §6.2).
        if let link = context.link, link.overridesLiterals, target.isShown,
          let linked = linkValue(filled.name, filling: filled, link)
        {
          value = linked
        } else {
          value = literal
        }
      case .payload(let index):
        guard index >= 0, index < context.payload.count else {
          throw .refused(
            .invalidGraph("an argument reads payload field #\(index), which does not exist"))
        }
        value = context.payload[index]
      case .screenParameter(let index):
        switch try screenParameter(index, filling: filled, context, state) {
        case .value(let found): value = found
        case .missing(let name, let screen):
          unresolved = (argument.parameter, name, screen)
          continue
        }
      case .actionParameter(let index):
        guard index >= 0, index < context.action.count else {
          throw .refused(
            .invalidGraph("an argument reads action param #\(index), which does not exist"))
        }
        value = context.action[index]
      case .flowInput(let index):
        guard let instance = state.flow(context.flow), index >= 0, index < instance.input.count
        else {
          throw .refused(
            .invalidGraph("an argument reads flow input #\(index), which does not exist"))
        }
        value =
          context.link.flatMap {
            linkValue(graph.flows[instance.flow.index].input[index].name, filling: filled, $0)
          } ?? instance.input[index]
      }
      values[argument.parameter] = value
      if argument.parameter < 64 { bound |= 1 << argument.parameter }
    }
    for index in parameters.indices {
      let type = parameters[index].type
      let isBound = index < 64 ? bound & (1 << index) != 0 : values[index] != .null
      // With a link's values in scope, a param nothing else binds takes the
      // link's value of its name (SPEC §6.2), before its default.
      if !isBound, let link = context.link,
        let linked = linkValue(parameters[index].name, filling: parameters[index], link)
      {
        values[index] = linked
      } else if let value = parameters[index].defaultValue, !isBound {
        values[index] = value
      }
      if values[index] == .null {
        guard type.isOptional else {
          if let unresolved, unresolved.parameter == index {
            throw .impossible(
              "\(describe(target)) needs '\(parameters[index].name)' (\(graph.describe(type))): "
                + "the handler runs on screen '\(graph.screens[unresolved.screen.index].name)', "
                + "which has no param '\(unresolved.name)', and the flow's input has none either")
          }
          throw .impossible(
            "\(describe(target)) needs '\(parameters[index].name)' (\(graph.describe(type))), "
              + "which nothing supplies (is a missing-argument or type-mismatch finding suppressed?)"
          )
        }
      } else if let typed = graph.coerce(values[index], to: type) {
        values[index] = typed
      } else {
        throw .impossible(
          "'\(parameters[index].name)' of \(describe(target)) must be \(graph.describe(type)), "
            + "not \(graph.describeValue(values[index])) (is a type-mismatch finding suppressed?)")
      }
    }
    return values
  }

  /// What an argument's screen param reads.
  private enum ScreenParameterValue {
    case value(Value)
    /// The screen the handler runs on has no param of that name, nor has
    /// the flow's input.
    case missing(name: String, screen: ScreenID)
  }

  /// The value of screen param `index` of the context's screen (in scope
  /// order: a link's value of its name first, SPEC §6.2). A result handler
  /// that runs on another screen than the one its arguments were bound on
  /// (after a tab re-select ended the child, SPEC §6.1) reads the param by
  /// name there, then in the flow's input: never another param's value.
  private func screenParameter(
    _ index: Int, filling filled: Parameter, _ context: EvaluationContext, _ state: FlowState
  ) throws(EvaluationFailure) -> ScreenParameterValue {
    let top = state.topScreen(of: context.flow)
    let scope: ScreenID?
    switch context.screen {
    case .top: scope = top?.screen
    case .screen(let screen): scope = screen
    case .none: scope = nil
    }
    guard let scope, scope.index >= 0, scope.index < graph.screens.count,
      index >= 0, index < graph.screens[scope.index].params.count
    else {
      throw .refused(
        .invalidGraph("an argument reads screen param #\(index), which does not exist"))
    }
    guard let top else {
      throw .refused(.invalidGraph("an argument reads a screen param, but no screen is shown"))
    }
    if let link = context.link,
      let linked = linkValue(graph.screens[scope.index].params[index].name, filling: filled, link)
    {
      return .value(linked)
    }
    if top.screen == scope {
      guard index < top.params.count else {
        throw .refused(
          .invalidGraph("an argument reads screen param #\(index), which does not exist"))
      }
      return .value(top.params[index])
    }
    // Another screen (a tab re-select ended the child): by name.
    let name = graph.screens[scope.index].params[index].name
    let shown = graph.screens[top.screen.index].params
    if let found = shown.firstIndex(where: { $0.name == name }), found < top.params.count {
      return .value(top.params[found])
    }
    if let instance = state.flow(context.flow),
      let found = graph.flows[instance.flow.index].input.firstIndex(where: { $0.name == name }),
      found < instance.input.count
    {
      return .value(instance.input[found])
    }
    return .missing(name: name, screen: top.screen)
  }

  /// The link's value named `name`, when it reads as the type of the param
  /// it fills (a link value is typed for its own screen's param of that
  /// name; a param of another type elsewhere on the route keeps its own
  /// binding).
  private func linkValue(_ name: String, filling filled: Parameter, _ link: LinkScope) -> Value? {
    guard let value = link.values[name] else { return nil }
    return graph.coerce(value, to: filled.type)
  }

  /// What the arguments of a transition fill, named for a message.
  func describe(_ target: ArgumentTarget) -> String {
    switch target {
    case .screen(let id): "screen '\(graph.screens[id.index].name)'"
    case .flowInput(let id): "the input of flow '\(graph.flows[id.index].name)'"
    case .taskInput(let id): "the input of task '\(graph.tasks[id.index].name)'"
    case .result(let flow, let result):
      "the payload of result '\(graph.flows[flow.index].name(of: result))' of flow '\(graph.flows[flow.index].name)'"
    }
  }
}

/// What a transition's arguments fill.
enum ArgumentTarget {
  case screen(ScreenID)
  case flowInput(FlowID)
  case taskInput(TaskID)
  case result(FlowID, FlowResultRef)

  /// Whether the arguments fill what a route's target shows: a screen's
  /// params, or the input of a flow whose start screen takes them.
  var isShown: Bool {
    switch self {
    case .screen, .flowInput: true
    case .taskInput, .result: false
    }
  }
}

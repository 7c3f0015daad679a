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
    for argument in arguments {
      guard argument.parameter >= 0, argument.parameter < parameters.count else {
        throw .refused(
          .invalidGraph("an argument fills param #\(argument.parameter), which does not exist"))
      }
      let value: Value
      switch argument.source {
      case .literal(let literal):
        value = literal
      case .payload(let index):
        guard index >= 0, index < context.payload.count else {
          throw .refused(
            .invalidGraph("an argument reads payload field #\(index), which does not exist"))
        }
        value = context.payload[index]
      case .screenParameter(let index):
        let params = state.topScreen(of: context.flow)?.params ?? []
        guard index >= 0, index < params.count else {
          throw .refused(
            .invalidGraph("an argument reads screen param #\(index), which does not exist"))
        }
        value = params[index]
      case .actionParameter(let index):
        guard index >= 0, index < context.action.count else {
          throw .refused(
            .invalidGraph("an argument reads action param #\(index), which does not exist"))
        }
        value = context.action[index]
      case .flowInput(let index):
        let input = state.flow(context.flow)?.input ?? []
        guard index >= 0, index < input.count else {
          throw .refused(
            .invalidGraph("an argument reads flow input #\(index), which does not exist"))
        }
        value = input[index]
      }
      values[argument.parameter] = value
      if argument.parameter < 64 { bound |= 1 << argument.parameter }
    }
    for index in parameters.indices {
      let type = parameters[index].type
      if let value = parameters[index].defaultValue,
        index < 64 ? bound & (1 << index) == 0 : values[index] == .null
      {
        values[index] = value
      }
      if values[index] == .null {
        guard type.isOptional else {
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
}

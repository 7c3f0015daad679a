extension FlowEngine {
  /// The values for a target's params, bound from a transition's compiled
  /// arguments; params no argument fills are absent optionals (`null`).
  ///
  /// Compiled arguments are already type-checked, so only literals are
  /// normalised to the target's type (an integer literal filling a `double`,
  /// a string literal filling a `url`, `date` or enum). The current screen's
  /// params and the flow's input are read from `state` only when an argument
  /// needs them.
  func values(
    _ parameters: [Parameter], _ arguments: [Argument], _ context: EvaluationContext,
    _ state: FlowState
  ) throws(EvaluationFailure) -> [Value] {
    if parameters.isEmpty { return [] }
    var values = [Value](repeating: .null, count: parameters.count)
    for argument in arguments {
      guard argument.parameter >= 0, argument.parameter < parameters.count else {
        throw .refused(
          .invalidGraph("an argument fills param #\(argument.parameter), which does not exist"))
      }
      let value: Value
      switch argument.source {
      case .literal(let literal):
        value = graph.coerce(literal, to: parameters[argument.parameter].type) ?? literal
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
      case .flowInput(let index):
        let input = state.flow(context.flow)?.input ?? []
        guard index >= 0, index < input.count else {
          throw .refused(
            .invalidGraph("an argument reads flow input #\(index), which does not exist"))
        }
        value = input[index]
      }
      values[argument.parameter] = value
    }
    return values
  }
}

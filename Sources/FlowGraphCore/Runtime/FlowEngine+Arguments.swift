extension FlowEngine {
  /// The values for a target's params, bound from a transition's compiled
  /// arguments; params no argument fills are absent optionals (`null`).
  ///
  /// Compiled arguments are already type-checked, so only literals are
  /// normalised to the target's type (an integer literal filling a `double`,
  /// a string literal filling a `url`, `date` or enum).
  func values(
    _ parameters: [Parameter], _ arguments: [Argument], _ context: EvaluationContext
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
        guard index >= 0, index < context.screenParams.count else {
          throw .refused(
            .invalidGraph("an argument reads screen param #\(index), which does not exist"))
        }
        value = context.screenParams[index]
      case .flowInput(let index):
        guard index >= 0, index < context.flowInput.count else {
          throw .refused(
            .invalidGraph("an argument reads flow input #\(index), which does not exist"))
        }
        value = context.flowInput[index]
      }
      values[argument.parameter] = value
    }
    return values
  }
}

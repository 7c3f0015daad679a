extension FlowEngine {
  /// What an event does in a state, before anything changes.
  struct Trigger {
    var transition: Transition
    var path: TransitionPath?
    var context: EvaluationContext
    var label: Label
    var isDismissGesture = false
  }

  static let popTransition = Transition(.pop)
  static let dismissTransition = Transition(.dismiss)

  /// Resolves an event against the current screen: the transition it takes
  /// and the context it takes it in, or why it is not possible.
  func resolve(_ event: FlowEvent, in state: FlowState) throws(RuntimeError) -> Trigger {
    guard let top = state.top, let flowIndex = state.flowIndex(top.flow) else {
      if let finish = state.finish {
        throw .finished(
          flow: graph.flows[finish.flow.index].name,
          result: graph.flows[finish.flow.index].name(of: finish.result))
      }
      throw .notStarted
    }
    let flow = state.flows[flowIndex]
    guard top.screen.index >= 0, top.screen.index < graph.screens.count else {
      throw .invalidGraph("the current screen \(top.screen) is not in the graph")
    }
    let screen = graph.screens[top.screen.index]
    var context = EvaluationContext(
      flow: top.flow, screenParams: top.params, flowInput: flow.input, payload: [])
    switch event {
    case .action(let name, let arguments):
      guard let index = screen.actions.firstIndex(where: { $0.name == name }) else {
        throw .unknownAction(
          name, screen: screen.name, flow: graph.flows[flow.flow.index].name,
          suggestion: Suggestion.closest(to: name, in: screen.actions.map(\.name)),
          available: screen.actions.map(\.name))
      }
      let action = screen.actions[index]
      context.payload = try checkFields(
        action.params, arguments, owner: .action(name, screen: screen.name))
      let id = ActionID(screen: top.screen, index: index)
      return Trigger(
        transition: action.transition, path: TransitionPath(root: .action(id)), context: context,
        label: Label(action: id, payload: context.payload, screen: screen.name))
    case .resolved(let id, let payload):
      guard id.screen == top.screen, id.index >= 0, id.index < screen.actions.count else {
        let name =
          id.screen.index >= 0 && id.screen.index < graph.screens.count
            && id.index >= 0 && id.index < graph.screens[id.screen.index].actions.count
          ? graph[id].name : id.description
        throw .notPossible(
          event: name, screen: screen.name,
          reason: "it is an action of another screen; the current screen is '\(screen.name)'")
      }
      let action = screen.actions[id.index]
      context.payload = try checkValues(
        action.params, payload, owner: .action(action.name, screen: screen.name))
      return Trigger(
        transition: action.transition, path: TransitionPath(root: .action(id)), context: context,
        label: Label(action: id, payload: context.payload, screen: screen.name))
    case .back:
      let stack = state.layers[state.layers.count - 1].screens
      guard stack.count >= 2 else {
        throw .notPossible(
          event: "back", screen: screen.name,
          reason: "it is the first screen of its layer, with nothing below it")
      }
      switch screen.back {
      case .pop:
        return Trigger(
          transition: Self.popTransition, path: nil, context: context,
          label: Label(event: "back", screen: screen.name))
      case .disabled:
        throw .notPossible(
          event: "back", screen: screen.name, reason: "its back is disabled (back: false)")
      case .custom(let transition):
        return Trigger(
          transition: transition, path: TransitionPath(root: .back(top.screen)), context: context,
          label: Label(event: "back", screen: screen.name))
      }
    case .dismiss:
      guard state.layers.count >= 2 else {
        throw .notPossible(
          event: "dismiss", screen: screen.name,
          reason: "no modal layer is open (the base layer cannot be dismissed)")
      }
      let layer = state.layers[state.layers.count - 1]
      if let first = layer.screens.first, first.screen.index < graph.screens.count,
        !graph.screens[first.screen.index].dismissible
      {
        let firstName = graph.screens[first.screen.index].name
        throw .notPossible(
          event: "dismiss", screen: screen.name,
          reason: firstName == screen.name && layer.screens.count == 1
            ? "it is not dismissible (dismissible: false)"
            : "the top layer's first screen '\(firstName)' is not dismissible (dismissible: false)")
      }
      var trigger = Trigger(
        transition: Self.dismissTransition, path: nil, context: context,
        label: Label(event: "dismiss", screen: screen.name))
      trigger.isDismissGesture = true
      return trigger
    }
  }

  /// Whether a transition can be taken in place: it is checked completely
  /// before anything changes and never ends a flow.
  func isLocal(_ kind: Transition.Kind, context: EvaluationContext, in state: FlowState) -> Bool {
    switch kind {
    case .push, .present, .replace, .stay, .popTo, .popToRoot:
      return true
    case .pop:
      // Local unless the popped screen is the last one of its flow.
      guard let layer = state.layers.last else { return false }
      let screens = layer.screens
      return screens.count >= 2
        && screens[screens.count - 2].flow == screens[screens.count - 1].flow
    default:
      return false
    }
  }

  /// Checks named fields against their declaration: unknown names first (with
  /// a suggestion), then each declared field in order (missing, mistyped).
  /// Absent optionals become `null`.
  func checkFields(
    _ parameters: [Parameter], _ given: [String: Value], owner: RuntimeError.FieldOwner
  ) throws(RuntimeError) -> [Value] {
    if given.isEmpty && parameters.isEmpty { return [] }
    for name in given.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
      throw .unknownField(
        owner, field: name, suggestion: Suggestion.closest(to: name, in: parameters.map(\.name)))
    }
    var values: [Value] = []
    values.reserveCapacity(parameters.count)
    for parameter in parameters {
      guard let value = given[parameter.name] else {
        if parameter.type.isOptional {
          values.append(.null)
          continue
        }
        throw .missingField(owner, field: parameter.name, type: graph.describe(parameter.type))
      }
      guard let typed = graph.coerce(value, to: parameter.type) else {
        throw .mistypedField(
          owner, field: parameter.name, expected: graph.describe(parameter.type),
          got: graph.describeValue(value))
      }
      values.append(typed)
    }
    return values
  }

  /// Checks values given in field order.
  func checkValues(
    _ parameters: [Parameter], _ given: [Value], owner: RuntimeError.FieldOwner
  ) throws(RuntimeError) -> [Value] {
    if given.isEmpty && parameters.isEmpty { return given }
    guard given.count <= parameters.count else {
      throw .unknownField(owner, field: "#\(parameters.count)", suggestion: nil)
    }
    var values = given
    for (index, parameter) in parameters.enumerated() {
      guard index < given.count else {
        guard parameter.type.isOptional else {
          throw .missingField(owner, field: parameter.name, type: graph.describe(parameter.type))
        }
        values.append(.null)
        continue
      }
      guard let typed = graph.coerce(given[index], to: parameter.type) else {
        throw .mistypedField(
          owner, field: parameter.name, expected: graph.describe(parameter.type),
          got: graph.describeValue(given[index]))
      }
      if typed != given[index] { values[index] = typed }
    }
    return values
  }
}

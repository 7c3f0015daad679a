extension FlowEngine {
  /// What an event does in a state, before anything changes.
  struct Trigger {
    /// The transition taken: a handle into the graph (or a shared `stay`,
    /// `pop` or `dismiss`), never a copy.
    var transition: Transition
    var path: TransitionPath?
    var context: EvaluationContext
    var label: Label
    var isDismissGesture = false
    /// For a `tab:NAME` event, the tab it selects (SPEC §6.1).
    var tab: Int?

    var kind: Transition.Kind { transition.kind }
    var arguments: ArgumentList { transition.arguments }
    /// The transition's `popTo` (SPEC §6.3): such a step is never local.
    var popTo: Transition.PopTarget? { transition.popTo }
  }

  /// Resolves an event against the current screen: the transition it takes
  /// and the context it takes it in, or why it is not possible. Names are
  /// only built for messages; the resolved paths copy no screen or action.
  func resolve(_ event: FlowEvent, in state: FlowState) throws(RuntimeError) -> Trigger {
    let layerCount = state.layers.count
    guard layerCount > 0, let top = state.layers[layerCount - 1].screens.last,
      state.flowIndex(top.flow) != nil
    else {
      if let finish = state.finish {
        throw .finished(
          flow: graph.flows[finish.flow.index].name,
          result: graph.flows[finish.flow.index].name(of: finish.result))
      }
      throw .notStarted
    }
    let screen = top.screen.index
    guard screen >= 0, screen < graph.screens.count else {
      throw .invalidGraph("the current screen \(top.screen) is not in the graph")
    }
    var context = EvaluationContext(flow: top.flow, payload: [])
    switch event {
    case .tab(let name):
      var trigger = Trigger(
        transition: .stay, path: nil, context: context,
        label: Label(event: "tab:\(name)", screen: top.screen))
      trigger.tab = try tabIndex(name, in: state, screen: graph.screens[screen].name)
      return trigger
    case .resolved(let id, let payload):
      guard id.screen == top.screen, id.index >= 0, id.index < graph.screens[screen].actions.count
      else {
        let name =
          id.screen.index >= 0 && id.screen.index < graph.screens.count
            && id.index >= 0 && id.index < graph.screens[id.screen.index].actions.count
          ? graph[id].name : id.description
        throw .notPossible(
          event: name, screen: graph.screens[screen].name,
          reason:
            "it is an action of another screen; the current screen is '\(graph.screens[screen].name)'"
        )
      }
      context.payload = try checkValues(
        graph.screens[screen].actions[id.index].params, payload,
        owner: .action(id))
      context.action = context.payload
      return Trigger(
        transition: graph.screens[screen].actions[id.index].transition,
        path: TransitionPath(root: .action(id)), context: context,
        label: Label(action: id, payload: context.payload, screen: top.screen))
    case .action(let name, let arguments):
      let actions = graph.screens[screen].actions
      guard let index = actions.firstIndex(where: { $0.name == name }) else {
        throw .unknownAction(
          name, screen: graph.screens[screen].name,
          flow: graph.flows[graph.screens[screen].flow.index].name,
          suggestion: NameSuggestion.best(for: name, among: actions.map(\.name)),
          available: actions.map(\.name))
      }
      context.payload = try checkFields(
        actions[index].params, arguments, owner: .action(ActionID(screen: top.screen, index: index))
      )
      context.action = context.payload
      let id = ActionID(screen: top.screen, index: index)
      return Trigger(
        transition: actions[index].transition,
        path: TransitionPath(root: .action(id)), context: context,
        label: Label(action: id, payload: context.payload, screen: top.screen))
    case .back:
      guard state.layers[layerCount - 1].screens.count >= 2 else {
        throw .notPossible(
          event: "back", screen: graph.screens[screen].name,
          reason: "it is the first screen of its layer, with nothing below it")
      }
      switch graph.screens[screen].back {
      case .pop:
        return Trigger(
          transition: .backPop, path: nil, context: context,
          label: Label(event: "back", screen: top.screen))
      case .disabled:
        throw .notPossible(
          event: "back", screen: graph.screens[screen].name,
          reason: "its back is disabled (back: false)")
      case .custom(let transition):
        return Trigger(
          transition: transition,
          path: TransitionPath(root: .back(top.screen)), context: context,
          label: Label(event: "back", screen: top.screen))
      }
    case .dismiss:
      let name = graph.screens[screen].name
      guard layerCount >= 2 else {
        throw .notPossible(
          event: "dismiss", screen: name,
          reason: "no modal layer is open (the base layer cannot be dismissed)")
      }
      // A tabs layer closes while its tabs screen is dismissible (SPEC §6.1).
      let layer =
        state.layers[layerCount - 1].tabsScreen.map { [$0] } ?? state.layers[layerCount - 1].screens
      if let first = layer.first, first.screen.index < graph.screens.count,
        !graph.screens[first.screen.index].dismissible
      {
        let firstName = graph.screens[first.screen.index].name
        throw .notPossible(
          event: "dismiss", screen: name,
          reason: firstName == name && layer.count == 1
            ? "it is not dismissible (dismissible: false)"
            : "the top layer's first screen '\(firstName)' is not dismissible (dismissible: false)")
      }
      var trigger = Trigger(
        transition: .dismissGesture, path: nil, context: context,
        label: Label(event: "dismiss", screen: top.screen))
      trigger.isDismissGesture = true
      return trigger
    case .open, .cancelPendingLink:
      throw .invalidGraph("'\(event)' is not a screen's event")
    }
  }

  /// Whether a transition can be taken in place: it is checked completely
  /// before anything changes and never ends a flow.
  func isLocal(_ kind: Transition.Kind, context: EvaluationContext, in state: FlowState) -> Bool {
    switch kind {
    case .present(let screen) where isTabsScreen(screen):
      // Starts the tab flows: queued work.
      return false
    case .push, .present, .replace, .stay, .popTo, .popToRoot, .select:
      return true
    case .pop:
      // Local unless the popped screen is the last one of its flow.
      let layers = state.layers.count
      guard layers > 0 else { return false }
      let count = state.layers[layers - 1].screens.count
      return count >= 2
        && state.layers[layers - 1].screens[count - 2].flow
          == state.layers[layers - 1].screens[count - 1].flow
    case .dismiss:
      // Local when closing the top layer leaves every flow it touches on
      // screen below it (a sheet of a flow that shows screens underneath).
      return state.layers.count >= 2
        && Self.closingEndsNoFlow(from: state.layers.count - 1, in: state)
    default:
      return false
    }
  }

  /// Whether closing the layers from `index` up leaves every flow they show
  /// or own with a screen in a layer below, so that no flow ends.
  static func closingEndsNoFlow(from index: Int, in state: FlowState) -> Bool {
    for layer in index..<state.layers.count {
      let owner = state.layers[layer].owner
      guard state.hasScreens(owner, inLayersBelow: index) else { return false }
      for stack in state.layers[layer].stacks.indices {
        for screen in state.layers[layer].stacks[stack].screens.indices {
          let flow = state.layers[layer].stacks[stack].screens[screen].flow
          guard flow == owner || state.hasScreens(flow, inLayersBelow: index) else {
            return false
          }
        }
      }
    }
    return true
  }

  /// Checks named fields against their declaration: unknown names first (with
  /// a suggestion), then each declared field in order (missing, mistyped).
  /// Absent optionals become `null`.
  func checkFields(
    _ parameters: some IndexedList<Parameter>, _ given: [String: Value],
    owner: FieldOwnerRef
  ) throws(RuntimeError) -> [Value] {
    if given.isEmpty && parameters.isEmpty { return [] }
    for name in given.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
      throw .unknownField(
        fieldOwner(owner), field: name,
        suggestion: NameSuggestion.best(for: name, among: parameters.map(\.name)))
    }
    var values: [Value] = []
    values.reserveCapacity(parameters.count)
    for parameter in parameters {
      guard let value = given[parameter.name] else {
        if parameter.mayBeOmitted {
          values.append(parameter.defaultValue ?? .null)
          continue
        }
        throw .missingField(
          fieldOwner(owner), field: parameter.name, type: graph.describe(parameter.type))
      }
      guard let typed = graph.coerce(value, to: parameter.type) else {
        throw .mistypedField(
          fieldOwner(owner), field: parameter.name, expected: graph.describe(parameter.type),
          got: graph.describeValue(value))
      }
      values.append(typed)
    }
    return values
  }

  /// Checks values given in field order.
  func checkValues(
    _ parameters: some IndexedList<Parameter>, _ given: [Value], owner: FieldOwnerRef
  ) throws(RuntimeError) -> [Value] {
    if given.isEmpty && parameters.isEmpty { return given }
    guard given.count <= parameters.count else {
      throw .unknownField(fieldOwner(owner), field: "#\(parameters.count)", suggestion: nil)
    }
    var values = given
    for (index, parameter) in parameters.enumerated() {
      guard index < given.count else {
        guard parameter.mayBeOmitted else {
          throw .missingField(
            fieldOwner(owner), field: parameter.name, type: graph.describe(parameter.type))
        }
        values.append(parameter.defaultValue ?? .null)
        continue
      }
      if given[index] == .null, let value = parameter.defaultValue {
        // A defaulted field given as `null` is left out: it takes its default.
        values[index] = value
        continue
      }
      guard let typed = graph.coerce(given[index], to: parameter.type) else {
        throw .mistypedField(
          fieldOwner(owner), field: parameter.name, expected: graph.describe(parameter.type),
          got: graph.describeValue(given[index]))
      }
      if typed != given[index] { values[index] = typed }
    }
    return values
  }
}

/// Whose fields are being checked, by index: names are looked up only for a
/// message.
enum FieldOwnerRef {
  case action(ActionID)
  case outcome(TaskID, Int)
  case flowInput(FlowID)
}

extension FlowEngine {
  /// The owner of checked fields, named for a message.
  func fieldOwner(_ owner: FieldOwnerRef) -> RuntimeError.FieldOwner {
    switch owner {
    case .action(let id):
      .action(graph[id].name, screen: graph.screens[id.screen.index].name)
    case .outcome(let task, let index):
      .outcome(graph.tasks[task.index].outcomes[index].name, task: graph.tasks[task.index].name)
    case .flowInput(let flow):
      .flowInput(graph.flows[flow.index].name)
    }
  }
}

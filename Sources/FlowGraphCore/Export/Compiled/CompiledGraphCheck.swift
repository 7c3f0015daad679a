/// Checks that a graph read from compiled bytes is well-formed, as every
/// graph the compiler builds is and as the validator and the runtime rely on:
/// each screen listed by exactly the flow it names; every transition's
/// screen in its own flow; every result, outcome and handler matching its
/// definition; every argument filling a parameter of its target once, from
/// a field that exists where it is written; names unique where the JSON needs
/// them unique (``GraphNameTable/checkUnique()``), so that it can be written
/// as JSON too. It walks the graph once and
/// allocates nothing per element.
struct CompiledGraphCheck {
  let graph: FlowGraph

  func check() throws(CompiledGraphError) {
    do {
      try GraphNameTable(graph: graph).checkUnique()
    } catch {
      throw fault(error.message)
    }
    var listed = [Bool](repeating: false, count: graph.screens.count)
    for (flowIndex, flow) in graph.flows.enumerated() {
      let id = FlowID(flowIndex)
      for screen in flow.screens {
        guard graph.screens[screen.index].flow == id else {
          throw fault(
            "flow '\(flow.name)' lists screen '\(graph.screens[screen.index].name)', which names flow "
              + "'\(graph.flows[graph.screens[screen.index].flow.index].name)' as its own")
        }
        guard !listed[screen.index] else {
          throw fault(
            "flow '\(flow.name)' lists screen '\(graph.screens[screen.index].name)' twice")
        }
        listed[screen.index] = true
      }
      try start(flow.start, scope: TransitionScope(flow: id, screen: nil, payload: []))
    }
    if let orphan = listed.firstIndex(of: false) {
      throw fault("screen '\(graph.screens[orphan].name)' is not listed by its flow")
    }
    for index in graph.screens.indices {
      let scope = TransitionScope(
        flow: graph.screens[index].flow, screen: ScreenID(index), payload: [])
      try parameters(graph.screens[index].params)
      // By index: a `for action in` would copy every action.
      let actions = graph.screens[index].actions
      try unique(actions.count, "actions of a screen") { actions[$0].name }
      for action in actions.indices {
        try parameters(actions[action].params)
        var actionScope = scope
        actionScope.payload = actions[action].params
        actionScope.action = actions[action].params
        try transition(actions[action].transition, scope: actionScope)
      }
      if case .custom(let back) = graph.screens[index].back {
        try transition(back, scope: scope)
      }
      if let bar = graph.screens[index].tabBar {
        try unique(bar.tabs.count, "tabs of a screen") { bar.tabs[$0].name }
        for tab in bar.tabs {
          try transition(
            Transition(
              .start(tab.flow, mode: .push, handlers: tab.handlers), arguments: tab.arguments),
            scope: scope)
        }
      }
    }
    for type in graph.types {
      try unique(type.cases.count, "cases of type '\(type.name)'") { type.cases[$0] }
    }
    for flow in graph.flows {
      try parameters(flow.input)
      for result in flow.results { try parameters(result.payload) }
    }
    for task in graph.tasks {
      try parameters(task.input)
      for outcome in task.outcomes { try parameters(outcome.payload) }
    }
  }

  private func transition(_ transition: Transition, scope: TransitionScope)
    throws(CompiledGraphError)
  {
    let targets: [Parameter]
    switch transition.kind {
    case .push(let id), .present(let id), .replace(let id), .root(let id), .popTo(let id):
      try inFlow(id, scope)
      targets = graph.screens[id.index].params
    case .pop, .popToRoot, .dismiss, .stay, .select, .invalid:
      targets = []
    case .finish(let result):
      targets = try payload(of: result, in: scope.flow)
    case .start(let child, _, let handlers):
      let results = graph.flows[child.index].results
      guard handlers.results.count == results.count else {
        throw fault(
          "a start of flow '\(graph.flows[child.index].name)' handles \(handlers.results.count) results; "
            + "the flow has \(results.count)")
      }
      for (handler, result) in zip(handlers.results, results) {
        try self.transition(handler, scope: scope.handler(result.payload))
      }
      try self.transition(handlers.dismissed, scope: scope.handler([]))
      targets = graph.flows[child.index].input
    case .run(let task, let outcomes):
      let definitions = graph.tasks[task.index].outcomes
      guard outcomes.count == definitions.count else {
        throw fault(
          "a run of task '\(graph.tasks[task.index].name)' has \(outcomes.count) outcome transitions; "
            + "the task has \(definitions.count) outcomes")
      }
      for (outcome, definition) in zip(outcomes, definitions) {
        try self.transition(outcome, scope: scope.with(definition.payload))
      }
      targets = graph.tasks[task.index].input
    }
    if let popTo = transition.popTo {
      // Only a push or a start pops first (DSL 1.1's `popTo`).
      switch transition.kind {
      case .push, .start: break
      default: throw fault("a 'popTo' on a transition that is neither a push nor a start")
      }
      try inFlow(popTo.screen, scope)
    }
    try arguments(transition.arguments, filling: targets, scope: scope)
  }

  private func start(_ start: FlowStart, scope: TransitionScope) throws(CompiledGraphError) {
    let targets: [Parameter]
    switch start.kind {
    case .screen(let id):
      try inFlow(id, scope)
      targets = graph.screens[id.index].params
    case .run(let task, let outcomes):
      let definitions = graph.tasks[task.index].outcomes
      guard outcomes.count == definitions.count else {
        throw fault(
          "a run of task '\(graph.tasks[task.index].name)' has \(outcomes.count) outcome starts; "
            + "the task has \(definitions.count) outcomes")
      }
      for (outcome, definition) in zip(outcomes, definitions) {
        try self.start(outcome, scope: scope.with(definition.payload))
      }
      targets = graph.tasks[task.index].input
    case .finish(let result):
      targets = try payload(of: result, in: scope.flow)
    case .invalid:
      targets = []
    }
    try arguments(start.arguments, filling: targets, scope: scope)
  }

  private func arguments(
    _ arguments: [Argument], filling targets: [Parameter], scope: TransitionScope
  ) throws(CompiledGraphError) {
    for (index, argument) in arguments.enumerated() {
      guard argument.parameter < targets.count else {
        throw fault(
          "an argument fills param \(argument.parameter) of a target with \(targets.count)")
      }
      guard !arguments[..<index].contains(where: { $0.parameter == argument.parameter }) else {
        throw fault("param '\(targets[argument.parameter].name)' is filled twice")
      }
      let (field, fields, what): (Int, Int, String) =
        switch argument.source {
        case .literal: (0, 1, "")
        case .payload(let field): (field, scope.payload.count, "payload field")
        case .screenParameter(let field):
          (field, scope.screen.map { graph.screens[$0.index].params.count } ?? 0, "screen param")
        case .actionParameter(let field): (field, scope.action.count, "action param")
        case .flowInput(let field): (field, graph.flows[scope.flow.index].input.count, "flow input")
        }
      guard field < fields else {
        throw fault("an argument reads \(what) \(field) where there are \(fields)")
      }
    }
  }

  /// Field names unique in their list, types that exist, defaults that fit
  /// their field's type: what the JSON reader checks too.
  private func parameters(_ list: [Parameter]) throws(CompiledGraphError) {
    try unique(list.count, "fields") { list[$0].name }
    for parameter in list {
      try type(parameter.type)
      if let value = parameter.defaultValue, graph.coerce(value, to: parameter.type) == nil {
        throw fault(
          "the default \(graph.describeValue(value)) of field '\(parameter.name)' does not "
            + "fit its type \(graph.describe(parameter.type))")
      }
    }
  }

  /// Throws when two of the `count` names that `name` gives are equal:
  /// pairwise for the short lists that real graphs have, with a set for
  /// longer ones, so that a hostile list cannot make this quadratic. (By
  /// index, not over a lazy map, which would copy each element per look.)
  private func unique(_ count: Int, _ what: String, _ name: (Int) -> String)
    throws(CompiledGraphError)
  {
    guard count > 1 else { return }
    if count <= 8 {
      for first in 0..<count - 1 {
        let text = name(first)
        // Lengths first: most names differ there, and they are at hand.
        for second in first + 1..<count {
          let other = name(second)
          if text.utf8.count == other.utf8.count, text == other {
            throw fault("two \(what) are named '\(text)'")
          }
        }
      }
      return
    }
    var seen: Set<String> = []
    seen.reserveCapacity(count)
    for index in 0..<count where !seen.insert(name(index)).inserted {
      throw fault("two \(what) are named '\(name(index))'")
    }
  }

  private func type(_ type: ValueType) throws(CompiledGraphError) {
    switch type {
    case .list(let element): try self.type(element)
    case .optional(let wrapped):
      if case .optional = wrapped { throw fault("an optional of an optional type") }
      try self.type(wrapped)
    case .named(let id):
      guard id.index < graph.types.count else { throw fault("type index \(id.index) out of range") }
    default: break
    }
  }

  private func payload(of result: FlowResultRef, in flow: FlowID) throws(CompiledGraphError)
    -> [Parameter]
  {
    if case .declared(let index) = result, index >= graph.flows[flow.index].results.count {
      throw fault(
        "result \(index) of flow '\(graph.flows[flow.index].name)', which has \(graph.flows[flow.index].results.count)"
      )
    }
    return graph.flows[flow.index].payload(of: result)
  }

  private func inFlow(_ screen: ScreenID, _ scope: TransitionScope) throws(CompiledGraphError) {
    guard graph.screens[screen.index].flow == scope.flow else {
      throw fault(
        "a transition in flow '\(graph.flows[scope.flow.index].name)' targets screen "
          + "'\(graph.screens[screen.index].name)' of another flow")
    }
  }

  private func fault(_ message: String) -> CompiledGraphError {
    CompiledGraphError("not a well-formed graph: " + message)
  }
}

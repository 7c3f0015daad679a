/// Checks what the reader (``CompiledGraphReader``) could not check as it
/// read, once the graph is whole, so that a decoded graph is well-formed as
/// every graph the compiler builds is and as the validator and the runtime
/// rely on: names unique where the JSON needs them unique
/// (``GraphNameTable/checkUnique()``), so that it can be written as JSON
/// too; each flow's start in its flow, its runs matching their tasks'
/// outcomes and its arguments filling their targets. Everything else
/// (screens listed by their flows, every screen's transitions, fields,
/// actions and tabs) the reader checked as it read, or once it had read the
/// screens (the arguments of transitions to screens further on).
/// Allocates nothing per element.
struct CompiledGraphCheck {
  let graph: FlowGraph

  func check() throws(CompiledGraphError) {
    do {
      try GraphNameTable(graph: graph).checkUnique()
    } catch {
      throw Self.fault(error.message)
    }
    for (flowIndex, flow) in graph.flows.enumerated() {
      try start(
        flow.start, scope: TransitionScope(flow: FlowID(flowIndex), screen: nil, payload: []))
    }
    for type in graph.types {
      try Self.unique(type.cases.count, "cases of type '\(type.name)'") { type.cases[$0] }
    }
  }

  private func start(_ start: FlowStart, scope: TransitionScope) throws(CompiledGraphError) {
    let targets: ParameterList
    switch start.kind {
    case .screen(let id):
      try inFlow(id, scope)
      targets = graph.screens[id.index].params
    case .run(let task, let outcomes):
      let definitions = graph.tasks[task.index].outcomes
      guard outcomes.count == definitions.count else {
        throw Self.fault(
          "a run of task '\(graph.tasks[task.index].name)' has \(outcomes.count) outcome starts; "
            + "the task has \(definitions.count) outcomes")
      }
      for (outcome, definition) in zip(outcomes, definitions) {
        try self.start(outcome, scope: scope.with(definition.payload))
      }
      targets = ParameterList(graph.tasks[task.index].input)
    case .finish(let result):
      targets = ParameterList(try payload(of: result, in: scope.flow))
    case .invalid:
      targets = []
    }
    try arguments(start.arguments, filling: targets, scope: scope)
  }

  private func arguments(
    _ arguments: some IndexedList<Argument>, filling targets: some IndexedList<Parameter>,
    scope: TransitionScope
  ) throws(CompiledGraphError) {
    try Self.checkSources(
      arguments, payload: scope.payload.count,
      screenParams: scope.screen.map { graph.screens[$0.index].params.count } ?? 0,
      action: scope.action.count, flowInput: graph.flows[scope.flow.index].input.count)
    try Self.checkTargets(arguments, filling: targets)
  }

  /// Throws unless every argument reads a field that exists where it is
  /// written: the fields of the payload, the screen's params, the action's
  /// params and the flow's input (`payload`, `screenParams`, `action` and
  /// `flowInput` of them).
  static func checkSources(
    _ arguments: some Collection<Argument>, payload: Int, screenParams: Int, action: Int,
    flowInput: Int
  ) throws(CompiledGraphError) {
    for argument in arguments {
      let (field, fields, what): (Int, Int, String) =
        switch argument.source {
        case .literal: (0, 1, "")
        case .payload(let field): (field, payload, "payload field")
        case .screenParameter(let field): (field, screenParams, "screen param")
        case .actionParameter(let field): (field, action, "action param")
        case .flowInput(let field): (field, flowInput, "flow input")
        }
      guard field < fields else {
        throw Self.fault("an argument reads \(what) \(field) where there are \(fields)")
      }
    }
  }

  /// Throws unless every argument fills a parameter of `targets`, once.
  /// (Both may be slices of the tables: read by position, not by index.)
  static func checkTargets(
    _ arguments: some Collection<Argument>, filling targets: some Collection<Parameter>
  )
    throws(CompiledGraphError)
  {
    for (offset, argument) in arguments.enumerated() {
      guard argument.parameter < targets.count else {
        throw Self.fault(
          "an argument fills param \(argument.parameter) of a target with \(targets.count)")
      }
      guard !arguments.prefix(offset).contains(where: { $0.parameter == argument.parameter })
      else {
        let name = targets.dropFirst(argument.parameter).first?.name ?? ""
        throw Self.fault("param '\(name)' is filled twice")
      }
    }
  }

  /// Throws when two of the `count` names that `name` gives are equal:
  /// pairwise for the short lists that real graphs have, with a set for
  /// longer ones, so that a hostile list cannot make this quadratic. (By
  /// index, not over a lazy map, which would copy each element per look.)
  static func unique(_ count: Int, _ what: String, _ name: (Int) -> String)
    throws(CompiledGraphError)
  {
    guard count > 1 else { return }
    if count <= 8 {
      // As strings (canonical equivalence), as the set below and the
      // runtime's lookups compare them: not by length or bytes first.
      for first in 0..<count - 1 {
        let text = name(first)
        for second in first + 1..<count where text == name(second) {
          throw duplicate(what, text)
        }
      }
      return
    }
    var seen: Set<String> = []
    seen.reserveCapacity(count)
    for index in 0..<count where !seen.insert(name(index)).inserted {
      throw duplicate(what, name(index))
    }
  }

  /// The error for two `what` named `name`.
  static func duplicate(_ what: String, _ name: String) -> CompiledGraphError {
    fault("two \(what) are named '\(name)'")
  }

  /// A number that the first `count` of `numbers` hold twice, if any:
  /// pairwise for the short lists that real graphs have, sorted for longer
  /// ones (never quadratic).
  static func repeated(_ numbers: [Int], count: Int) -> Int? {
    guard count > 1 else { return nil }
    if count <= 8 {
      for first in 0..<count - 1 {
        for second in first + 1..<count where numbers[first] == numbers[second] {
          return numbers[first]
        }
      }
      return nil
    }
    let sorted = numbers[..<count].sorted()
    for index in 1..<count where sorted[index - 1] == sorted[index] {
      return sorted[index]
    }
    return nil
  }

  private func payload(of result: FlowResultRef, in flow: FlowID) throws(CompiledGraphError)
    -> [Parameter]
  {
    if case .declared(let index) = result, index >= graph.flows[flow.index].results.count {
      throw Self.fault(
        "result \(index) of flow '\(graph.flows[flow.index].name)', which has \(graph.flows[flow.index].results.count)"
      )
    }
    return graph.flows[flow.index].payload(of: result)
  }

  private func inFlow(_ screen: ScreenID, _ scope: TransitionScope) throws(CompiledGraphError) {
    guard graph.screens[screen.index].flow == scope.flow else {
      throw Self.fault(
        "a transition in flow '\(graph.flows[scope.flow.index].name)' targets screen "
          + "'\(graph.screens[screen.index].name)' of another flow")
    }
  }

  private static func fault(_ message: String) -> CompiledGraphError {
    CompiledGraphError("not a well-formed graph: " + message)
  }
}

import FlowGraphCore

/// A test-only builder of compiled graphs by name, with the compiler's
/// implicit argument binding (payload, then screen params, then flow input).
struct GraphBuilder {
  typealias Fields = KeyValuePairs<String, ValueType>

  /// An argument written in `with`: a literal or `$name`.
  enum Arg {
    case literal(Value)
    case ref(String)
  }

  /// A transition by names.
  indirect enum T {
    case push(String, with: [String: Arg] = [:])
    case present(String, with: [String: Arg] = [:])
    case replace(String, with: [String: Arg] = [:])
    case root(String, with: [String: Arg] = [:])
    case popTo(String)
    case pop, popToRoot, dismiss, stay
    case finish(String, with: [String: Arg] = [:])
    case start(
      String, mode: Transition.StartMode = .push, on: [String: T] = [:], with: [String: Arg] = [:])
    case run(String, outcomes: [String: T], with: [String: Arg] = [:])
  }

  /// A flow start by names.
  indirect enum Start {
    case screen(String)
    case run(String, outcomes: [String: Start])
    case finish(String)
  }

  struct ActionSpec {
    var name: String
    var params: [Parameter]
    var transition: T
  }

  enum Back {
    case pop, disabled
    case custom(T)
  }

  struct ScreenSpec {
    var name: String
    var params: [Parameter] = []
    var actions: [ActionSpec] = []
    var back: Back = .pop
    var dismissible = true
  }

  struct FlowSpec {
    var name: String
    var input: [Parameter]
    var results: [ResultDefinition]
    var start: Start
    var screens: [ScreenSpec]
  }

  var types: [TypeDefinition] = []
  var tasks: [TaskDefinition] = []
  var flows: [FlowSpec] = []
  var entry: String?

  static func fields(_ fields: Fields) -> [Parameter] {
    fields.map { Parameter(name: $0.key, type: $0.value) }
  }

  static func action(_ name: String, _ params: Fields, _ transition: T) -> ActionSpec {
    ActionSpec(name: name, params: fields(params), transition: transition)
  }

  static func action(_ name: String, _ transition: T) -> ActionSpec {
    ActionSpec(name: name, params: [], transition: transition)
  }

  static func screen(
    _ name: String, params: Fields = [:], back: Back = .pop, dismissible: Bool = true,
    _ actions: [ActionSpec] = []
  ) -> ScreenSpec {
    ScreenSpec(
      name: name, params: fields(params), actions: actions, back: back, dismissible: dismissible)
  }

  mutating func type(_ name: String, cases: [String]) {
    types.append(TypeDefinition(name: name, cases: cases))
  }

  mutating func task(
    _ name: String, input: Fields = [:], outcomes: KeyValuePairs<String, Fields>
  ) {
    tasks.append(
      TaskDefinition(
        name: name, input: Self.fields(input),
        outcomes: outcomes.map { OutcomeDefinition(name: $0.key, payload: Self.fields($0.value)) }))
  }

  mutating func flow(
    _ name: String, input: Fields = [:], results: KeyValuePairs<String, Fields> = [:],
    start: Start, _ screens: [ScreenSpec]
  ) {
    flows.append(
      FlowSpec(
        name: name, input: Self.fields(input),
        results: results.map { ResultDefinition(name: $0.key, payload: Self.fields($0.value)) },
        start: start, screens: screens))
  }

  // MARK: Compiling

  private struct Scope {
    var payload: [Parameter] = []
    var screen: [Parameter] = []
    var input: [Parameter] = []
  }

  func build() -> FlowGraph {
    var screenIDs: [String: [String: ScreenID]] = [:]
    var screens: [Screen] = []
    var next = 0
    for flow in flows {
      for screen in flow.screens {
        screenIDs[flow.name, default: [:]][screen.name] = ScreenID(next)
        next += 1
      }
    }
    var compiled: [Flow] = []
    for (flowIndex, flow) in flows.enumerated() {
      var ids: [ScreenID] = []
      for screen in flow.screens {
        let scope = Scope(screen: screen.params, input: flow.input)
        let actions = screen.actions.map { action in
          var actionScope = scope
          actionScope.payload = action.params
          return Action(
            name: action.name, params: action.params,
            transition: transition(
              action.transition, in: flow, scope: actionScope, screens: screenIDs))
        }
        let back: BackBehavior
        switch screen.back {
        case .pop: back = .pop
        case .disabled: back = .disabled
        case .custom(let t):
          back = .custom(transition(t, in: flow, scope: scope, screens: screenIDs))
        }
        ids.append(screenIDs[flow.name]![screen.name]!)
        screens.append(
          Screen(
            name: screen.name, flow: FlowID(flowIndex), params: screen.params, actions: actions,
            back: back, dismissible: screen.dismissible))
      }
      compiled.append(
        Flow(
          name: flow.name, input: flow.input, results: flow.results,
          start: start(flow.start, in: flow, scope: Scope(input: flow.input), screens: screenIDs),
          screens: ids))
    }
    let entryID = entry.flatMap { name in flows.firstIndex { $0.name == name } }.map(FlowID.init)
    return FlowGraph(
      flows: compiled, screens: screens, tasks: tasks, types: types,
      entry: entryID ?? (flows.count == 1 ? FlowID(0) : nil))
  }

  private func flowSpec(_ name: String) -> (Int, FlowSpec) {
    guard let index = flows.firstIndex(where: { $0.name == name }) else {
      fatalError("test graph: no flow \(name)")
    }
    return (index, flows[index])
  }

  private func taskIndex(_ name: String) -> Int {
    guard let index = tasks.firstIndex(where: { $0.name == name }) else {
      fatalError("test graph: no task \(name)")
    }
    return index
  }

  private func start(
    _ start: Start, in flow: FlowSpec, scope: Scope, screens: [String: [String: ScreenID]]
  ) -> FlowStart {
    switch start {
    case .screen(let name):
      let id = screens[flow.name]![name]!
      let params = flow.screens.first { $0.name == name }!.params
      return FlowStart(.screen(id), arguments: bind(params, [:], scope))
    case .run(let task, let outcomes):
      let index = taskIndex(task)
      let definition = tasks[index]
      let nested = definition.outcomes.map { outcome in
        var inner = scope
        inner.payload = outcome.payload
        return self.start(outcomes[outcome.name]!, in: flow, scope: inner, screens: screens)
      }
      return FlowStart(
        .run(TaskID(index), outcomes: nested), arguments: bind(definition.input, [:], scope))
    case .finish(let result):
      let (ref, payload) = resultRef(result, of: flow)
      return FlowStart(.finish(ref), arguments: bind(payload, [:], scope))
    }
  }

  private func resultRef(_ name: String, of flow: FlowSpec) -> (FlowResultRef, [Parameter]) {
    if name == "dismissed" { return (.dismissed, []) }
    guard let index = flow.results.firstIndex(where: { $0.name == name }) else {
      fatalError("test graph: flow \(flow.name) has no result \(name)")
    }
    return (.declared(index), flow.results[index].payload)
  }

  private func transition(
    _ t: T, in flow: FlowSpec, scope: Scope, screens: [String: [String: ScreenID]]
  ) -> Transition {
    func screen(_ name: String) -> (ScreenID, [Parameter]) {
      guard let id = screens[flow.name]?[name] else {
        fatalError("test graph: flow \(flow.name) has no screen \(name)")
      }
      return (id, flow.screens.first { $0.name == name }!.params)
    }
    switch t {
    case .push(let name, let with):
      let (id, params) = screen(name)
      return Transition(.push(id), arguments: bind(params, with, scope))
    case .present(let name, let with):
      let (id, params) = screen(name)
      return Transition(.present(id), arguments: bind(params, with, scope))
    case .replace(let name, let with):
      let (id, params) = screen(name)
      return Transition(.replace(id), arguments: bind(params, with, scope))
    case .root(let name, let with):
      let (id, params) = screen(name)
      return Transition(.root(id), arguments: bind(params, with, scope))
    case .popTo(let name):
      return Transition(.popTo(screen(name).0))
    case .pop: return Transition(.pop)
    case .popToRoot: return Transition(.popToRoot)
    case .dismiss: return Transition(.dismiss)
    case .stay: return Transition(.stay)
    case .finish(let result, let with):
      let (ref, payload) = resultRef(result, of: flow)
      return Transition(.finish(ref), arguments: bind(payload, with, scope))
    case .start(let name, let mode, let on, let with):
      let (index, child) = flowSpec(name)
      let results = child.results.map { result in
        var inner = scope
        inner.payload = result.payload
        return on[result.name].map { transition($0, in: flow, scope: inner, screens: screens) }
          ?? .stay
      }
      var dismissedScope = scope
      dismissedScope.payload = []
      let dismissed =
        on["dismissed"].map { transition($0, in: flow, scope: dismissedScope, screens: screens) }
        ?? .stay
      return Transition(
        .start(
          FlowID(index), mode: mode,
          handlers: Transition.ResultHandlers(results: results, dismissed: dismissed)),
        arguments: bind(child.input, with, scope))
    case .run(let task, let outcomes, let with):
      let index = taskIndex(task)
      let definition = tasks[index]
      let nested = definition.outcomes.map { outcome in
        var inner = scope
        inner.payload = outcome.payload
        return transition(outcomes[outcome.name] ?? .stay, in: flow, scope: inner, screens: screens)
      }
      return Transition(
        .run(TaskID(index), outcomes: TransitionList(nested)),
        arguments: bind(definition.input, with, scope))
    }
  }

  private func bind(_ params: [Parameter], _ with: [String: Arg], _ scope: Scope) -> [Argument] {
    func lookup(_ name: String) -> ArgumentSource? {
      if let index = scope.payload.firstIndex(where: { $0.name == name }) { return .payload(index) }
      if let index = scope.screen.firstIndex(where: { $0.name == name }) {
        return .screenParameter(index)
      }
      if let index = scope.input.firstIndex(where: { $0.name == name }) { return .flowInput(index) }
      return nil
    }
    var arguments: [Argument] = []
    for (index, param) in params.enumerated() {
      let source: ArgumentSource?
      switch with[param.name] {
      case .literal(let value): source = .literal(value)
      case .ref(let name): source = lookup(name)
      case nil: source = lookup(param.name)
      }
      if let source {
        arguments.append(Argument(parameter: index, source: source))
      } else if !param.type.isOptional {
        fatalError("test graph: nothing supplies \(param.name)")
      }
    }
    return arguments
  }
}

import FlowGraphCore
import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One runtime fuzz input: a graph that compiles (and validates without
/// structural errors) run through a sequence of events chosen by the bytes,
/// checking the runtime's guarantees after every step (SPEC §2.6).
///
/// The checks: a rejected event or start leaves the state and the effects as
/// they were, and so does a suspended step until it is resumed; after each
/// committed step the state keeps ``StateInvariants`` and the effects,
/// applied to an ``EffectMirror``, agree with it; the in-place and pure forms
/// of the engine give the same step, and so does the general path (the
/// oracle, ``FlowEngine/forcesGeneralPath``) for every event, whichever
/// path the engine takes it on; the events ``FlowEngine/possibleEvents(in:)``
/// lists are exactly those that can be taken; a finished run takes no event;
/// every state saves and restores (``RestorationChecks``).
struct RuntimeHarness {
  static let maximumSteps = 64
  /// Whether each committed step is printed (`FLOWGRAPH_FUZZ_TRACE=1` when
  /// replaying a finding).
  static let tracing = getenv("FLOWGRAPH_FUZZ_TRACE") != nil

  let graph: FlowGraph
  let clean: Bool
  let engine: FlowEngine
  /// The same engine with the general path forced: the oracle of the quick path.
  let general: FlowEngine
  let values: ValueMaker
  var source: ByteSource
  var state = FlowState()
  var mirror = EffectMirror()
  var step = 0

  /// Runs one input; returns what happened, for the replayer.
  @discardableResult
  static func run(_ bytes: [UInt8]) -> String {
    let input = RuntimeInput(bytes)
    guard let (graph, clean) = input.graph() else { return "not run: no runnable graph" }
    var harness = RuntimeHarness(graph: graph, clean: clean, choices: input.choices)
    harness.run()
    let ending =
      if let finish = harness.state.finish {
        "finished with '\(graph.flows[finish.flow.index].name(of: finish.result))'"
      } else {
        "on \(harness.state.layerNames(in: graph))"
      }
    return "\(clean ? "clean" : "graph-rule findings"), \(harness.step) steps, \(ending)"
  }

  init(graph: FlowGraph, clean: Bool, choices: [UInt8]) {
    self.graph = graph
    self.clean = clean
    var engine = FlowEngine(graph: graph)
    engine.maximumTransitionsPerStep = 2_000
    self.engine = engine
    engine.forcesGeneralPath = true
    self.general = engine
    self.values = ValueMaker(graph: graph)
    self.source = ByteSource(choices)
  }

  /// What a violation message starts with.
  func context(_ event: String) -> String {
    "step \(step) ('\(event)')\(clean ? "" : " of a graph with graph-rule findings")"
  }

  mutating func run() {
    guard let flow = graph.entry ?? (graph.flows.count == 1 ? FlowID(0) : nil) else { return }
    guard start(flow) else { return }
    while step < Self.maximumSteps, !source.isExhausted {
      step += 1
      if state.finish != nil {
        checkFinishedRunRefuses()
        return
      }
      takeEvent()
    }
  }

  // MARK: Start

  /// Starts the run, first sometimes with a suspect input (which must be
  /// refused without a change, or accepted when it fits).
  mutating func start(_ flow: FlowID) -> Bool {
    let params = graph.flows[flow.index].input
    if source.chance(25) {
      let suspect = values.suspectArguments(for: params, &source)
      var probe = FlowState()
      var effects: [Effect] = []
      do {
        _ = try engine.start(flow, input: suspect, state: &probe, effects: &effects)
        FuzzCheck.require(
          values.fits(suspect, params), "start: a mistyped input was accepted: \(suspect)")
      } catch {
        FuzzCheck.require(
          probe == FlowState() && effects.isEmpty, "start: refused (\(error)) but changed the state"
        )
      }
    }
    let input = values.arguments(for: params, &source)
    var next = state
    var effects: [Effect] = []
    let suspension: Suspension?
    do {
      suspension = try engine.start(flow, input: input, state: &next, effects: &effects)
    } catch {
      // A start that loops past the budget is refused as a whole.
      FuzzCheck.require(
        next == state && effects.isEmpty, "start: refused (\(error)) but changed the state")
      return false
    }
    if let suspension {
      FuzzCheck.require(
        next == state && effects.isEmpty, "start: suspended but changed the state")
      guard let step = resolve(suspension, "start") else { return false }
      commit(step.state, step.effects, "start")
    } else {
      commit(next, effects, "start")
    }
    return true
  }

  // MARK: Events

  /// Chooses an event (mostly a possible one), applies it, and checks the outcome.
  mutating func takeEvent() {
    let possible = engine.possibleEvents(in: state)
    let choice = source.pick(10)
    let event: FlowEvent
    var wellTyped = true
    var params: [Parameter] = []
    if choice < 6, !possible.isEmpty {
      let chosen = possible[source.pick(possible.count)]
      params = chosen.params
      switch chosen.kind {
      case .action(let id):
        event =
          source.chance(50)
          ? .action(chosen.name, arguments: values.arguments(for: params, &source))
          : .resolved(id, payload: params.map { values.value(of: $0.type, &source) })
      case .back: event = .back
      case .dismiss: event = .dismiss
      case .tab: event = .tab(String(chosen.name.dropFirst("tab:".count)))
      }
    } else if choice == 6 {
      event = .back
    } else if choice == 7 {
      event = .dismiss
    } else if choice == 9, source.chance(40) {
      event = linkEvent()
    } else if let top = state.top, !graph.screens[top.screen.index].actions.isEmpty {
      let actions = graph.screens[top.screen.index].actions
      let action = actions[source.pick(actions.count)]
      params = Array(action.params)
      let arguments =
        choice == 8
        ? values.arguments(for: params, &source) : values.suspectArguments(for: params, &source)
      wellTyped = values.fits(arguments, params)
      event = .action(action.name, arguments: arguments)
    } else {
      // An action the current screen does not have (unless it has one by
      // that very name, when the event is simply taken or refused).
      let name = "noSuchAction"
      event = .action(name, arguments: [:])
      wellTyped =
        state.top.map { top in graph.screens[top.screen.index].actions.contains { $0.name == name }
        }
        ?? false
    }
    apply(event, listed: isListed(event, in: possible), wellTyped: wellTyped)
  }

  /// Whether `possibleEvents` lists the event.
  func isListed(_ event: FlowEvent, in possible: [PossibleEvent]) -> Bool {
    switch event {
    case .back: return possible.contains { $0.kind == .back }
    case .dismiss: return possible.contains { $0.kind == .dismiss }
    case .tab(let name): return possible.contains { $0.name == "tab:\(name)" }
    case .resolved(let id, _): return possible.contains { $0.kind == .action(id) }
    case .action(let name, _):
      return possible.contains { $0.name == name && $0.kind != .back && $0.kind != .dismiss }
    // Deep-link events are never listed; whether they are possible is the
    // engine's to say (the general path's answer is the oracle).
    case .open, .cancelPendingLink: return true
    }
  }

  /// `open:URL` with a URL made from a deep-link pattern of the graph (its
  /// `{name}`s filled with plausible or hostile text, a query sometimes), a
  /// malformed URL, or `cancelPendingLink`.
  mutating func linkEvent() -> FlowEvent {
    if source.chance(15) { return .cancelPendingLink }
    let patterns = graph.screens.compactMap(\.deeplink)
    let fillers = ["1", "42", "-3", "x", "a%20b", "%zz", "%C3%A9", "true", "", "2024-05-01", "a+b"]
    var path = patterns.isEmpty ? "/" : patterns[source.pick(patterns.count)]
    while let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") {
      path.replaceSubrange(open...close, with: fillers[source.pick(fillers.count)])
    }
    let prefixes = ["", "myapp:/", "https://example.com", "myapp://", "HTTP://h"]
    var url = prefixes[source.pick(prefixes.count)] + path
    if url.hasPrefix("myapp:///") { url = "myapp://" + url.dropFirst("myapp://".count + 1) }
    if source.chance(30) { url += "?" + ["q=1", "flag", "a=%", "x=1&x=2", "=&&"][source.pick(5)] }
    if source.chance(10) {
      url = ["", "::", "%", "nothing", "/" + String(repeating: "/", count: 3)][source.pick(5)]
    }
    return .open(url)
  }

  mutating func apply(_ event: FlowEvent, listed: Bool, wellTyped: Bool) {
    let name = graph.describe(event)
    let before = state
    var effects: [Effect] = []
    let pure = Result { () throws(RuntimeError) in try engine.step(before, event) }
    let oracle = Result { () throws(RuntimeError) in try general.step(before, event) }
    let suspension: Suspension?
    do {
      suspension = try engine.apply(event, to: &state, effects: &effects)
    } catch {
      FuzzCheck.require(
        state == before && effects.isEmpty,
        "\(context(name)): refused (\(error)) but changed the state or gave effects")
      if case .failure(let expected) = oracle {
        FuzzCheck.require(
          "\(expected)" == "\(error)",
          "\(context(name)): refused (\(error)), the general path refuses with \(expected)")
      } else {
        FuzzCheck.fail("\(context(name)): refused (\(error)), the general path takes it")
      }
      if case .success = pure {
        FuzzCheck.fail("\(context(name)): the pure step accepts what the in-place one refuses")
      }
      if listed, wellTyped, error.code == .notPossible, !event.isLinkEvent {
        FuzzCheck.fail("\(context(name)): listed as possible, refused as not possible: \(error)")
      }
      return
    }
    if wellTyped, !listed {
      FuzzCheck.fail("\(context(name)): taken, but possibleEvents did not list it")
    }
    FuzzCheck.require(wellTyped, "\(context(name)): a mistyped or unknown event was accepted")
    if let suspension {
      FuzzCheck.require(
        state == before && effects.isEmpty,
        "\(context(name)): suspended but changed the state or gave effects")
      if case .success(.suspended(let expected)) = oracle {
        FuzzCheck.require(
          expected.task == suspension.task && expected.input == suspension.input,
          "\(context(name)): the general path suspends at another task or input")
      } else {
        FuzzCheck.fail("\(context(name)): suspended, the general path does not")
      }
      guard let step = resolve(suspension, name) else { return }
      commit(step.state, step.effects, name)
      return
    }
    switch pure {
    case .success(.completed(let step)):
      FuzzCheck.require(
        step.state == state && step.effects == effects,
        "\(context(name)): the pure and in-place steps differ")
    case .success(.suspended):
      FuzzCheck.fail("\(context(name)): the pure step suspends, the in-place one completes")
    case .failure(let error):
      FuzzCheck.fail(
        "\(context(name)): the pure step refuses (\(error)), the in-place one completes")
    }
    if case .success(.completed(let expected)) = oracle {
      FuzzCheck.require(
        expected.state == state && expected.effects == effects,
        "\(context(name)): the general path gives another state or other effects")
    } else {
      FuzzCheck.fail("\(context(name)): completed, the general path does not")
    }
    commit(state, effects, name)
  }

  // MARK: Tasks

  /// Runs a suspended step to its end with outcomes chosen by the bytes
  /// (sometimes first a wrong outcome or payload, which must be refused);
  /// `nil` when the step is refused as a whole.
  mutating func resolve(_ first: Suspension, _ event: String) -> Step? {
    var suspension = first
    for _ in 0..<32 {
      let task = graph.tasks[suspension.task.index]
      if source.chance(20) {
        let wrong = source.chance(50) ? "noSuchOutcome" : task.outcomes[0].name
        let payload = values.suspectArguments(for: task.outcomes[0].payload, &source)
        if let result = try? engine.resume(suspension, outcome: wrong, payload: payload) {
          FuzzCheck.require(
            wrong != "noSuchOutcome" && values.fits(payload, task.outcomes[0].payload),
            "\(context(event)): resume accepted a wrong outcome or payload")
          _ = result
        }
      }
      let index = source.pick(task.outcomes.count)
      let outcome = task.outcomes[index]
      let payload = values.arguments(for: outcome.payload, &source)
      let result: StepResult
      do {
        result = try engine.resume(suspension, outcome: outcome.name, payload: payload)
      } catch {
        // A declared outcome whose transition (or the parent's handler of a
        // child it ends) is not possible in this run refuses the whole step
        // (SPEC §2.6 atomicity, §3 "handlers are part of the step").
        if error.code == .invalidGraph || error.code == .notPossible { return nil }
        FuzzCheck.fail(
          "\(context(event)): resume refused a declared outcome with a fitting payload: \(error)")
      }
      switch result {
      case .completed(let step): return step
      case .suspended(let next): suspension = next
      }
    }
    return nil
  }

  // MARK: Checks

  /// Commits a step's state and effects after checking them.
  mutating func commit(_ next: FlowState, _ effects: [Effect], _ event: String) {
    let place = context(event)
    if Self.tracing {
      FuzzCheck.printError(
        "\(place): \(effects.count) effects, then \(next.layerNames(in: graph)); flows "
          + "\(next.flows.map { "\($0.id)=\(graph.flows[$0.flow.index].name)" })")
    }
    mirror.apply(effects, place)
    state = next
    StateInvariants.check(state, graph: graph, place)
    mirror.check(against: state, place)
    RestorationChecks.check(state, graph: graph, &source, place)
  }

  /// Once the run has finished, every event is refused with `finished`.
  mutating func checkFinishedRunRefuses() {
    FuzzCheck.require(
      engine.possibleEvents(in: state).isEmpty, "a finished run lists possible events")
    for event in [FlowEvent.back, .dismiss, .action("anything")] {
      var probe = state
      var effects: [Effect] = []
      do {
        _ = try engine.apply(event, to: &probe, effects: &effects)
        FuzzCheck.fail("a finished run took '\(event)'")
      } catch {
        FuzzCheck.require(probe == state && effects.isEmpty, "a finished run changed on '\(event)'")
      }
    }
  }
}

extension FlowEvent {
  /// `open` and `cancelPendingLink`, which `possibleEvents` never lists.
  fileprivate var isLinkEvent: Bool {
    switch self {
    case .open, .cancelPendingLink: true
    default: false
    }
  }
}

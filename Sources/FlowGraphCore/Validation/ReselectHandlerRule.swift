/// `missing-argument` and `type-mismatch` for a handler that a tab re-select
/// runs on another screen than the one its arguments were bound on (SPEC
/// §6.1): re-selecting the selected tab pops its stack to the tab's first
/// screen, and a push-mode child that a screen above it started ends with
/// `dismissed`; the tab flow's `dismissed` handler then runs with the first
/// screen current. The runtime reads each screen param of its arguments by
/// name there, then in the flow's input (``FlowEngine``); a required param
/// that neither has, or has with another type, refuses the re-select. The
/// compiler bound the handler where its `start` is written, so this rule
/// judges it on each first screen the tab flow can have, at the argument (or
/// at the handler's key when the argument is implicit).
struct ReselectHandlerRule {
  let graph: FlowGraph

  func diagnostics() -> [Diagnostic] {
    var findings: [Diagnostic] = []
    var judged: Set<FlowID> = []
    for screen in graph.screens {
      for tab in screen.tabBar?.tabs ?? [] where judged.insert(tab.flow).inserted {
        findings += judge(tab.flow, tab: tab.name)
      }
    }
    return findings
  }

  /// The findings of tab flow `flow`'s push-mode starts on screens above its
  /// first ones.
  private func judge(_ flow: FlowID, tab: String) -> [Diagnostic] {
    let definition = graph.flows[flow.index]
    var firsts: [ScreenID] = []
    Self.collectFirstScreens(of: definition.start, into: &firsts)
    guard !firsts.isEmpty else { return [] }
    var findings: [Diagnostic] = []
    for id in definition.screens {
      let screen = graph.screens[id.index]
      var transitions = screen.actions.map(\.transition)
      if case .custom(let back) = screen.back { transitions.append(back) }
      for transition in transitions {
        forEachPushStart(in: transition) { start, dismissed in
          // The screen its handlers take their params from.
          guard let scope = start.handlerScreen(after: id) else { return }
          for first in firsts where first != scope {
            findings += judge(dismissed, boundOn: scope, runningOn: first, in: flow, tab: tab)
          }
        }
      }
    }
    return findings
  }

  /// The screens a flow's start can show first (through its start task's
  /// outcomes).
  private static func collectFirstScreens(of start: FlowStart, into screens: inout [ScreenID]) {
    switch start.kind {
    case .screen(let id): if !screens.contains(id) { screens.append(id) }
    case .run(_, let outcomes):
      for outcome in outcomes { collectFirstScreens(of: outcome, into: &screens) }
    case .finish, .invalid: break
    }
  }

  /// Each push-mode `start` that `transition` takes on its screen (itself,
  /// or in the outcomes of its tasks), with its `dismissed` handler.
  private func forEachPushStart(
    in transition: Transition, _ body: (Transition, Transition) -> Void
  ) {
    switch transition.kind {
    case .start(_, .push, let handlers): body(transition, handlers.dismissed)
    case .run(_, let outcomes):
      for outcome in outcomes { forEachPushStart(in: outcome, body) }
    default: break
    }
  }

  /// The findings of `handler` (and the outcomes of its tasks), bound on
  /// `scope` and run on `first`.
  private func judge(
    _ handler: Transition, boundOn scope: ScreenID, runningOn first: ScreenID, in flow: FlowID,
    tab: String
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let targets = targetParameters(of: handler, in: flow)
    for argument in handler.arguments {
      guard case .screenParameter(let index) = argument.source,
        index < graph.screens[scope.index].params.count,
        argument.parameter < targets.count
      else { continue }
      let source = graph.screens[scope.index].params[index]
      let filled = targets[argument.parameter]
      let found =
        graph.screens[first.index].params.first { $0.name == source.name }
        ?? graph.flows[flow.index].input.first { $0.name == source.name }
      let firstName = graph.screens[first.index].name
      let why =
        "a re-select of tab '\(tab)' ends the child with 'dismissed' while screen '\(firstName)' is the current one, and this handler runs there (SPEC §6.1)"
      guard let found else {
        guard !filled.mayBeOmitted else { continue }
        findings.append(
          Diagnostic(
            .missingArgument,
            "\(describe(handler, in: flow)) needs '\(filled.name)', which this handler takes from '\(source.name)' of screen '\(graph.screens[scope.index].name)'; screen '\(firstName)' has no param '\(source.name)', nor has the input of flow '\(graph.flows[flow.index].name)'",
            at: graph.range(argument.span ?? handler.span),
            notes: [
              Diagnostic.Note(why),
              .help(
                "give '\(firstName)' a param '\(source.name)', make '\(filled.name)' optional or give it a default, or handle 'dismissed' without it"
              ),
            ]))
        continue
      }
      if !Self.fits(found.type, filled.type) {
        findings.append(
          Diagnostic(
            .typeMismatch,
            "'\(source.name)' of screen '\(firstName)' is \(graph.describe(found.type)), but \(describe(handler, in: flow)) needs '\(filled.name)' as \(graph.describe(filled.type))",
            at: graph.range(argument.span ?? handler.span),
            notes: [Diagnostic.Note(why)]))
      }
    }
    if case .run(_, let outcomes) = handler.kind {
      for outcome in outcomes {
        findings += judge(outcome, boundOn: scope, runningOn: first, in: flow, tab: tab)
      }
    }
    return findings
  }

  /// Whether a value of type `source` fills a param of type `target`
  /// (SPEC §2.5: the same type, or `T` into `T?`).
  private static func fits(_ source: ValueType, _ target: ValueType) -> Bool {
    source == target || (target.isOptional && source == target.nonOptional)
  }

  /// The params a transition's arguments fill.
  private func targetParameters(of transition: Transition, in flow: FlowID) -> [Parameter] {
    switch transition.kind {
    case .push(let id), .present(let id), .replace(let id), .root(let id):
      Array(graph.screens[id.index].params)
    case .start(let child, _, _): Array(graph.flows[child.index].input)
    case .run(let task, _): Array(graph.tasks[task.index].input)
    case .finish(let result): Array(graph.flows[flow.index].payload(of: result))
    default: []
    }
  }

  /// What a transition's arguments fill, for a message.
  private func describe(_ transition: Transition, in flow: FlowID) -> String {
    switch transition.kind {
    case .push(let id), .present(let id), .replace(let id), .root(let id):
      "screen '\(graph.screens[id.index].name)'"
    case .start(let child, _, _): "the input of flow '\(graph.flows[child.index].name)'"
    case .run(let task, _): "the input of task '\(graph.tasks[task.index].name)'"
    case .finish: "the result of flow '\(graph.flows[flow.index].name)'"
    default: "the transition"
    }
  }
}

import FlowGraphCore

extension GraphCompiler {
  /// Compiles a transition in `flow`, with arguments taken from `scope`,
  /// into its slot of `tables` (``GraphTableWriter/reserveTransition()``),
  /// or appended to them when `slot` is `nil`, and returns its index: the
  /// transitions it nests go to a block reserved after it, then its
  /// arguments, in the order every writer of the tables keeps.
  @discardableResult
  mutating func compileTransition(
    _ syntax: TransitionSyntax, flow: FlowSignature, scope: Scope, into slot: Int?,
    of tables: inout GraphTableWriter
  ) -> Int {
    switch syntax.kind {
    case .invalid:
      return tables.setTransition(slot, .invalid, span: spans(syntax.range))
    case .keyword(let keyword):
      let head: TransitionHead =
        switch keyword {
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .dismiss: .dismiss
        case .stay: .stay
        }
      return tables.setTransition(slot, head, span: spans(syntax.range))
    case .screen(let verb, let name):
      guard let screen = referenceScreen(named: name, in: flow) else {
        referencePopTarget(of: syntax, in: flow)
        reportUndefinedScreen(name, in: flow, verb: verb)
        return tables.setTransition(
          slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
      }
      let head: TransitionHead =
        switch verb {
        case .push: .push(screen)
        case .present: .present(screen)
        case .replace: .replace(screen)
        case .root: .root(screen)
        case .pop: .popTo(screen)
        }
      let arguments: [Argument] =
        verb == .pop
        ? []
        : bindArguments(
          to: screenParams[screen.index], of: "screen '\(name.text)'",
          targetIsIncomplete: screenIsIncomplete[screen.index], bindings: syntax.with,
          scope: scope, at: syntax.range, reportsMissing: !syntax.hasUnknownKeys)
      guard let popTo = resolvePopTarget(syntax, in: flow) else {
        return tables.setTransition(
          slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
      }
      let argumentRange = tables.appendArguments(arguments)
      return tables.setTransition(
        slot, head, arguments: argumentRange, span: spans(syntax.range),
        targetSpan: spans(name.range), popTo: popTo.target)
    case .finish(let name):
      guard let result = resolveResult(name, of: flow) else {
        return tables.setTransition(
          slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
      }
      let arguments = bindArguments(
        to: payload(of: result, in: flow), of: "result '\(name.text)'", bindings: syntax.with,
        scope: scope, at: syntax.range, reportsMissing: !syntax.hasUnknownKeys)
      let argumentRange = tables.appendArguments(arguments)
      return tables.setTransition(
        slot, .finish(result), arguments: argumentRange, span: spans(syntax.range),
        targetSpan: spans(name.range))
    case .start(let name, let mode, let handlers):
      return compileStartTransition(
        syntax, name: name, mode: mode, handlers: handlers, flow: flow, scope: scope, into: slot,
        of: &tables)
    case .run(let name, let handlers):
      return compileRunTransition(
        syntax, name: name, handlers: handlers, flow: flow, scope: scope, into: slot, of: &tables)
    case .select(let name):
      // Whether the tab exists depends on the tabs screens the flow runs in:
      // checked once the graph is built (``checkSelectTargets(in:)``).
      return tables.setTransition(
        slot, .select(name.text), span: spans(syntax.range), targetSpan: spans(name.range))
    }
  }

  private mutating func compileStartTransition(
    _ syntax: TransitionSyntax, name: SyntaxName, mode: Transition.StartMode,
    handlers: [HandlerSyntax], flow: FlowSignature, scope: Scope, into slot: Int?,
    of tables: inout GraphTableWriter
  ) -> Int {
    guard let childID = flowID(named: name) else {
      referencePopTarget(of: syntax, in: flow)
      if !namesMayBeMissing {
        let suggestion = reportUndefined(
          "undefined flow '\(name.text)'", name, candidates: flowIDs.keys)
        noteDanglingStart(suggestion)
        if suggestion == nil { undefinedFlowNames.append((name, flow.name)) }
      }
      return tables.setTransition(
        slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
    }
    let child = flows[childID.index]
    let arguments = bindArguments(
      to: child.input, of: "flow '\(child.name)'", targetIsIncomplete: child.isIncomplete,
      bindings: syntax.with, scope: scope, at: syntax.range,
      reportsMissing: !syntax.hasUnknownKeys)
    var handlerScope = scope
    handlerScope.action = []
    handlerScope.actionEntry = SyntaxName.noEntry
    // A handler runs on its flow's top screen (SPEC §2.6): after `popTo: X`
    // that is X, after `popTo: X` with `inclusive` the screen below X, which
    // differs from run to run (``Transition/PopTarget/handlerScreen``).
    if let popTo = syntax.popTo, let target = screenID(named: popTo.name, in: flow) {
      handlerScope.poppedTo = (popTo.name.text, popTo.inclusive)
      if popTo.inclusive {
        handlerScope.screen = []
        handlerScope.screenID = nil
      } else {
        handlerScope.screen = screenParams[target.index]
        handlerScope.screenID = target
        handlerScope.fieldsMayBeMissing = flow.isIncomplete || screenIsIncomplete[target.index]
      }
    }
    // Its slot comes before its handlers'.
    let slot = slot ?? tables.reserveTransition()
    var nested = TableRange.empty
    if popTargetResolves(syntax, in: flow) {
      nested = compileResultHandlers(
        handlers, of: child, at: syntax, flow: flow, scope: handlerScope, into: &tables)
    } else {
      // The transition does not compile (its `popTo` is reported below):
      // its handlers are compiled for their findings only, into tables that
      // are dropped, so that the graph's hold no record of theirs.
      var dropped = GraphTableWriter()
      _ = compileResultHandlers(
        handlers, of: child, at: syntax, flow: flow, scope: handlerScope, into: &dropped)
    }
    guard let popTo = resolvePopTarget(syntax, in: flow) else {
      return tables.setTransition(
        slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
    }
    let argumentRange = tables.appendArguments(arguments)
    return tables.setTransition(
      slot, .start(childID, mode: mode), arguments: argumentRange, nested: nested,
      span: spans(syntax.range), targetSpan: spans(name.range), popTo: popTo.target)
  }

  /// Compiles a `start`'s handlers into a block it reserves in `tables`
  /// and returns: the handler of each of the `child`'s results, in their
  /// order, then the handler of `dismissed` (`stay` when none is written).
  /// Reports the handlers of no result and the results no handler names.
  private mutating func compileResultHandlers(
    _ handlers: [HandlerSyntax], of child: FlowSignature, at syntax: TransitionSyntax,
    flow: FlowSignature, scope handlerScope: Scope, into tables: inout GraphTableWriter
  ) -> TableRange {
    let block = tables.reserveTransitionRange(child.results.count + 1)
    let dismissedSlot = block.index(child.results.count)
    var (missing, matched) = compileHandlers(
      of: child.results, handlers, trigger: Scope.Trigger.result, flow: flow, scope: handlerScope,
      at: syntax.range, into: block, of: &tables)
    tables.setTransition(dismissedSlot, .stay, span: nil)
    if matched < handlers.count {
      // The handlers are a mapping's keys, each once: at most one is
      // `dismissed`, so its slot is written once.
      for handler in handlers
      where NamedPayload.position(of: handler.name, in: child.results) == nil {
        if handler.name.text == NameRules.dismissed {
          var dismissedScope = handlerScope.with(payload: [], trigger: .result(NameRules.dismissed))
          dismissedScope.inResultHandler = true
          compileTransition(
            handler.transition, flow: flow, scope: dismissedScope, into: dismissedSlot,
            of: &tables)
        } else if !child.isIncomplete {
          // A result that has a handler already is not suggested.
          let suggestion = reportUndefined(
            "flow '\(child.name)' has no result '\(handler.name.text)'", handler.name,
            candidates: (child.results.map(\.name) + [NameRules.dismissed]).filter { name in
              !handlers.contains { $0.name.text == name }
            })
          // A misspelled handler is one mistake: the result it meant is
          // not reported as unhandled too.
          missing.removeAll { $0 == suggestion }
        }
      }
    }
    if !syntax.hasUnknownKeys {
      reportUnhandled(
        .unhandledResult, missing, "result", of: "flow '\(child.name)'", at: syntax.range,
        flow: child.name)
    }
    return block
  }

  /// Whether a transition's `popTo`, if it has one, names a screen of
  /// `flow` (looked up only: ``resolvePopTarget(_:in:)`` reports it).
  private func popTargetResolves(_ syntax: TransitionSyntax, in flow: FlowSignature) -> Bool {
    guard let popTo = syntax.popTo else { return true }
    return screenID(named: popTo.name, in: flow) != nil
  }

  /// The `popTo` of a transition resolved in `flow` (SPEC §6.3): `target`
  /// is `nil` when there is none; `nil` when it names no screen of the flow
  /// (reported), and the transition then did not compile.
  private mutating func resolvePopTarget(_ syntax: TransitionSyntax, in flow: FlowSignature)
    -> (target: Transition.PopTarget?, name: String?)?
  {
    guard let popTo = syntax.popTo else { return (nil, nil) }
    guard let screen = referenceScreen(named: popTo.name, in: flow) else {
      reportUndefinedScreen(popTo.name, in: flow, verb: .pop)
      return nil
    }
    return (Transition.PopTarget(screen: screen, inclusive: popTo.inclusive), popTo.name.text)
  }

  private mutating func compileRunTransition(
    _ syntax: TransitionSyntax, name: SyntaxName, handlers: [HandlerSyntax],
    flow: FlowSignature, scope: Scope, into slot: Int?, of tables: inout GraphTableWriter
  ) -> Int {
    guard let taskID = taskID(named: name) else {
      if !namesMayBeMissing {
        reportUndefined("undefined task '\(name.text)'", name, candidates: taskIDs.keys)
      }
      return tables.setTransition(
        slot, .invalid, span: spans(syntax.range), targetSpan: spans(name.range))
    }
    let task = tasks[taskID.index]
    let arguments = bindArguments(
      to: task.input, of: "task '\(task.name)'", targetIsIncomplete: task.isIncomplete,
      bindings: syntax.with, scope: scope, at: syntax.range,
      reportsMissing: !syntax.hasUnknownKeys)
    // An action's params stay in scope through its `run` chain (SPEC §6.3).
    var outcomeScope = scope
    (outcomeScope.action, outcomeScope.actionEntry) = scope.actionForOutcomes
    // Its slot comes before its outcomes'.
    let slot = slot ?? tables.reserveTransition()
    let block = tables.reserveTransitionRange(task.outcomes.count)
    var (missing, matched) = compileHandlers(
      of: task.outcomes, handlers, trigger: Scope.Trigger.outcome, flow: flow, scope: outcomeScope,
      at: syntax.range, into: block, of: &tables)
    if matched < handlers.count, !task.isIncomplete {
      for handler in handlers
      where NamedPayload.position(of: handler.name, in: task.outcomes) == nil {
        let suggestion = reportUndefined(
          "task '\(task.name)' has no outcome '\(handler.name.text)'", handler.name,
          candidates: task.outcomes.map(\.name).filter { name in
            !handlers.contains { $0.name.text == name }
          })
        missing.removeAll { $0 == suggestion }
      }
    }
    if !syntax.hasUnknownKeys {
      reportUnhandled(
        .unhandledOutcome, missing, "outcome", of: "task '\(task.name)'", at: syntax.range)
    }
    let argumentRange = tables.appendArguments(arguments)
    return tables.setTransition(
      slot, .run(taskID), arguments: argumentRange, nested: block, span: spans(syntax.range),
      targetSpan: spans(name.range))
  }

  /// Compiles the handler of each of `cases` (a child flow's results or a
  /// task's outcomes), in their order, into the slots `block` of `tables`
  /// (one per case): an `.invalid` transition at `range` and the case's name in
  /// `missing` where no handler names it; `matched` counts the handlers
  /// used. A linear search over the few handlers is cheaper than hashing
  /// their names, and every handler shares one scope updated in place (as
  /// `scope.with` would make it): the caller's, taken (a `run`'s outcome
  /// scope is not copied again).
  private mutating func compileHandlers(
    of cases: [NamedPayload], _ handlers: [HandlerSyntax], trigger: (String) -> Scope.Trigger,
    flow: FlowSignature, scope handlerScope: consuming Scope, at range: SyntaxRange,
    into block: TableRange, of tables: inout GraphTableWriter
  ) -> (missing: [String], matched: Int) {
    var missing: [String] = []
    var matched = 0
    handlerScope.payloadMayBeMissing = false
    for index in cases.indices {
      let name = cases[index].name
      guard let handler = handlers.firstIndex(where: { cases[index].isNamed($0.name) }) else {
        missing.append(name)
        tables.setTransition(block.index(index), .invalid, span: spans(range))
        continue
      }
      matched += 1
      handlerScope.payload = cases[index].fields
      handlerScope.trigger = trigger(name)
      if case .result = handlerScope.trigger { handlerScope.inResultHandler = true }
      compileTransition(
        handlers[handler].transition, flow: flow, scope: handlerScope,
        into: block.index(index), of: &tables)
    }
    return (missing, matched)
  }
}

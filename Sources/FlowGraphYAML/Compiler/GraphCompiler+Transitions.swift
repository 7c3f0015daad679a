import FlowGraphCore

extension GraphCompiler {
  /// Compiles a transition in `flow`, with arguments taken from `scope`.
  mutating func compileTransition(
    _ syntax: TransitionSyntax, flow: FlowSignature, scope: Scope
  ) -> Transition {
    switch syntax.kind {
    case .invalid:
      return Transition(.invalid, range: syntax.range)
    case .keyword(let keyword):
      let kind: Transition.Kind =
        switch keyword {
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .dismiss: .dismiss
        case .stay: .stay
        }
      return Transition(kind, range: syntax.range)
    case .screen(let verb, let name):
      guard let screen = flow.screenIDs[name.text] else {
        reportUndefinedScreen(name, in: flow)
        return Transition(.invalid, range: syntax.range, targetRange: name.range)
      }
      let kind: Transition.Kind =
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
      return Transition(kind, arguments: arguments, range: syntax.range, targetRange: name.range)
    case .finish(let name):
      guard let result = resolveResult(name, of: flow) else {
        return Transition(.invalid, range: syntax.range, targetRange: name.range)
      }
      let arguments = bindArguments(
        to: payload(of: result, in: flow), of: "result '\(name.text)'", bindings: syntax.with,
        scope: scope, at: syntax.range, reportsMissing: !syntax.hasUnknownKeys)
      return Transition(
        .finish(result), arguments: arguments, range: syntax.range, targetRange: name.range)
    case .start(let name, let mode, let handlers):
      return compileStartTransition(
        syntax, name: name, mode: mode, handlers: handlers, flow: flow, scope: scope)
    case .run(let name, let handlers):
      return compileRunTransition(syntax, name: name, handlers: handlers, flow: flow, scope: scope)
    }
  }

  private mutating func compileStartTransition(
    _ syntax: TransitionSyntax, name: SyntaxName, mode: Transition.StartMode,
    handlers: [HandlerSyntax], flow: FlowSignature, scope: Scope
  ) -> Transition {
    guard let childID = flowIDs[name.text] else {
      if !namesMayBeMissing {
        reportUndefined("undefined flow '\(name.text)'", name, candidates: flowIDs.keys)
      }
      return Transition(.invalid, range: syntax.range, targetRange: name.range)
    }
    let child = flows[childID.index]
    let arguments = bindArguments(
      to: child.input, of: "flow '\(child.name)'", targetIsIncomplete: child.isIncomplete,
      bindings: syntax.with, scope: scope, at: syntax.range,
      reportsMissing: !syntax.hasUnknownKeys)
    var results = [Transition?](repeating: nil, count: child.results.count)
    var dismissed = Transition.stay
    for handler in handlers {
      if handler.name.text == NameRules.dismissed {
        dismissed = compileTransition(
          handler.transition, flow: flow,
          scope: scope.with(payload: [], owner: "result 'dismissed'"))
        continue
      }
      guard let index = child.resultIndex[handler.name.text] else {
        guard !child.isIncomplete else { continue }
        reportUndefined(
          "flow '\(child.name)' has no result '\(handler.name.text)'", handler.name,
          candidates: child.results.map(\.name) + [NameRules.dismissed])
        continue
      }
      let result = child.results[index]
      results[index] = compileTransition(
        handler.transition, flow: flow,
        scope: scope.with(payload: result.fields, owner: "result '\(result.name)'"))
    }
    reportUnhandled(
      .unhandledResult,
      syntax.hasUnknownKeys
        ? [] : results.indices.filter { results[$0] == nil }.map { child.results[$0].name },
      "result", of: "flow '\(child.name)'", at: syntax.range)
    let handlersValue = Transition.ResultHandlers(
      results: results.map { $0 ?? Transition(.invalid, range: syntax.range) },
      dismissed: dismissed)
    return Transition(
      .start(childID, mode: mode, handlers: handlersValue), arguments: arguments,
      range: syntax.range, targetRange: name.range)
  }

  private mutating func compileRunTransition(
    _ syntax: TransitionSyntax, name: SyntaxName, handlers: [HandlerSyntax],
    flow: FlowSignature, scope: Scope
  ) -> Transition {
    guard let taskID = taskIDs[name.text] else {
      if !namesMayBeMissing {
        reportUndefined("undefined task '\(name.text)'", name, candidates: taskIDs.keys)
      }
      return Transition(.invalid, range: syntax.range, targetRange: name.range)
    }
    let task = tasks[taskID.index]
    let arguments = bindArguments(
      to: task.input, of: "task '\(task.name)'", targetIsIncomplete: task.isIncomplete,
      bindings: syntax.with, scope: scope, at: syntax.range,
      reportsMissing: !syntax.hasUnknownKeys)
    var outcomes = [Transition?](repeating: nil, count: task.outcomes.count)
    for handler in handlers {
      guard let index = task.outcomeIndex[handler.name.text] else {
        guard !task.isIncomplete else { continue }
        reportUndefined(
          "task '\(task.name)' has no outcome '\(handler.name.text)'", handler.name,
          candidates: task.outcomes.map(\.name))
        continue
      }
      let outcome = task.outcomes[index]
      outcomes[index] = compileTransition(
        handler.transition, flow: flow,
        scope: scope.with(payload: outcome.fields, owner: "outcome '\(outcome.name)'"))
    }
    reportUnhandled(
      .unhandledOutcome,
      syntax.hasUnknownKeys
        ? [] : outcomes.indices.filter { outcomes[$0] == nil }.map { task.outcomes[$0].name },
      "outcome", of: "task '\(task.name)'", at: syntax.range)
    return Transition(
      .run(taskID, outcomes: outcomes.map { $0 ?? Transition(.invalid, range: syntax.range) }),
      arguments: arguments, range: syntax.range, targetRange: name.range)
  }
}

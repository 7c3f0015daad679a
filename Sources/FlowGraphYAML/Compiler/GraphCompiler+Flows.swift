import FlowGraphCore

extension GraphCompiler {
  /// Compiles one flow: its start, and its screens (`screenSyntax`, the
  /// flow's own, which it consumes), written to `screens`.
  mutating func compileFlow(
    _ syntax: FlowSyntax, screens screenSyntax: consuming [ScreenSyntax], id: FlowID,
    into screens: inout GraphTableWriter
  ) -> Flow {
    let signature = flows[id.index]
    activateScreens(of: signature)
    var baseScope = Scope(input: signature.input, flowID: id)
    baseScope.fieldsMayBeMissing = signature.isIncomplete
    let start: FlowStart
    if let startSyntax = syntax.start {
      start = compileStart(startSyntax, flow: signature, scope: baseScope)
    } else {
      start = FlowStart(.invalid, span: spans(syntax.name.range))
    }
    var screenIDs: [ScreenID] = []
    let screenCount = screenSyntax.count
    screenIDs.reserveCapacity(screenCount)
    // Each screen's syntax is moved out of the list, in order (reversed in
    // place, then taken from the end), and freed once compiled: no copy of
    // it (the buffer's `swapAt` moves where the array's would copy).
    screenSyntax.withUnsafeMutableBufferPointer { $0.reverse() }
    // The flow's screens are in its file: one decoder for them all.
    var decoder = decoder(for: syntax.name.range)
    decoder.flowScreens = screenNames[signature.screens]
    for offset in 0..<screenCount {
      let screenID = ScreenID(signature.firstScreen + offset)
      screenIDs.append(screenID)
      compileScreen(
        screenSyntax.removeLast(), id: screenID, flowID: id, flow: signature, decoder: decoder,
        into: &screens)
    }
    let flow = Flow(
      name: signature.name, description: syntax.description,
      input: signature.input.map { $0.parameter(spans) },
      results: signature.results.map { result in
        ResultDefinition(
          name: result.name, payload: result.fields.map { $0.parameter(spans) },
          span: spans(result.range))
      },
      start: start, screens: screenIDs, span: spans(syntax.name.range),
      extentSpan: spans(syntax.extent))
    return flow
  }

  /// Compiles a flow's `start` (or one of its start task's outcomes).
  mutating func compileStart(_ syntax: StartSyntax, flow: FlowSignature, scope: Scope) -> FlowStart
  {
    switch syntax.kind {
    case .invalid:
      return FlowStart(.invalid, span: spans(syntax.range))
    case .screen(let name):
      guard let screen = referenceScreen(named: name, in: flow) else {
        reportUndefinedScreen(name, in: flow, verb: nil)
        return FlowStart(.invalid, span: spans(syntax.range))
      }
      let arguments = bindArguments(
        to: screenParams[screen.index], of: "screen '\(name.text)'",
        targetIsIncomplete: screenIsIncomplete[screen.index], bindings: syntax.with,
        scope: scope, at: syntax.range, reportsMissing: !syntax.hasUnknownKeys)
      return FlowStart(.screen(screen), arguments: arguments, span: spans(syntax.range))
    case .finish(let name):
      guard let result = resolveResult(name, of: flow) else {
        return FlowStart(.invalid, span: spans(syntax.range))
      }
      let arguments = bindArguments(
        to: payload(of: result, in: flow), of: "result '\(name.text)'", bindings: syntax.with,
        scope: scope, at: syntax.range, reportsMissing: !syntax.hasUnknownKeys)
      return FlowStart(.finish(result), arguments: arguments, span: spans(syntax.range))
    case .run(let name, let handlers):
      guard let taskID = taskID(named: name) else {
        if !namesMayBeMissing {
          reportUndefined("undefined task '\(name.text)'", name, candidates: tasks.map(\.name))
        }
        return FlowStart(.invalid, span: spans(syntax.range))
      }
      let task = tasks[taskID.index]
      let arguments = bindArguments(
        to: task.input, of: "task '\(task.name)'", targetIsIncomplete: task.isIncomplete,
        bindings: syntax.with, scope: scope, at: syntax.range,
        reportsMissing: !syntax.hasUnknownKeys)
      var outcomes = [FlowStart?](repeating: nil, count: task.outcomes.count)
      // Outcomes a misspelled handler meant: not reported as unhandled too.
      var meant: [String] = []
      for handler in handlers {
        guard let index = NamedPayload.position(of: handler.name, in: task.outcomes) else {
          guard !task.isIncomplete else { continue }
          if let suggestion = reportUndefined(
            "task '\(task.name)' has no outcome '\(handler.name.text)'", handler.name,
            candidates: task.outcomes.map(\.name).filter { name in
              !handlers.contains { $0.name.text == name }
            })
          {
            meant.append(suggestion)
          }
          continue
        }
        let outcome = task.outcomes[index]
        outcomes[index] = compileStart(
          handler.start, flow: flow,
          scope: scope.with(payload: outcome.fields, trigger: .outcome(outcome.name)))
      }
      if !syntax.hasUnknownKeys, outcomes.contains(where: { $0 == nil }) {
        reportUnhandled(
          .unhandledOutcome,
          outcomes.indices.filter { outcomes[$0] == nil }.map { task.outcomes[$0].name }
            .filter { !meant.contains($0) },
          "outcome", of: "task '\(task.name)'", at: syntax.range)
      }
      return FlowStart(
        .run(
          taskID, outcomes: outcomes.map { $0 ?? FlowStart(.invalid, span: spans(syntax.range)) }),
        arguments: arguments, span: spans(syntax.range))
    }
  }

  /// Resolves `finish: R` in `flow`: a declared result or `dismissed`.
  mutating func resolveResult(_ name: SyntaxName, of flow: FlowSignature) -> FlowResultRef? {
    if name.text == NameRules.dismissed { return .dismissed }
    if let index = NamedPayload.position(of: name, in: flow.results) { return .declared(index) }
    guard !flow.isIncomplete else { return nil }
    reportUndefined(
      "flow '\(flow.name)' has no result '\(name.text)'", name,
      candidates: flow.results.map(\.name) + [NameRules.dismissed])
    return nil
  }

  /// Reports an undefined screen of `flow` (unless a misspelled key may hold
  /// it), named by a transition's `verb` (`pop` for `pop: S` and `popTo`;
  /// `nil` for the flow's `start`).
  mutating func reportUndefinedScreen(
    _ name: SyntaxName, in flow: FlowSignature, verb: TransitionSyntax.ScreenVerb?
  ) {
    guard !flow.isIncomplete else { return }
    undefinedScreens.append((name, flow.name, verb))
    let candidates = screenNames[flow.firstScreen..<flow.firstScreen + flow.distinctScreenNames]
    if let suggestion = reportUndefined(
      "undefined screen '\(name.text)' in flow '\(flow.name)'", name, candidates: candidates),
      let screen = candidates.firstIndex(of: suggestion)
    {
      screenSuggestions.append((name, screen))
    }
  }

  /// The payload fields of one of `flow`'s results.
  func payload(of result: FlowResultRef, in flow: FlowSignature) -> [Field] {
    switch result {
    case .dismissed: []
    case .declared(let index): flow.results[index].fields
    }
  }

  /// Reports `unhandled-result` or `unhandled-outcome` naming every missing
  /// one. For results, `flow` is the flow that declares them (kept in
  /// ``unhandledResults``).
  mutating func reportUnhandled(
    _ rule: RuleID, _ missing: [String], _ what: String, of owner: @autoclosure () -> String,
    at range: SyntaxRange, flow: String? = nil, notes: [Diagnostic.Note] = []
  ) {
    guard !missing.isEmpty else { return }
    if let flow {
      unhandledResults.append(
        UnhandledResults(range: sourceRange(range), flow: flow, results: missing))
    }
    let list = missing.map { "'\($0)'" }.joined(separator: ", ")
    let key = rule == .unhandledOutcome ? "outcomes" : "on"
    if missing.count == 1 {
      report(
        rule, "\(what) \(list) of \(owner()) is not handled: add it under '\(key)'", at: range,
        notes: notes)
    } else {
      report(
        rule, "\(what)s \(list) of \(owner()) are not handled: add them under '\(key)'", at: range,
        notes: notes)
    }
  }
}

import FlowGraphCore

extension GraphCompiler {
  /// Binds the params of a transition's target (SPEC §2.5): each from its
  /// `with` entry (a literal or `$name`), or else implicitly by the same name
  /// from `scope`. Reports `unknown-argument`, `undefined-reference` (a `$name`
  /// nothing provides), `type-mismatch` and `missing-argument`; returns the
  /// arguments that bound, in the target's param order.
  ///
  /// Positions: a `with` entry's findings are at its key (an undefined `$name`
  /// at the value); an implicit argument's at `range`, the navigation key.
  /// One mistake gives one finding: a misspelled `with` key is reported as
  /// `unknown-argument` only, never also as the param it missed; nothing is
  /// said about a `with` key when the target's params may be incomplete
  /// (`targetIsIncomplete`), nor about a missing argument when the transition
  /// had a misspelled key (`reportsMissing` false).
  ///
  /// A target with no params and no `with` (the most common case) is
  /// answered inline, with no call.
  @inline(__always)
  mutating func bindArguments(
    to target: [Field], of owner: @autoclosure () -> String, targetIsIncomplete: Bool = false,
    bindings: [WithBinding], scope: Scope, at range: SyntaxRange, reportsMissing: Bool = true
  ) -> [Argument] {
    if target.isEmpty && bindings.isEmpty { return [] }
    return bindSomeArguments(
      to: target, of: owner(), targetIsIncomplete: targetIsIncomplete, bindings: bindings,
      scope: scope, at: range, reportsMissing: reportsMissing)
  }

  /// ``bindArguments(to:of:targetIsIncomplete:bindings:scope:at:reportsMissing:)``
  /// when there are params or `with` entries.
  private mutating func bindSomeArguments(
    to target: [Field], of owner: @autoclosure () -> String, targetIsIncomplete: Bool,
    bindings: [WithBinding], scope: Scope, at range: SyntaxRange, reportsMissing: Bool
  ) -> [Argument] {
    if bindings.isEmpty {
      // The common case: every argument by name, no temporary arrays.
      var arguments: [Argument] = []
      arguments.reserveCapacity(target.count)
      for index in target.indices {
        if let argument = bindImplicit(
          target[index], at: index, of: owner(), scope: scope, range: range,
          reportsMissing: reportsMissing)
        {
          arguments.append(argument)
        }
      }
      return arguments
    }
    // With `with`: params and keys are few, so linear searches beat any
    // temporary table. Unknown keys first (a misspelled key must not also
    // report the param it missed), then each param in order.
    var meant: [Int] = []
    var unmatchedKeys = false
    for binding in bindings where !target.contains(where: { $0.name == binding.key.text }) {
      if targetIsIncomplete {
        unmatchedKeys = true
      } else if let suggestion = reportUnknownArgument(
        binding.key, of: owner(), target: target, bindings: bindings),
        let index = target.firstIndex(where: { $0.name == suggestion })
      {
        meant.append(index)
      } else {
        unmatchedKeys = true
      }
    }
    var arguments: [Argument] = []
    arguments.reserveCapacity(target.count)
    for index in target.indices {
      let argument: Argument?
      if let binding = bindings.first(where: { $0.key.text == target[index].name }) {
        argument = bindExplicit(binding, to: target[index], at: index, of: owner(), scope: scope)
      } else if meant.contains(index) {
        argument = nil
      } else {
        argument = bindImplicit(
          target[index], at: index, of: owner(), scope: scope, range: range,
          reportsMissing: reportsMissing && !unmatchedKeys)
      }
      if let argument { arguments.append(argument) }
    }
    return arguments
  }

  /// Binds a param by its name from the scope; reports a mismatched type or,
  /// when `reportsMissing`, a missing required argument (at `range`).
  private mutating func bindImplicit(
    _ param: Field, at index: Int, of owner: @autoclosure () -> String, scope: Scope,
    range: SyntaxRange, reportsMissing: Bool
  ) -> Argument? {
    guard !scope.isUnknown else { return nil }
    if let match = scope.lookup(param.name) {
      if let source = match.type, let needed = param.type, !fits(source, needed) {
        report(
          .typeMismatch,
          "'\(param.name)' of \(owner()) is \(describe(needed)), but the '\(param.name)' in scope (from \(origin(of: match, in: scope))) is \(describe(source))\(optionalHint(source, needed)); pass another value with 'with'",
          at: range,
          notes: [
            Diagnostic.Note(
              "'\(param.name)' is declared here", at: sourceRange(scope.range(of: match)))
          ])
        return nil
      }
      return Argument(parameter: index, source: match.source)
    }
    if !param.mayBeOmitted && reportsMissing {
      report(
        .missingArgument,
        "\(owner()) needs '\(param.name): \(describe(param))', and nothing in scope is named '\(param.name)'; pass it with 'with: { \(param.name): … }'",
        at: range, notes: [Diagnostic.Note(scopeDescription(scope))])
    }
    return nil
  }

  /// Binds one `with` entry whose key names a param of the target.
  private mutating func bindExplicit(
    _ binding: WithBinding, to param: Field, at index: Int, of owner: @autoclosure () -> String,
    scope: Scope
  ) -> Argument? {
    switch binding.value {
    case .reference(let name):
      guard !scope.isUnknown else { return nil }
      guard let match = scope.lookup(name) else {
        let message = "'$\(name)' names nothing in scope"
        let notes = [Diagnostic.Note(scopeDescription(scope))]
        if let suggestion = suggestion(for: name, among: scope.names) {
          report(
            .undefinedReference, "\(message); did you mean '$\(suggestion)'?",
            at: binding.valueRange,
            notes: [Diagnostic.Note("did you mean '$\(suggestion)'?")] + notes,
            fixes: [
              Diagnostic.Fix(replacing: sourceRange(binding.valueRange), with: "$\(suggestion)")
            ])
        } else {
          report(.undefinedReference, message, at: binding.valueRange, notes: notes)
        }
        return nil
      }
      if let source = match.type, let needed = param.type, !fits(source, needed) {
        report(
          .typeMismatch,
          "'\(param.name)' of \(owner()) is \(describe(needed)), but '$\(name)' (from \(origin(of: match, in: scope))) is \(describe(source))\(optionalHint(source, needed))",
          at: binding.key.range,
          notes: [
            Diagnostic.Note("'\(name)' is declared here", at: sourceRange(scope.range(of: match)))
          ])
        return nil
      }
      return Argument(parameter: index, source: match.source, span: spans(binding.key.range))
    case .literal(let literal):
      guard let needed = param.type else {
        // The param's type did not compile (a finding already says why): the
        // literal is kept as written, unless no type could hold it (a
        // non-finite double, which no graph, trace or saved state holds).
        let value = literal.plainValue
        guard value.hasOnlyFiniteNumbers else { return nil }
        return Argument(parameter: index, source: .literal(value), span: spans(binding.key.range))
      }
      guard let value = literalValue(literal, as: needed) else {
        // At the value: it is what is wrong (its key names the right param).
        if let overflow = integerOverflow(literal, as: needed) {
          report(
            .typeMismatch, "'\(param.name)' of \(owner()): \(overflow)", at: binding.valueRange)
          return nil
        }
        let mismatch = literalMismatch(literal, as: needed)
        report(
          .typeMismatch,
          "'\(param.name)' of \(owner()) is \(describe(needed)), but the value is \(mismatch.subject)\(mismatch.detail)",
          at: binding.valueRange, notes: mismatch.notes,
          fixes: literalFix(mismatch.suggestion, as: needed, at: binding.valueRange))
        return nil
      }
      return Argument(parameter: index, source: .literal(value), span: spans(binding.key.range))
    }
  }

  /// Reports `unknown-argument`; returns the param it probably meant.
  private mutating func reportUnknownArgument(
    _ key: SyntaxName, of owner: String, target: [Field], bindings: [WithBinding]
  ) -> String? {
    guard !target.isEmpty else {
      report(
        .unknownArgument, "\(owner) takes no arguments, but 'with' passes '\(key.text)'",
        at: key.range)
      return nil
    }
    // A param that 'with' already passes is not suggested: renaming the key
    // to it would pass it twice.
    let unbound = target.map(\.name).filter { name in
      !bindings.contains { $0.key.text == name }
    }
    if let suggestion = suggestion(for: key.text, among: unbound) {
      report(
        .unknownArgument, "\(owner) has no param '\(key.text)'; did you mean '\(suggestion)'?",
        at: key.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
        fixes: [Diagnostic.Fix(replacing: sourceRange(key.range), with: suggestion)])
      return suggestion
    }
    let names = target.map { "'\($0.name)'" }.joined(separator: ", ")
    report(
      .unknownArgument, "\(owner) has no param '\(key.text)'; its params are \(names)",
      at: key.range)
    return nil
  }

  /// What the scope holds, for a note.
  private func scopeDescription(_ scope: Scope) -> String {
    func list(_ fields: [Field]) -> String {
      fields.map(\.name).joined(separator: ", ")
    }
    var parts: [String] = []
    if !scope.payload.isEmpty {
      parts.append(
        "the payload of \(scope.trigger.description(names: names) ?? "the trigger") (\(list(scope.payload)))"
      )
    }
    if !scope.action.isEmpty {
      parts.append(
        "the params of action '\(names.text(ofEntry: scope.actionEntry))' (\(list(scope.action)))")
    }
    if let screen = scope.screenID.map({ screenNames[$0.index] }), !scope.screen.isEmpty {
      parts.append("the params of screen '\(screen)' (\(list(scope.screen)))")
    }
    if !scope.input.isEmpty {
      parts.append("the input of flow '\(flows[scope.flowID.index].name)' (\(list(scope.input)))")
    }
    // What is not in scope where a task's outcomes run without an action.
    var missing = ""
    if let poppedTo = scope.poppedTo {
      missing +=
        poppedTo.inclusive
        ? "; this handler runs on the screen that was below '\(poppedTo.screen)' (its start pops to it, 'inclusive'), which differs from run to run, so no screen's params are in scope"
        : "; this handler runs on screen '\(poppedTo.screen)', which its start pops to"
    }
    if case .outcome = scope.trigger {
      if scope.screenID == nil, scope.poppedTo == nil {
        missing =
          "; a flow's start has no screen and no action, so no params of theirs are in scope"
      } else if scope.inResultHandler {
        missing +=
          "; a task run from a result handler has no action, so no action's params are in scope"
      }
    }
    return parts.isEmpty
      ? "the scope is empty: no trigger payload, screen params or flow input" + missing
      : "in scope: " + parts.joined(separator: "; ") + missing
  }

  /// Where a match in `scope` comes from, for messages.
  private func origin(of match: Scope.Match, in scope: Scope) -> String {
    switch match.source {
    case .payload: "the payload of \(scope.trigger.description(names: names) ?? "the trigger")"
    case .screenParameter:
      "the params of screen '\(scope.screenID.map { screenNames[$0.index] } ?? "")'"
    case .actionParameter: "the params of action '\(names.text(ofEntry: scope.actionEntry))'"
    case .flowInput: "the input of flow '\(flows[scope.flowID.index].name)'"
    case .literal: "a literal"
    }
  }

  private func optionalHint(_ source: ValueType, _ needed: ValueType) -> String {
    source.isOptional && !needed.isOptional && source.nonOptional == needed
      ? " (an optional cannot fill a non-optional param)" : ""
  }

  /// A field's type as written in messages.
  func describe(_ field: Field) -> String {
    field.type.map { describe($0) } ?? field.typeText
  }

  /// Whether a value of type `source` may fill a param of type `target`:
  /// exactly the same type, or `T` for `T?`.
  func fits(_ source: ValueType, _ target: ValueType) -> Bool {
    source == target || target == .optional(source)
  }
}

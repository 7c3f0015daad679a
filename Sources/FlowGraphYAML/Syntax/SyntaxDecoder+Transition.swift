import FlowGraphCore

extension SyntaxDecoder {
  /// A transition (SPEC §2.4) and, on an action's value, its `params`.
  mutating func transition(_ node: YAMLNode, allowsParams: Bool) -> (
    transition: TransitionSyntax, params: [ParameterSyntax]
  ) {
    switch node.kind {
    case .scalar: return (keywordTransition(node), [])
    case .sequence:
      report(
        .invalidValue,
        "a transition is a keyword (pop, popToRoot, dismiss, stay) or a map such as { push: screen }, not a list",
        at: node.range)
      return (.invalid(at: range(node)), [])
    case .mapping: return mapTransition(node, allowsParams: allowsParams)
    }
  }

  private mutating func keywordTransition(_ node: YAMLNode) -> TransitionSyntax {
    // The common case first: an untagged or `!!str` keyword is a string
    // whatever its style, so the core schema need not be consulted.
    let flags = node.flags
    if flags.tag == .none || flags.tag == .str,
      let keyword = node.withUTF8Text({ TransitionSyntax.Keyword(utf8: $0) }) ?? nil
    {
      return TransitionSyntax(kind: .keyword(keyword), range: range(node))
    }
    if case .string(let text) = node.scalarValue {
      if let keyword = TransitionSyntax.Keyword(rawValue: text) {
        return TransitionSyntax(kind: .keyword(keyword), range: range(node))
      }
      if reportMissingSpaceAfterColon(node) { return .invalid(at: range(node)) }
      if let suggestion = transitionSuggestion(for: text) {
        report(
          .invalidValue, "'\(text)' is not a transition; did you mean '\(suggestion)'?",
          at: node.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
          fixes: [Diagnostic.Fix(replacing: node.range, with: suggestion)])
      } else {
        report(
          .invalidValue,
          "'\(text)' is not a transition: write a keyword (pop, popToRoot, dismiss, stay) or a map such as { push: screen }",
          at: node.range)
      }
    } else if node.isNull {
      report(
        .invalidValue,
        "missing transition: write a keyword (pop, popToRoot, dismiss, stay) or a map such as { push: screen }",
        at: node.range)
    } else {
      report(
        .invalidValue,
        "\(node.summary) is not a transition: write a keyword (pop, popToRoot, dismiss, stay) or a map such as { push: screen }",
        at: node.range)
    }
    return .invalid(at: range(node))
  }

  private mutating func mapTransition(_ node: YAMLNode, allowsParams: Bool) -> (
    transition: TransitionSyntax, params: [ParameterSyntax]
  ) {
    // One pass, no temporary arrays: this runs for every transition. Keys
    // are read by their arena index, and a node is made only for the
    // navigation key and value (each node made costs a retain).
    let pairs = node.pairs
    let document = node.document
    var navigation: (key: Int32, value: Int32, verb: DSLKey)?
    var secondNavigation: Int32?
    var hasExtras = false
    var sawUnknown = false
    for position in 0..<pairs.count {
      let key = pairs.keyIndex(position)
      let verb = self.key(key, of: document)
      switch verb {
      case .notScalar: continue
      case .pop where YAMLNode(document: document, index: pairs.valueIndex(position)).isNull:
        // `{ params: …, pop }`: the keyword, read as `pop:` with no screen.
        sawUnknown = true
        reportKeywordKey(
          YAMLNode(document: document, index: key), keyword: .pop, in: node,
          allowsParams: allowsParams)
      case .push, .present, .replace, .root, .pop, .finish, .start, .run, .select:
        if navigation == nil {
          navigation = (key, pairs.valueIndex(position), verb)
        } else if secondNavigation == nil {
          secondNavigation = key
        }
      case .mode, .on, .outcomes, .with, .params, .popTo, .inclusive:
        hasExtras = true
      default:
        sawUnknown = true
        let keyNode = YAMLNode(document: document, index: key)
        if let keyword = keyNode.withUTF8Text({ TransitionSyntax.Keyword(utf8: $0) }) ?? nil {
          reportKeywordKey(keyNode, keyword: keyword, in: node, allowsParams: allowsParams)
        } else {
          reportUnknownKey(keyNode, of: node, allowed: DSLKeys.transition, in: "a transition")
        }
      }
    }
    guard let (navKeyIndex, navValueIndex, verb) = navigation else {
      if !sawUnknown {
        report(
          .invalidValue,
          "a transition map needs one navigation key: \(DSLKeys.navigation.joined(separator: ", "))",
          at: node.range)
      }
      return (.invalid(at: range(node)), [])
    }
    let navKey = YAMLNode(document: document, index: navKeyIndex)
    let navValue = YAMLNode(document: document, index: navValueIndex)
    if let secondNavigation {
      let second = YAMLNode(document: document, index: secondNavigation)
      report(
        .invalidValue,
        "a transition has exactly one navigation key, but '\(second.text ?? "")' follows '\(navKey.text ?? "")'",
        at: second.range)
      return (.invalid(at: range(navKey)), [])
    }
    return mapNavigation(
      node, navKey: navKey, navValue: navValue, verb: verb, hasExtras: hasExtras,
      hasUnknownKeys: sawUnknown, allowsParams: allowsParams)
  }

  /// The transition of a map with one navigation key, made whole once (a
  /// transition set field by field after it is made is copied).
  private mutating func mapNavigation(
    _ node: YAMLNode, navKey: YAMLNode, navValue: YAMLNode, verb: DSLKey, hasExtras: Bool,
    hasUnknownKeys: Bool, allowsParams: Bool
  ) -> (transition: TransitionSyntax, params: [ParameterSyntax]) {
    var params: [ParameterSyntax] = []
    var bindings: [WithBinding] = []
    var mode = Transition.StartMode.push
    var handlers: [HandlerSyntax] = []
    var popTo: (key: YAMLNode, value: YAMLNode)?
    var inclusive: (key: YAMLNode, value: YAMLNode)?
    if hasExtras {
      for (key, value) in node.pairs {
        switch self.key(key) {
        case .popTo: popTo = (key, value)
        case .inclusive: inclusive = (key, value)
        case .params:
          if allowsParams {
            params = parameters(value, "the params of an action")
          } else {
            reportMisplacedKey(
              key,
              "'params' declares an action's payload; outcome and result payloads are declared on the task and the flow"
            )
          }
        case .with:
          if verb == .pop {
            reportMisplacedKey(key, "'pop: screen' takes no arguments")
          } else if verb == .select {
            reportMisplacedKey(key, "'select: tab' takes no arguments (the tab's stack is kept)")
          } else {
            bindings = withBindings(value)
          }
        case .mode:
          guard verb == .start else {
            reportMisplacedKey(key, "'mode' belongs to 'start'")
            continue
          }
          if let text = self.text(value), let parsed = Transition.StartMode(rawValue: text) {
            mode = parsed
          } else if let text = self.text(value),
            let suggestion = NameSuggestion.best(for: text, among: DSLKeys.startModes)
          {
            report(
              .invalidValue,
              "'mode' must be push or present, not \(value.summary); did you mean '\(suggestion)'?",
              at: value.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
              fixes: [Diagnostic.Fix(replacing: value.range, with: suggestion)])
          } else {
            report(
              .invalidValue, "'mode' must be push or present, not \(value.summary)", at: value.range
            )
          }
        case .on:
          guard verb == .start else {
            reportMisplacedKey(key, "'on' belongs to 'start' (it handles the child flow's results)")
            continue
          }
          handlers = self.handlers(value, "'on'")
        case .outcomes:
          guard verb == .run else {
            reportMisplacedKey(key, "'outcomes' belongs to 'run'")
            continue
          }
          handlers = self.handlers(value, "'outcomes'")
        default: break
        }
      }
    }
    let what =
      switch verb {
      case .start: "a flow name"
      case .run: "a task name"
      case .finish: "a result name"
      case .select: "a tab name"
      default: "a screen name"
      }
    var popTarget: (name: SyntaxName, inclusive: Bool)?
    var popToIsBroken = false
    if let popTo {
      popTarget = self.popTarget(
        popTo, inclusive: inclusive, verb: verb, mode: mode, broken: &popToIsBroken)
    } else if let inclusive {
      reportMisplacedKey(
        inclusive.key, "'inclusive' belongs to 'popTo' (pop back to a screen, and that screen too)")
    }
    // A `popTo` whose value did not decode leaves the transition unknown
    // (not a plain push, which other rules would judge).
    guard let target = reference(navValue, what), !popToIsBroken else {
      return (
        TransitionSyntax(kind: .invalid, range: range(navKey), hasUnknownKeys: hasUnknownKeys),
        params
      )
    }
    let kind: TransitionSyntax.Kind =
      switch verb {
      case .start: .start(target, mode: mode, handlers: handlers)
      case .run: .run(target, outcomes: handlers)
      case .finish: .finish(target)
      case .present: .screen(.present, target)
      case .replace: .screen(.replace, target)
      case .root: .screen(.root, target)
      case .pop: .screen(.pop, target)
      case .select: .select(target)
      default: .screen(.push, target)
      }
    return (
      TransitionSyntax(
        kind: kind, range: range(navKey), with: bindings, popTo: popTarget,
        hasUnknownKeys: hasUnknownKeys),
      params
    )
  }

  /// `popTo: X` and `inclusive`, on a `push` or a `start` with mode push
  /// only (a misplaced one is reported and ignored); `broken` when a value
  /// did not decode (reported).
  private mutating func popTarget(
    _ popTo: (key: YAMLNode, value: YAMLNode), inclusive: (key: YAMLNode, value: YAMLNode)?,
    verb: DSLKey, mode: Transition.StartMode, broken: inout Bool
  ) -> (name: SyntaxName, inclusive: Bool)? {
    guard verb == .push || (verb == .start && mode == .push) else {
      let explanation =
        verb == .start
        ? "'popTo' needs 'mode: push' (a 'start' with mode present opens a new layer, with nothing to pop)"
        : "'popTo' belongs to 'push' and to 'start' with mode push (pop back to a screen, then push)"
      reportMisplacedKey(popTo.key, explanation)
      if let inclusive {
        reportMisplacedKey(inclusive.key, "'inclusive' belongs to 'popTo'")
      }
      return nil
    }
    guard let name = reference(popTo.value, "a screen name") else {
      broken = true
      return nil
    }
    guard let inclusive else { return (name, false) }
    guard let flag = bool(of: inclusive.value, "'inclusive'") else {
      broken = true
      return nil
    }
    return (name, flag)
  }

  mutating func handlers(_ node: YAMLNode, _ what: @autoclosure () -> String)
    -> [HandlerSyntax]
  {
    guard let entries = pairs(of: node, what()) else { return [] }
    var list: [HandlerSyntax] = []
    list.reserveCapacity(entries.count)
    for (key, value) in entries {
      guard let name = syntaxName(key) else { continue }
      list.append(
        HandlerSyntax(
          name: name,
          transition: transition(value, allowsParams: false).transition))
    }
    return list
  }

  /// The `with` map: `param: literal` or `param: $name`.
  mutating func withBindings(_ node: YAMLNode) -> [WithBinding] {
    guard let entries = pairs(of: node, "'with'") else { return [] }
    var list: [WithBinding] = []
    list.reserveCapacity(entries.count)
    for (key, value) in entries {
      guard let text = self.text(key), let bound = withValue(value) else { continue }
      list.append(
        WithBinding(
          key: SyntaxName(text: text, range: range(key)), value: bound, valueRange: range(value)))
    }
    return list
  }

  private mutating func withValue(_ node: YAMLNode) -> WithBinding.Value? {
    if case .string(let text) = node.scalarValue, text.utf8.first == UInt8(ascii: "$") {
      let rest = String(text.dropFirst())
      if rest.utf8.first == UInt8(ascii: "$") { return .literal(.string(rest)) }
      guard NameRules.isValid(rest) else {
        report(
          .invalidValue,
          "'\(text)' is not a reference: write $ and a name from the scope (or $$ for a literal $)",
          at: node.range)
        return nil
      }
      return .reference(rest)
    }
    if node.kind == .mapping {
      report(
        .invalidValue, "an argument is a literal, a list or a $name, not a map", at: node.range)
      return nil
    }
    return literal(node, "an argument").map(WithBinding.Value.literal)
  }

  /// A literal value: a scalar or a list of literals (`what` names it in a
  /// finding: "an argument", "the default of 'x'").
  mutating func literal(_ node: YAMLNode, _ what: @autoclosure () -> String) -> LiteralSyntax? {
    switch node.kind {
    case .mapping:
      report(.invalidValue, "\(what()) is a literal or a list, not a map", at: node.range)
      return nil
    case .sequence:
      var values: [LiteralSyntax] = []
      values.reserveCapacity(node.items.count)
      for item in node.items {
        guard let value = literal(item, what()) else { return nil }
        values.append(value)
      }
      return .list(values)
    case .scalar:
      switch node.scalarValue {
      case .null, .none: return .null
      case .bool(let value): return .bool(value)
      case .int(let value): return .int(value)
      case .double(let value): return .double(value).checkingIntegerRange(of: node)
      case .string(let value): return .string(value).checkingIntegerRange(of: node)
      }
    }
  }
}

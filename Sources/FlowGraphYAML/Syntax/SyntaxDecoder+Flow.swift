import FlowGraphCore

extension SyntaxDecoder {
  /// A flow (SPEC §2.2).
  mutating func flow(_ key: YAMLNode, _ value: YAMLNode) -> FlowSyntax {
    let name = definedName(key, "flow")
    var syntax = FlowSyntax(name: name, extent: extent(key, value))
    guard let entries = pairs(of: value, "flow '\(name.text)'") else { return syntax }
    var sawStart = false
    var sawUnknown = false
    for (entryKey, entryValue) in entries {
      switch self.text(entryKey) {
      case "description": syntax.description = text(of: entryValue, "'description'")
      case "input": syntax.input = parameters(entryValue, "the input of flow '\(name.text)'")
      case "results":
        syntax.results = payloads(entryValue, "result", of: "the results of flow '\(name.text)'")
      case "start":
        sawStart = true
        syntax.start = start(entryValue)
      case "screens":
        // Checked now (a value that is not a map is reported once); its
        // screens are decoded by `screens(of:)` when the flow is compiled.
        guard pairs(of: entryValue, "the screens of flow '\(name.text)'") != nil else {
          continue
        }
        syntax.screensValue = entryValue
      case "suppress": syntax.suppress = suppressList(entryValue)
      case _ where hasScreenShape(entryValue):
        reportDedentedScreen(entryKey, keys: screenShape(entryValue) ?? [], flow: name.text)
        syntax.dedentedScreens.append((entryKey, entryValue))
      case "events":
        // The draft of SPEC §6.4, not part of the DSL: say so, not only that
        // the key is unknown.
        report(
          .unknownKey,
          "unknown key 'events' in flow '\(name.text)': flow events (events any screen of a flow can send) are a draft, not part of the DSL yet; allowed keys: \(DSLKeys.flow.joined(separator: ", "))",
          at: entryKey.range,
          notes: [
            .help(
              "until then, declare it as an action of each screen that sends it; a YAML anchor and its aliases (&signOut, *signOut) let those actions share one transition"
            )
          ])
        sawUnknown = true
      default:
        reportUnknownKey(entryKey, of: value, allowed: DSLKeys.flow, in: "flow '\(name.text)'")
        sawUnknown = true
        if entryValue.kind == .mapping { syntax.mayBeIncomplete = true }
      }
    }
    if mayMissPairs(key, value) { syntax.mayBeIncomplete = true }
    if !sawStart && !sawUnknown {
      report(
        .invalidValue,
        "flow '\(name.text)' has no 'start': name its first screen, or a task whose outcomes pick it",
        at: name.range)
    }
    return syntax
  }

  /// The screens of `flow` (decoded by ``flow(_:_:)``, which checked its
  /// `screens` value), in order: each followed by the screens found indented
  /// into it, then the flow's keys that look like screens indented too
  /// little. Made when the compiler reaches the flow.
  mutating func screens(of flow: FlowSyntax) -> [ScreenSyntax] {
    var screens: [ScreenSyntax] = []
    if let value = flow.screensValue {
      let entries = value.pairs
      screens.reserveCapacity(entries.count)
      var nested: [(key: YAMLNode, value: YAMLNode)] = []
      for (screenKey, screenValue) in entries {
        if let last = screens.indices.last, isDedentedScreenKey(screenKey, screenValue) {
          reportDedentedScreenKey(screenKey, of: screens[last].name.text)
          screenEntry(screenKey, screenValue, in: nil, of: &screens[last], nested: &nested)
        } else {
          appendScreen(screenKey, screenValue, to: &screens, nested: &nested)
        }
        // Screens found indented into this one follow it.
        if !nested.isEmpty {
          appendScreens(nested, to: &screens)
          nested = []
        }
      }
    }
    if !flow.dedentedScreens.isEmpty { appendScreens(flow.dedentedScreens, to: &screens) }
    return screens
  }

  /// A flow's `start`, or one of its start task's outcomes.
  mutating func start(_ node: YAMLNode) -> StartSyntax {
    switch node.kind {
    case .scalar:
      guard let name = reference(node, "a screen name, or { run: task, outcomes: {…} }") else {
        return StartSyntax(kind: .invalid, range: range(node))
      }
      return StartSyntax(kind: .screen(name), range: range(node))
    case .sequence:
      report(
        .invalidValue,
        "a start must be a screen name, { run: task, outcomes: {…} } or { finish: result }, not a list",
        at: node.range)
      return StartSyntax(kind: .invalid, range: range(node))
    case .mapping:
      return startMap(node)
    }
  }

  private mutating func startMap(_ node: YAMLNode) -> StartSyntax {
    var navigation: [(key: YAMLNode, value: YAMLNode)] = []
    var outcomesNode: (key: YAMLNode, value: YAMLNode)?
    var withNode: YAMLNode?
    var sawUnknown = false
    for (key, value) in node.pairs {
      switch self.text(key) {
      case "run", "finish": navigation.append((key, value))
      case "outcomes": outcomesNode = (key, value)
      case "with": withNode = value
      default:
        sawUnknown = true
        if let text = self.text(key), DSLKeys.navigation.contains(text) {
          reportMisplacedKey(
            key,
            "a flow's start is a screen name, { run: task, outcomes: {…} } or { finish: result }")
        } else {
          reportUnknownKey(key, of: node, allowed: DSLKeys.start, in: "a flow's start")
        }
      }
    }
    let bindings = withNode.map { withBindings($0) } ?? []
    var start = startKind(
      node, navigation: navigation, outcomesNode: outcomesNode, sawUnknown: sawUnknown)
    start.with = bindings
    start.hasUnknownKeys = sawUnknown
    return start
  }

  private mutating func startKind(
    _ node: YAMLNode, navigation: [(key: YAMLNode, value: YAMLNode)],
    outcomesNode: (key: YAMLNode, value: YAMLNode)?, sawUnknown: Bool
  ) -> StartSyntax {
    guard let (navKey, navValue) = navigation.first else {
      if !sawUnknown {
        report(
          .invalidValue, "a start map needs 'run: task' (with 'outcomes') or 'finish: result'",
          at: node.range)
      }
      return StartSyntax(kind: .invalid, range: range(node))
    }
    if navigation.count > 1 {
      report(
        .invalidValue, "a start has either 'run' or 'finish', not both",
        at: navigation[1].key.range)
      return StartSyntax(kind: .invalid, range: range(navKey))
    }
    if navKey.textEquals("finish") {
      if let outcomesNode {
        reportMisplacedKey(outcomesNode.key, "'outcomes' belongs to 'run'")
      }
      guard let result = reference(navValue, "a result name") else {
        return StartSyntax(kind: .invalid, range: range(navKey))
      }
      return StartSyntax(kind: .finish(result), range: range(navKey))
    }
    var handlers: [StartHandlerSyntax] = []
    if let outcomesNode, let entries = pairs(of: outcomesNode.value, "'outcomes'") {
      handlers.reserveCapacity(entries.count)
      for (outcomeKey, outcomeValue) in entries {
        guard let name = syntaxName(outcomeKey) else { continue }
        handlers.append(StartHandlerSyntax(name: name, start: start(outcomeValue)))
      }
    }
    guard let task = reference(navValue, "a task name") else {
      return StartSyntax(kind: .invalid, range: range(navKey))
    }
    return StartSyntax(kind: .run(task, outcomes: handlers), range: range(navKey))
  }
}

import FlowGraphCore

extension GraphCompiler {
  /// Compiles a tabs screen's tabs (SPEC §6.1): each tab flow typed like a
  /// `start` (its input by `with`, then by name from `scope`: the screen's
  /// params, then the flow's input), and its handlers: the tab's own `on`,
  /// else the screen's `on`; a result neither handles is `unhandled-result`
  /// at the tab. A tab whose flow does not resolve is left out of the bar,
  /// and its name, like a tab that did not decode, is kept in
  /// ``tabsLeftOut`` under `span` (the screen's name key).
  mutating func compileTabBar(
    _ syntax: TabBarSyntax, screen: String, at span: SourceSpan?, flow: FlowSignature,
    scope: Scope
  )
    -> TabBar
  {
    let firstFinding = diagnostics.count
    var leftOut = syntax.brokenTabNames
    defer {
      if let span, !leftOut.isEmpty { tabsLeftOut[span] = leftOut }
    }
    var tabs: [Tab] = []
    var screenHandlerUsed = [Bool](repeating: false, count: syntax.handlers.count)
    var resultsMayBeMissing = syntax.isIncomplete
    // The tabs that leave results unhandled, reported once every tab is
    // compiled (a result several tabs miss has one handler for all).
    var unhandled: [(tab: SyntaxName, flow: String, results: [String])] = []
    for name in syntax.namesInMalformedTabs {
      if let flow = flowID(named: name) {
        flowsMeantByDanglingStarts.append(flow)
      } else {
        noteDanglingStart(suggestion(for: name.text, among: flowIDs.keys))
      }
    }
    for tab in syntax.tabs {
      guard let childID = flowID(named: tab.flow) else {
        resultsMayBeMissing = true
        leftOut.append(tab.name.text)
        if !namesMayBeMissing {
          let suggestion = reportUndefined(
            "undefined flow '\(tab.flow.text)'", tab.flow, candidates: flowIDs.keys)
          noteDanglingStart(suggestion)
          if suggestion == nil { undefinedFlowNames.append((tab.flow, flow.name)) }
        }
        continue
      }
      let child = flows[childID.index]
      if child.isIncomplete { resultsMayBeMissing = true }
      let arguments = bindArguments(
        to: child.input, of: "flow '\(child.name)'", targetIsIncomplete: child.isIncomplete,
        bindings: tab.with, scope: scope, at: tab.name.range, reportsMissing: !tab.hasUnknownKeys)
      // The tab's handlers have tables of their own (a tab bar holds
      // them as values): the results' handlers, then `dismissed`'s.
      var writer = GraphTableWriter()
      let block = writer.reserveTransitionRange(child.results.count + 1)
      let dismissedSlot = block.index(child.results.count)
      var missing: [String] = []
      for (offset, result) in child.results.enumerated() {
        let handler: HandlerSyntax
        if let own = tab.handlers.first(where: { result.isNamed($0.name) }) {
          handler = own
        } else if let shared = syntax.handlers.firstIndex(where: { result.isNamed($0.name) }) {
          screenHandlerUsed[shared] = true
          handler = syntax.handlers[shared]
        } else {
          missing.append(result.name)
          writer.setTransition(block.index(offset), .invalid, span: spans(tab.name.range))
          continue
        }
        compileTransition(
          handler.transition, flow: flow,
          scope: scope.with(payload: result.fields, trigger: .result(result.name)),
          into: block.index(offset), of: &writer)
      }
      writer.setTransition(dismissedSlot, .stay, span: nil)
      let dismissedHandler =
        tab.handlers.first { $0.name.text == NameRules.dismissed }
        ?? syntax.handlers.first { $0.name.text == NameRules.dismissed }
      if let dismissedHandler {
        compileTransition(
          dismissedHandler.transition, flow: flow,
          scope: scope.with(payload: [], trigger: .result(NameRules.dismissed)),
          into: dismissedSlot, of: &writer)
      }
      for handler in tab.handlers
      where handler.name.text != NameRules.dismissed
        && NamedPayload.position(of: handler.name, in: child.results) == nil && !child.isIncomplete
      {
        let suggestion = reportUndefined(
          "flow '\(child.name)' of tab '\(tab.name.text)' has no result '\(handler.name.text)'",
          handler.name, candidates: child.results.map(\.name) + [NameRules.dismissed])
        // A misspelled handler is one mistake: the result it meant is not
        // reported as unhandled too.
        missing.removeAll { $0 == suggestion }
      }
      if !tab.hasUnknownKeys && !missing.isEmpty {
        unhandled.append((tab.name, child.name, missing))
      }
      tabs.append(
        Tab(
          name: tab.name.text, flow: childID, title: tab.title, arguments: arguments,
          handlers: writer.handlers(in: block),
          span: spans(tab.name.range)))
    }
    // The screen's misspelled handlers first: the results they meant are
    // not reported as unhandled too (one mistake, one finding).
    var meant: Set<String> = []
    if !resultsMayBeMissing {
      for (index, handler) in syntax.handlers.enumerated()
      where !screenHandlerUsed[index] && handler.name.text != NameRules.dismissed {
        let names = Set(tabs.flatMap { flows[$0.flow.index].results.map(\.name) })
        if let suggestion = reportUndefined(
          "no tab flow of screen '\(screen)' has a result '\(handler.name.text)'", handler.name,
          candidates: names.sorted() + [NameRules.dismissed])
        {
          meant.insert(suggestion)
        }
      }
    }
    if !meant.isEmpty {
      unhandled = unhandled.compactMap { entry in
        let results = entry.results.filter { !meant.contains($0) }
        return results.isEmpty ? nil : (entry.tab, entry.flow, results)
      }
    }
    reportUnhandledResults(
      of: unhandled, screen: screen, tabsKey: syntax.key.range,
      hasScreenHandlers: !syntax.handlers.isEmpty)
    var selected = 0
    if let name = syntax.selected {
      if let index = syntax.tabs.firstIndex(where: { $0.name.text == name.text }) {
        selected = tabs.firstIndex { $0.name == syntax.tabs[index].name.text } ?? 0
      } else if !syntax.isIncomplete {
        reportUndefined(
          "screen '\(screen)' has no tab '\(name.text)'", name,
          candidates: syntax.tabs.map(\.name.text))
      }
    }
    removeRepeatedFindings(from: firstFinding)
    return TabBar(tabs: tabs, selected: selected)
  }

  /// Reports `unhandled-result` at each tab of `unhandled`. A result that
  /// more than one tab leaves unhandled gets the help that one handler in
  /// the screen's `on` serves every tab whose own `on` does not handle it
  /// (SPEC §6.1), rather than one handler per tab.
  private mutating func reportUnhandledResults(
    of unhandled: [(tab: SyntaxName, flow: String, results: [String])], screen: String,
    tabsKey: SyntaxRange, hasScreenHandlers: Bool
  ) {
    var tabsMissing: [String: [String]] = [:]
    for entry in unhandled {
      for result in entry.results { tabsMissing[result, default: []].append(entry.tab.text) }
    }
    for entry in unhandled {
      var notes: [Diagnostic.Note] = []
      for result in entry.results {
        guard let tabs = tabsMissing[result], tabs.count > 1 else { continue }
        let names = tabs.map { "'\($0)'" }
        let list = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let add =
          hasScreenHandlers
          ? "add '\(result)' to the 'on' of screen '\(screen)'"
          : "add 'on: { \(result): … }' to screen '\(screen)', beside 'tabs'"
        notes.append(
          .help(
            "tabs \(list) \(tabs.count == 2 ? "both" : "all") leave '\(result)' unhandled: \(add); one handler there handles it for every tab whose own 'on' does not",
            at: sourceRange(tabsKey)))
      }
      reportUnhandled(
        .unhandledResult, entry.results, "result",
        of: "flow '\(entry.flow)' of tab '\(entry.tab.text)'", at: entry.tab.range,
        flow: entry.flow, notes: notes)
    }
  }

  /// Drops the findings from `start` on that repeat an earlier one (a
  /// screen-level handler is compiled once per tab that uses it).
  private mutating func removeRepeatedFindings(from start: Int) {
    guard diagnostics.count - start > 1 else { return }
    var kept: [Diagnostic] = []
    for finding in diagnostics[start...]
    where !kept.contains(where: {
      $0.rule == finding.rule && $0.range == finding.range && $0.message == finding.message
    }) {
      kept.append(finding)
    }
    diagnostics.replaceSubrange(start..., with: kept)
  }

  /// Reports a `select: TAB` whose TAB is not a tab of every tabs screen its
  /// flow runs in (`undefined-reference`, SPEC §6.1). A flow that runs in no
  /// tabs screen is the analysis's business (`invalid-select`).
  mutating func checkSelectTargets(in graph: FlowGraph) {
    guard graph.hasTabs else { return }
    let running = graph.tabsScreensByFlow()
    for flow in graph.flows.indices {
      graph.forEachTransition(in: FlowID(flow)) { transition, screen in
        guard case .select(let tab) = transition.kind,
          let range = graph.range(transition.targetSpan)
        else {
          return
        }
        // In a tabs screen's own handlers, `select` acts on that screen's tabs.
        let holders = graph.screens[screen.index].tabBar != nil ? [screen] : running[flow]
        for tabsScreen in holders {
          guard let bar = graph.screens[tabsScreen.index].tabBar, bar.index(of: tab) == nil
          else { continue }
          // A tab left out of the bar (its flow is undefined, or its file
          // could not be read) is still declared: that is the one finding.
          let leftOut = graph.screens[tabsScreen.index].span.flatMap { tabsLeftOut[$0] } ?? []
          if leftOut.contains(tab) { continue }
          let holder = graph.screens[tabsScreen.index].name
          let message =
            tabsScreen == screen
            ? "tabs screen '\(holder)' has no tab '\(tab)'"
            : "tabs screen '\(holder)', which flow '\(graph.flows[flow].name)' runs in, has no tab '\(tab)'"
          reportUndefined(
            message, tab, at: range, candidates: bar.tabs.map(\.name) + leftOut)
          break
        }
      }
    }
  }
}

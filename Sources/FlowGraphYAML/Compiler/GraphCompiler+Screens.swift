import FlowGraphCore

extension GraphCompiler {
  /// Compiles one screen (its actions, its custom `back` and its deep link)
  /// into `tables`: each action, and its transition, is written as it is
  /// compiled.
  /// `decoder` is a fresh decoder for the flow's screens (its file's, with
  /// the flow's screens as ``SyntaxDecoder/flowScreens``): each screen
  /// decodes with a copy of it, with no allocation per screen.
  mutating func compileScreen(
    _ syntax: ScreenSyntax, id: ScreenID, flowID: FlowID, flow: FlowSignature,
    decoder flowDecoder: SyntaxDecoder, into tables: inout GraphTableWriter
  ) {
    let params = screenParams[id.index]
    // One scope, updated in place for each action (no copy per action), and
    // the screen's own again after them (no payload, no trigger).
    var scope = Scope(screen: params, screenID: id, input: flow.input, flowID: flowID)
    scope.fieldsMayBeMissing = flow.isIncomplete || screenIsIncomplete[id.index]
    var decoder = flowDecoder
    // Each action is decoded as it is compiled (no array of action syntax);
    // the decoder's findings still come before the compiler's for the
    // screen, as when the actions were all decoded first.
    let firstCompilerFinding = diagnostics.count
    let entries = decoder.actionEntries(of: syntax)
    let paramRange =
      params.isEmpty ? .empty : tables.appendParameters(params.map { $0.parameter(spans) })
    // A screen's actions are consecutive: each action's record is appended
    // once its params and transition are written (to other tables).
    let firstAction = tables.actionCount
    if let entries {
      for (key, value) in entries {
        let action = decoder.action(
          key, value,
          isIndentedScreen: !syntax.indentedScreenValues.isEmpty
            && syntax.indentedScreenValues.contains(value.index))
        scope.payload = resolveFields(action.params)
        scope.trigger = .action(entry: action.name.entry)
        // In the order every writer keeps: the action's params, then its
        // transition (and what that nests and binds).
        let actionParams =
          scope.payload.isEmpty
          ? .empty : tables.appendParameters(scope.payload.map { $0.parameter(spans) })
        let transition = compileTransition(
          action.transition, flow: flow, scope: scope, into: nil, of: &tables)
        tables.appendAction(
          name: action.name.text, nameKey: action.name.entry, params: actionParams,
          transition: transition, span: spans(action.name.range))
      }
    }
    scope.payload = []
    scope.trigger = .none
    let backSyntax = decoder.back(of: syntax)
    if !decoder.diagnostics.isEmpty {
      diagnostics.insert(contentsOf: decoder.diagnostics, at: firstCompilerFinding)
    }
    // A misspelled key may hold actions or a custom back: it stands in the
    // graph as an action whose transition did not compile, so that no
    // analysis draws conclusions from what it might have done.
    for key in syntax.unknownKeys {
      let transition = tables.setTransition(nil, .invalid, span: spans(key.range))
      tables.appendAction(
        name: key.text, nameKey: -1, params: .empty, transition: transition,
        span: spans(key.range))
    }
    var backDisabled = false
    var customBack: Int?
    switch backSyntax {
    case .pop: break
    case .disabled: backDisabled = true
    case .custom(let transition):
      customBack = compileTransition(
        transition, flow: flow, scope: scope.with(payload: [], trigger: .back), into: nil,
        of: &tables)
    }
    // A `tabs` value none of whose tabs compiled (a list, or only broken
    // tabs: reported) leaves an ordinary screen, as the launch format
    // reads a bar of no tabs.
    let tabBar = syntax.tabBar.flatMap { written -> TabBar? in
      let bar = compileTabBar(
        written, screen: syntax.name.text, at: spans(syntax.name.range), flow: flow, scope: scope)
      return bar.tabs.isEmpty ? nil : bar
    }
    if let deeplink = syntax.deeplink {
      checkDeeplink(deeplink, params: params, screen: syntax.name.text, flow: flow.name)
    }
    tables.appendScreen(
      name: syntax.name.text, nameKey: syntax.name.entry, flow: flowID, title: syntax.title,
      description: syntax.description, deeplink: syntax.deeplink?.text,
      dismissible: syntax.dismissible, backDisabled: backDisabled,
      customBack: customBack, tabBar: tabBar, params: paramRange, firstAction: firstAction,
      span: spans(syntax.name.range), extentSpan: spans(syntax.extent),
      deeplinkSpan: spans(syntax.deeplink?.range))
  }

  /// A decoder for the actions of a screen of the file that `range` is in.
  func decoder(for range: SyntaxRange) -> SyntaxDecoder {
    let document = documents[Int(range.file)]
    return SyntaxDecoder(
      file: range.file, path: document.file, lines: document.lines, names: names)
  }
}

import FlowGraphCore

extension GraphCompiler {
  /// Compiles one screen: its actions, its custom `back` and its deep link.
  mutating func compileScreen(
    _ syntax: ScreenSyntax, id: ScreenID, flowID: FlowID, flow: FlowSignature
  ) -> Screen {
    let params = screenParams[id.index]
    var screenScope = Scope(
      screen: params, screenID: id, input: flow.input, flowID: flowID)
    screenScope.fieldsMayBeMissing = flow.isIncomplete || screenIsIncomplete[id.index]
    var actions: [Action] = []
    var decoder = SyntaxDecoder(file: syntax.name.range.fileID, names: names)
    let actionSyntax = decoder.actions(of: syntax)
    let backSyntax = decoder.back(of: syntax)
    if !decoder.diagnostics.isEmpty { diagnostics += decoder.diagnostics }
    actions.reserveCapacity(actionSyntax.count)
    // One scope, updated in place for each action: no copy per action.
    var scope = screenScope
    for index in actionSyntax.indices {
      let name = actionSyntax[index].name
      let payload = resolveFields(actionSyntax[index].params)
      scope.payload = payload
      scope.trigger = .action(name.text)
      let transition = compileTransition(actionSyntax[index].transition, flow: flow, scope: scope)
      actions.append(
        Action(
          name: name.text, params: payload.map(\.parameter), transition: transition,
          range: name.range))
    }
    // A misspelled key may hold actions or a custom back: it stands in the
    // graph as an action whose transition did not compile, so that no
    // analysis draws conclusions from what it might have done.
    for key in syntax.unknownKeys {
      actions.append(
        Action(name: key.text, transition: Transition(.invalid, range: key.range), range: key.range)
      )
    }
    let back: BackBehavior
    switch backSyntax {
    case .pop: back = .pop
    case .disabled: back = .disabled
    case .custom(let transition):
      back = .custom(
        compileTransition(
          transition, flow: flow, scope: screenScope.with(payload: [], trigger: .back)))
    }
    if let deeplink = syntax.deeplink {
      checkDeeplink(deeplink, params: params, screen: syntax.name.text, flow: flow.name)
    }
    return Screen(
      name: syntax.name.text, flow: flowID, title: syntax.title, description: syntax.description,
      params: params.map(\.parameter), actions: actions, back: back,
      dismissible: syntax.dismissible, deeplink: syntax.deeplink?.text, range: syntax.name.range,
      extent: syntax.extent)
  }
}

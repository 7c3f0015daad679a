import FlowGraphCore

extension GraphCompiler {
  /// Notes the flow that a `start` or a tab naming no flow was probably
  /// meant to name (`suggestion`, its "did you mean").
  mutating func noteDanglingStart(_ suggestion: String?) {
    if let suggestion, let flow = flowIDs[suggestion] { flowsMeantByDanglingStarts.append(flow) }
  }

  /// Revises the "did you mean" of an undefined screen reference whose
  /// suggestion is a screen that nothing names (``screenIsNamed``: any
  /// reference, a `popTo` too): then either name may be the
  /// typo (`screens: { detial: … }` with `push: detail`), and renaming the
  /// reference could spread a typo. The finding also offers renaming the
  /// screen, at its definition; when the reference's name is used more than
  /// once, that is the first suggestion, as the likelier fix.
  mutating func reviseSuggestionsOfUnnamedScreens(in graph: FlowGraph) {
    guard !screenSuggestions.isEmpty else { return }
    var uses: [String: Int] = [:]
    for (reference, screen) in screenSuggestions {
      uses["\(screen) \(reference.text)", default: 0] += 1
    }
    for (reference, screen) in screenSuggestions {
      guard screenIsNamed.indices.contains(screen), !screenIsNamed[screen],
        graph.screens.indices.contains(screen),
        let definition = graph.range(graph.screens[screen].span),
        let index = diagnostics.firstIndex(where: {
          $0.rule == .undefinedReference && $0.range == sourceRange(reference.range)
        })
      else { continue }
      let defined = graph.screens[screen].name
      let flow = graph.flows[graph.screens[screen].flow.index].name
      let rename = "rename screen '\(defined)' to '\(reference.text)'"
      if uses["\(screen) \(reference.text)", default: 0] > 1 {
        diagnostics[index].message =
          "undefined screen '\(reference.text)' in flow '\(flow)', which names it more than once; is screen '\(defined)' misspelled?"
        diagnostics[index].notes = [
          .help("\(rename): no transition names it", at: definition)
        ]
      } else {
        diagnostics[index].notes.append(
          .help("or \(rename): no transition names it, so its name may be the typo", at: definition)
        )
      }
    }
  }
}

extension GraphCompiler {
  /// For each undefined flow with no "did you mean" whose name is a
  /// screen's (a tab written `feed: feedHome`, the start screen of flow
  /// `feed`): the finding says whose screen it is, and that flow counts as
  /// the one meant (``flowsMeantByDanglingStarts``: it is not reported as
  /// never started too). A screen of the flow that names it is left alone:
  /// the reference is no flow of another's.
  mutating func noteScreensNamedAsFlows(in graph: FlowGraph) {
    for (name, inFlow) in undefinedFlowNames {
      guard
        let screen = graph.screens.firstIndex(where: {
          $0.name == name.text && graph.flows[$0.flow.index].name != inFlow
        }),
        let index = diagnostics.lastIndex(where: {
          $0.rule == .undefinedReference && $0.range == sourceRange(name.range)
        })
      else { continue }
      let owner = graph.screens[screen].flow
      let flow = graph.flows[owner.index].name
      flowsMeantByDanglingStarts.append(owner)
      diagnostics[index].notes.append(
        .help("'\(name.text)' is a screen of flow '\(flow)'; name the flow: '\(flow)'"))
    }
  }
}

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

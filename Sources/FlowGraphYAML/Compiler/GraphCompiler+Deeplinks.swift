import FlowGraphCore

extension GraphCompiler {
  /// Checks a screen's `deeplink` (`invalid-deeplink`): well-formed, every
  /// `{name}` a param of the screen, every non-optional param in the pattern,
  /// and no other screen with the same pattern.
  mutating func checkDeeplink(_ deeplink: SyntaxName, params: [Field], screen: String, flow: String)
  {
    let pattern: DeeplinkPattern
    // What a link must do about each param: the advice for a query written
    // in the pattern offers '?name=…' only for a param a link may leave out.
    func need(_ name: String) -> DeeplinkPattern.ParamNeed? {
      guard let field = params.first(where: { $0.name == name }) else { return nil }
      if field.mayBeOmitted { return .omittable }
      if case .list = field.type?.nonOptional { return .requiredList }
      return .required
    }
    switch DeeplinkPattern.parse(deeplink.text, isName: NameRules.isValid, need: need) {
    case .failure(let problem):
      report(
        .invalidDeeplink, "deep link '\(deeplink.text)' is malformed: \(problem.message)",
        at: deeplink.range)
      return
    case .success(let parsed):
      pattern = parsed
    }
    var unknownNames = false
    for name in pattern.parameterNames {
      guard let field = params.first(where: { $0.name == name }) else {
        unknownNames = true
        let message =
          "'{\(name)}' in deep link '\(deeplink.text)' is not a param of screen '\(screen)'"
        if let suggestion = suggestion(for: name, among: params.map(\.name)) {
          // The note is the whole pattern: it replaces the `deeplink` value; the
          // fix rewrites it when the scalar is its source text (plain).
          let corrected = deeplink.text.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == "{\(name)}" ? "{\(suggestion)}" : String($0) }.joined(separator: "/")
          let plain =
            Int(deeplink.range.end - deeplink.range.start) == deeplink.text.utf8.count
          report(
            .invalidDeeplink, "\(message); did you mean '\(corrected)'?", at: deeplink.range,
            notes: [Diagnostic.Note("did you mean '\(corrected)'?")],
            fixes: plain
              ? [Diagnostic.Fix(replacing: sourceRange(deeplink.range), with: corrected)] : [])
        } else {
          report(.invalidDeeplink, message, at: deeplink.range)
        }
        continue
      }
      if case .list = field.type?.nonOptional {
        report(
          .invalidDeeplink,
          "param '\(name)' of screen '\(screen)' is \(describe(field)), which a path segment cannot hold",
          at: deeplink.range)
      }
    }
    // A misnamed `{name}` is one mistake: the param it missed is not
    // reported too. Otherwise every `{name}` is a param: the pattern binds
    // exactly its names.
    let bound = pattern.parameterNames
    if !unknownNames, params.contains(where: { !$0.mayBeOmitted && !bound.contains($0.name) }) {
      let missing = params.filter { !$0.mayBeOmitted && !bound.contains($0.name) }.map(\.name)
      let list = missing.map { "'\($0)'" }.joined(separator: ", ")
      // The help, done, leaves no finding: each in the path, or optional.
      let advice = DeeplinkPattern.bindingAdvice(
        required: missing.filter { need($0) != .requiredList },
        lists: missing.filter { need($0) == .requiredList }, path: deeplink.text, rewrite: false)
      report(
        .invalidDeeplink,
        missing.count == 1
          ? "deep link '\(deeplink.text)' does not bind param \(list) of screen '\(screen)', which is not optional"
          : "deep link '\(deeplink.text)' does not bind params \(list) of screen '\(screen)', which are not optional",
        at: deeplink.range, notes: [.help(advice)])
    }
    // One look-up: a new shape's entry is the next one (the common case),
    // and its screen is kept as the first of the shape.
    let entry = deeplinkShapes.entry(pattern.shape)
    if entry == deeplinkShapeOwners.count {
      deeplinkShapeOwners.append((screen, flow, deeplink.range))
    } else {
      let first = deeplinkShapeOwners[entry]
      report(
        .invalidDeeplink,
        "deep link '\(deeplink.text)' matches the same URLs as the deep link of screen '\(first.screen)' in flow '\(first.flow)'",
        at: deeplink.range,
        notes: [Diagnostic.Note("the other deep link is here", at: sourceRange(first.range))])
    }
  }
}

/// A screen's param as the deep-link check
/// (``DeeplinkPattern/check(_:params:report:)``) sees it: the compiler's
/// fields and the model's ``Parameter``s alike.
package protocol DeeplinkParam {
  /// The param's name.
  var name: String { get }
  /// Whether a link may leave it out: it is optional or has a default.
  var mayBeOmitted: Bool { get }
  /// Whether it is a list (optional or not), which a path segment cannot hold.
  var isList: Bool { get }
}

extension Parameter: DeeplinkParam {
  /// Whether the param is `list<T>` or `list<T>?`.
  package var isList: Bool {
    if case .list = type.nonOptional { return true }
    return false
  }
}

/// What `invalid-deeplink` finds in one screen's deep link (SPEC §2.3;
/// `docs/rules/invalid-deeplink.md`), as the YAML compiler reports it and
/// the compiled formats' decoders refuse it. (Two screens whose patterns
/// match the same URLs are ``DeeplinkShapes``'.)
package enum DeeplinkFinding<Param: DeeplinkParam> {
  /// The pattern does not parse.
  case malformed(DeeplinkPattern.Problem)
  /// A `{name}` that is not a param of the screen.
  case notAParam(String)
  /// A `{name}` of a list param, which a path segment cannot hold.
  case listInPath(Param)
  /// The params that every link must carry (not optional, no default) and
  /// that the pattern does not bind, in param order.
  case unbound([Param])

  /// The finding's message about `pattern`, the deep link of `screen`;
  /// `describe` writes a param's type as the DSL does (`list<int>`).
  package func message(pattern: String, screen: String, describe: (Param) -> String) -> String {
    switch self {
    case .malformed(let problem):
      return "deep link '\(pattern)' is malformed: \(problem.message)"
    case .notAParam(let name):
      return "'{\(name)}' in deep link '\(pattern)' is not a param of screen '\(screen)'"
    case .listInPath(let param):
      return
        "param '\(param.name)' of screen '\(screen)' is \(describe(param)), which a path segment cannot hold"
    case .unbound(let missing):
      let list = missing.map { "'\($0.name)'" }.joined(separator: ", ")
      return missing.count == 1
        ? "deep link '\(pattern)' does not bind param \(list) of screen '\(screen)', which is not optional"
        : "deep link '\(pattern)' does not bind params \(list) of screen '\(screen)', which are not optional"
    }
  }

  /// What to do about an ``unbound(_:)`` finding, so that done, no
  /// `invalid-deeplink` is left (``DeeplinkPattern/bindingAdvice(required:lists:path:rewrite:)``);
  /// `nil` for the others, whose message says it.
  package func help(pattern: String) -> String? {
    guard case .unbound(let missing) = self else { return nil }
    return DeeplinkPattern.bindingAdvice(
      required: missing.filter { !$0.isList }.map(\.name),
      lists: missing.filter(\.isList).map(\.name), path: pattern, rewrite: false)
  }
}

extension DeeplinkPattern {
  /// Parses `text`, the deep link of a screen with `params`, and reports
  /// what `invalid-deeplink` finds in it, in order: a malformed pattern
  /// (then nothing else, and the result is `nil`); each `{name}` that is not
  /// a param, or is a list param; the params every link must carry that it
  /// does not bind (only when every `{name}` is a param: a misnamed `{name}`
  /// is one mistake, not also the param it missed). Returns the pattern, for
  /// ``DeeplinkShapes`` (its ``segments`` are not kept). `{name}`s follow the name rules
  /// (``NameCharacters``). The one check of the compiler and the decoders;
  /// it allocates nothing beyond the parse unless it reports.
  package static func check<Param: DeeplinkParam, Failure: Error>(
    _ text: String, params: some Collection<Param>,
    report: (DeeplinkFinding<Param>) throws(Failure) -> Void
  ) throws(Failure) -> DeeplinkPattern? {
    // What a link must do about each param: the advice for a query written
    // in the pattern offers '?name=…' only for a param a link may leave out.
    func need(_ name: String) -> ParamNeed? {
      guard let param = params.first(where: { $0.name == name }) else { return nil }
      if param.mayBeOmitted { return .omittable }
      return param.isList ? .requiredList : .required
    }
    let pattern: DeeplinkPattern
    switch parse(text, isName: NameCharacters.isValid, need: need, segments: false) {
    case .failure(let problem):
      try report(.malformed(problem))
      return nil
    case .success(let parsed):
      pattern = parsed
    }
    var unknownNames = false
    for name in pattern.parameterNames {
      guard let param = params.first(where: { $0.name == name }) else {
        unknownNames = true
        try report(.notAParam(name))
        continue
      }
      if param.isList { try report(.listInPath(param)) }
    }
    // Otherwise every `{name}` is a param: the pattern binds exactly its names.
    let bound = pattern.parameterNames
    if !unknownNames, params.contains(where: { !$0.mayBeOmitted && !bound.contains($0.name) }) {
      try report(.unbound(params.filter { !$0.mayBeOmitted && !bound.contains($0.name) }))
    }
    return pattern
  }

  /// The message for `pattern`, the deep link of a screen, when the deep
  /// link of screen `screen` in flow `flow` has its shape already
  /// (``DeeplinkShapes``).
  package static func sameURLsMessage(pattern: String, screen: String, flow: String) -> String {
    "deep link '\(pattern)' matches the same URLs as the deep link of screen '\(screen)' in flow '\(flow)'"
  }
}

extension DeeplinkFinding {
  /// What a compiled format's decoder refuses the deep link with: the
  /// finding's message (``message(pattern:screen:describe:)``), with the
  /// param a misnamed `{name}` probably meant among `params`, or what to do
  /// about params it leaves unbound.
  package func refusal(
    pattern: String, screen: String, params: some Collection<Param>,
    describe: (Param) -> String
  ) -> String {
    let message = message(pattern: pattern, screen: screen, describe: describe)
    switch self {
    case .notAParam(let name):
      return message + NameSuggestion.hint(for: name, in: params.lazy.map(\.name))
    case .unbound:
      return message + (help(pattern: pattern).map { "; " + $0 } ?? "")
    case .malformed, .listInPath:
      return message
    }
  }
}

/// The deep-link patterns of a graph's screens so far, by shape: a pattern
/// with the shape of an earlier one matches the same URLs (two patterns
/// that differ only in their parameter names), which `invalid-deeplink`
/// finds at the later one. The compiler and the decoders keep one each;
/// `Owner` is what they say about the screen of a shape's first pattern.
package struct DeeplinkShapes<Owner> {
  /// The shapes, made at the first pattern (a graph without deep links
  /// allocates nothing).
  private var shapes: TextInterner?
  /// The first owner of each shape of ``shapes``, by its entry.
  private var owners: [Owner] = []

  /// No shapes yet.
  package init() {}

  /// The owner of an earlier pattern with `pattern`'s shape; `nil` when the
  /// shape is new, and `owner` then owns it. One look-up: a new shape's
  /// entry is the next one (the common case).
  package mutating func claim(_ pattern: DeeplinkPattern, for owner: Owner) -> Owner? {
    if shapes == nil { shapes = TextInterner(capacity: 16) }
    let entry = shapes!.entry(pattern.shape)
    guard entry < owners.count else {
      owners.append(owner)
      return nil
    }
    return owners[entry]
  }
}

extension DeeplinkShapes: Sendable where Owner: Sendable {}

/// A URL matched to a screen's deep link (SPEC §6.2).
public struct DeepLinkMatch: Hashable, Sendable {
  /// The screen whose pattern matched.
  public var screen: ScreenID
  /// The link values: the pattern's `{name}` values and the query items that
  /// name a param of the screen, each read as the param's type without `?`,
  /// by param name.
  public var values: [String: Value]

  /// Creates a match.
  public init(screen: ScreenID, values: [String: Value]) {
    self.screen = screen
    self.values = values
  }
}

/// Matches URLs against the deep-link patterns of a graph (SPEC §6.2
/// "Matching a URL"): the one matcher of the runtime and the CLI.
public struct DeepLinkMatcher: Sendable {
  private struct Candidate: Sendable {
    var screen: ScreenID
    var pattern: DeeplinkPattern
  }

  private let graph: FlowGraph
  private let candidates: [Candidate]

  /// Creates a matcher for every screen of `graph` with a well-formed
  /// `deeplink` (a malformed one is the compiler's `invalid-deeplink`).
  public init(graph: FlowGraph) {
    self.graph = graph
    var candidates: [Candidate] = []
    for (index, screen) in graph.screens.enumerated() {
      guard let text = screen.deeplink, case .success(let pattern) = DeeplinkPattern.parse(text)
      else { continue }
      candidates.append(Candidate(screen: ScreenID(index), pattern: pattern))
    }
    self.candidates = candidates
  }

  /// The screen and link values of `url`, or why it matches none: not a
  /// URL, no pattern matches its path, or a value does not read as its
  /// param's type (a pattern whose values do not read does not match; the
  /// first such failure is the reason when no other pattern matches).
  public func match(_ url: String) -> Result<DeepLinkMatch, DeepLinkError> {
    let parsed: DeepLinkURL
    switch DeepLinkURL.read(url) {
    case .success(let read): parsed = read
    case .failure(let error): return .failure(error)
    }
    // Literal segments win over `{name}`: candidates by specificity, the
    // first literal position deciding, then file order.
    let shaped = candidates.filter { fits($0.pattern, parsed.segments) }.sorted {
      Self.moreSpecific($0.pattern, than: $1.pattern)
    }
    var firstFailure: DeepLinkError?
    for candidate in shaped {
      switch values(of: candidate, parsed, url: url) {
      case .success(let values):
        return .success(DeepLinkMatch(screen: candidate.screen, values: values))
      case .failure(let error): if firstFailure == nil { firstFailure = error }
      }
    }
    if let firstFailure { return .failure(firstFailure) }
    let path = "/" + parsed.segments.joined(separator: "/")
    return .failure(
      DeepLinkError(url: url, "no deep-link pattern matches '\(url)' (path '\(path)')"))
  }

  /// Whether the pattern's literals equal the URL's segments, with a
  /// non-empty segment for each `{name}`.
  private func fits(_ pattern: DeeplinkPattern, _ segments: [String]) -> Bool {
    guard pattern.segments.count == segments.count else { return false }
    for (expected, actual) in zip(pattern.segments, segments) {
      switch expected {
      case .literal(let text): if text != actual { return false }
      case .parameter: if actual.isEmpty { return false }
      }
    }
    return true
  }

  /// `a bool`, `an int`.
  private static func withArticle(_ type: String) -> String {
    (type.first.map { "aeiouAEIOU".contains($0) } ?? false ? "an " : "a ") + type
  }

  /// Why `text` is not a `type`: `which is not an int`, or, for an integer
  /// that `int` cannot hold, `which is out of range for int (…)`.
  private func mismatch(_ text: String, _ type: ValueType) -> String {
    if ValueParser.isOutOfRange(text, quoted: false, as: type) {
      return "which is \(IntegerLiteral.outOfRangeForInt)"
    }
    return "which is not \(Self.withArticle(graph.describe(type)))"
  }

  /// For an enum `type`, what follows a mismatch: `; the cases of Language
  /// are en, de, fr; did you mean 'en'?` (the "did you mean" when a case is
  /// close to `text`); empty for any other type.
  private func cases(near text: String, _ type: ValueType) -> String {
    guard case .named(let id) = type, graph.types.indices.contains(id.index) else { return "" }
    let definition = graph.types[id.index]
    return definition.casesHint(
      suggesting: NameSuggestion.best(for: text, among: definition.cases))
  }

  private static func moreSpecific(_ lhs: DeeplinkPattern, than rhs: DeeplinkPattern) -> Bool {
    for (left, right) in zip(lhs.segments, rhs.segments) {
      switch (left, right) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      default: continue
      }
    }
    return false
  }

  private func values(of candidate: Candidate, _ url: DeepLinkURL, url text: String) -> Result<
    [String: Value], DeepLinkError
  > {
    let screen = graph[candidate.screen]
    let parser = ValueParser(graph: graph)
    var values: [String: Value] = [:]
    for (segment, actual) in zip(candidate.pattern.segments, url.segments) {
      guard case .parameter(let name) = segment,
        let param = screen.params.first(where: { $0.name == name })
      else { continue }
      let type = param.type.nonOptional
      guard let value = parser.value(actual, quoted: true, as: type) else {
        return .failure(
          DeepLinkError(
            url: text,
            "segment '{\(name)}' of deep link '\(screen.deeplink ?? "")' (screen '\(screen.name)') is '\(actual)', \(mismatch(actual, type))\(cases(near: actual, type))"
          ))
      }
      values[name] = value
    }
    for item in url.query where values[item.name] == nil {
      guard let param = screen.params.first(where: { $0.name == item.name }) else { continue }
      let type = param.type.nonOptional
      guard let value = parser.value(item.value, quoted: true, as: type) else {
        return .failure(
          DeepLinkError(
            url: text,
            "query item '\(item.name)' of '\(text)' is '\(item.value)', \(mismatch(item.value, type)) (param '\(item.name)' of screen '\(screen.name)')\(cases(near: item.value, type))"
          ))
      }
      values[item.name] = value
    }
    return .success(values)
  }
}

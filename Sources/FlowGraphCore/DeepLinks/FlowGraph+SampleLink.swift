extension FlowGraph {
  /// A URL that opens a screen's deep link, made from its pattern and the
  /// sample values of its params (``sampleValue(for:)``): each `{name}`
  /// segment holds its param's sample, and the screen's other params follow
  /// as query items in param order, so that the link carries every param
  /// (as `flowgraph routes` assumes). It is a bare path (`/posts/1`), which
  /// `open` accepts (SPEC §6.2); an app's URL is its scheme in front
  /// (`myapp://` + `/posts/1` is `myapp:///posts/1`, the same path).
  /// Everything but unreserved characters is percent-encoded. `nil` when the
  /// screen has no well-formed deep link.
  public func sampleLink(to screen: ScreenID) -> String? {
    guard let text = self[screen].deeplink, case .success(let pattern) = DeeplinkPattern.parse(text)
    else { return nil }
    let params = self[screen].params
    func sample(_ name: String) -> String {
      guard let param = params.first(where: { $0.name == name }) else { return name }
      return PercentEncoding.encode(sampleValue(for: param).linkText)
    }
    var path = ""
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal): path += "/" + PercentEncoding.encode(literal)
      case .parameter(let name): path += "/" + sample(name)
      }
    }
    if path.isEmpty { path = "/" }
    let query = params.filter { !pattern.parameterNames.contains($0.name) }.map {
      PercentEncoding.encode($0.name) + "=" + sample($0.name)
    }
    return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
  }
}

extension Value {
  /// The value as a URL's segment or query value holds it before encoding
  /// (what ``ValueParser`` reads back as the param's type): text as is,
  /// numbers and flags as in scripts, a list as a JSON array.
  fileprivate var linkText: String {
    switch self {
    case .null: return ""
    case .string(let text), .url(let text), .date(let text): return text
    case .bool, .int, .double: return eventSyntax
    case .list: return json
    }
  }
}

/// A URL read for deep-link matching (SPEC §6.2): its path segments and its
/// query items, percent-decoded.
///
/// For `http`/`https` the path is read (the host is not checked); for any
/// other scheme a non-empty host is the path's first segment
/// (`myapp://posts/42` → `/posts/42`); a bare path (`/posts/42`) is accepted.
/// One trailing `/` is ignored; a fragment (`#…`) is ignored.
package struct DeepLinkURL: Hashable, Sendable {
  /// The decoded path segments (none for `/`).
  package var segments: [String]
  /// The decoded query items in order, `?flag` with the empty value.
  package var query: [(name: String, value: String)]

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.segments == rhs.segments && lhs.query.elementsEqual(rhs.query, by: { $0 == $1 })
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(segments)
    for item in query {
      hasher.combine(item.name)
      hasher.combine(item.value)
    }
  }

  /// Reads `text`, or says why it is not a URL a deep link can match.
  package static func read(_ text: String) -> Result<DeepLinkURL, DeepLinkError> {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var queryText: Substring?
    if let mark = rest.firstIndex(of: "?") {
      queryText = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var path: Substring
    var host: Substring?
    if rest.hasPrefix("/") {
      path = rest
    } else if let colon = rest.firstIndex(of: ":"), isScheme(rest[..<colon]) {
      let scheme = rest[..<colon].lowercased()
      var afterScheme = rest[rest.index(after: colon)...]
      if afterScheme.hasPrefix("//") {
        afterScheme = afterScheme.dropFirst(2)
        let end = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        var authority = afterScheme[..<end]
        if let at = authority.lastIndex(of: "@") {
          authority = authority[authority.index(after: at)...]
        }
        if let port = authority.lastIndex(of: ":") { authority = authority[..<port] }
        path = afterScheme[end...]
        if scheme != "http" && scheme != "https" && !authority.isEmpty { host = authority }
      } else {
        path = afterScheme
      }
    } else {
      return .failure(
        DeepLinkError(
          url: text,
          "'\(text)' is not a URL: it has no scheme (myapp://…, https://…) and is not a path starting with '/'"
        ))
    }
    if path.hasPrefix("/") { path = path.dropFirst() }
    if path.hasSuffix("/") { path = path.dropLast() }
    var segments: [String] = []
    if let host {
      guard let decoded = PercentDecoding.decode(host) else {
        return .failure(malformed(text, host))
      }
      segments.append(decoded)
    }
    if !path.isEmpty {
      for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
        guard let decoded = PercentDecoding.decode(segment) else {
          return .failure(malformed(text, segment))
        }
        segments.append(decoded)
      }
    }
    var query: [(name: String, value: String)] = []
    if let queryText {
      for item in queryText.split(separator: "&") {
        let equals = item.firstIndex(of: "=")
        let nameText = item[..<(equals ?? item.endIndex)]
        let valueText = equals.map { item[item.index(after: $0)...] } ?? ""
        guard let name = PercentDecoding.decode(nameText) else {
          return .failure(malformed(text, nameText))
        }
        guard let value = PercentDecoding.decode(valueText) else {
          return .failure(malformed(text, valueText))
        }
        query.append((name, value))
      }
    }
    return .success(DeepLinkURL(segments: segments, query: query))
  }

  /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0))
    }
  }

  private static func malformed(_ url: String, _ part: Substring) -> DeepLinkError {
    DeepLinkError(
      url: url,
      "'\(part)' in '\(url)' has a malformed percent escape (a '%' takes two hex digits) or is not UTF-8 once decoded"
    )
  }
}

/// Why a URL opens no deep link: it is not a URL, no pattern matches it, or
/// a value does not read as its param's type.
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL as given.
  public var url: String
  /// What is wrong, in one sentence.
  public var message: String

  /// Creates an error.
  public init(url: String, _ message: String) {
    self.url = url
    self.message = message
  }

  public var description: String { message }
}

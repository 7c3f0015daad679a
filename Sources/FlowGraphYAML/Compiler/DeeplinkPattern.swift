/// A parsed deep-link path pattern such as `/posts/{postId}` (SPEC §2.3).
///
/// A pattern starts with `/`; each segment is literal text (URL path
/// characters) or exactly one `{name}`. No query, no fragment, no empty
/// segment (except the root pattern `/`).
struct DeeplinkPattern: Sendable {
  /// One path segment.
  enum Segment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
  }

  var segments: [Segment]

  /// The pattern with its parameter names erased (`/posts/{}`): two patterns
  /// with one shape match the same URLs.
  var shape: String {
    guard !segments.isEmpty else { return "/" }
    var text = ""
    for segment in segments {
      switch segment {
      case .literal(let value): text += "/" + value
      case .parameter: text += "/{}"
      }
    }
    return text
  }

  /// The parameter names, in order.
  var parameterNames: [String] {
    segments.compactMap {
      if case .parameter(let name) = $0 { return name }
      return nil
    }
  }

  /// Parses `text`; on failure, says what is wrong.
  static func parse(_ text: String) -> Result<DeeplinkPattern, Problem> {
    guard text.first == "/" else { return .failure(Problem("a pattern starts with '/'")) }
    if text == "/" { return .success(DeeplinkPattern(segments: [])) }
    var segments: [Segment] = []
    var seen: Set<String> = []
    for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      if part.isEmpty {
        return .failure(Problem("a pattern has no empty segment ('//' or a trailing '/')"))
      }
      if part.contains("{") || part.contains("}") {
        guard part.first == "{", part.last == "}", part.count > 2 else {
          return .failure(Problem("'{name}' must be a whole segment, as in /posts/{postId}"))
        }
        let name = String(part.dropFirst().dropLast())
        guard NameRules.isValid(name) else {
          return .failure(Problem("'\(part)' does not hold a param name"))
        }
        guard seen.insert(name).inserted else {
          return .failure(Problem("'{\(name)}' appears twice"))
        }
        segments.append(.parameter(name))
        continue
      }
      guard part.unicodeScalars.allSatisfy(isPathCharacter) else {
        return .failure(
          Problem("'\(part)' has a character that a URL path cannot hold (no query or fragment)"))
      }
      segments.append(.literal(String(part)))
    }
    return .success(DeeplinkPattern(segments: segments))
  }

  /// Why a pattern is malformed.
  struct Problem: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// RFC 3986 `pchar` (unreserved, sub-delims, `:`, `@`, and `%` of an escape).
  private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": true
    case "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@", "%":
      true
    default: false
    }
  }
}

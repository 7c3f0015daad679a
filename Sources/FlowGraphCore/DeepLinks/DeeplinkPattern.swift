/// A parsed deep-link path pattern such as `/posts/{postId}` (SPEC §2.3).
///
/// A pattern starts with `/`; each segment is literal text (URL path
/// characters) or exactly one `{name}`. No query, no fragment, no empty
/// segment (except the root pattern `/`). The compiler checks patterns with
/// it (`invalid-deeplink`); the URL matcher (``DeepLinkMatcher``) reads their
/// segments.
package struct DeeplinkPattern: Sendable {
  /// One segment of a pattern.
  package enum Segment: Hashable, Sendable {
    /// Text that a URL's segment must equal (percent-decoded).
    case literal(String)
    /// `{name}`: one non-empty segment, bound to the param `name`.
    case parameter(String)
  }

  /// The pattern with its parameter names erased (`/posts/{}`): two patterns
  /// with one shape match the same URLs.
  package var shape: String
  /// The parameter names, in order.
  package var parameterNames: [String]
  /// The segments, in order (none for the root pattern `/`).
  package var segments: [Segment] = []

  /// Why a pattern is malformed.
  package struct Problem: Error, Sendable {
    package var message: String
    init(_ message: String) { self.message = message }
  }

  /// Parses `text`; on failure, says what is wrong. `isName` decides which
  /// `{name}`s hold a param name (the compiler passes its name rules).
  package static func parse(
    _ text: String, isName: (String) -> Bool = { !$0.isEmpty }
  ) -> Result<DeeplinkPattern, Problem> {
    var copy = text
    return copy.withUTF8 { parse(bytes: $0, isName: isName) }
  }

  private static func parse(
    bytes: UnsafeBufferPointer<UInt8>, isName: (String) -> Bool
  ) -> Result<DeeplinkPattern, Problem> {
    guard bytes.first == UInt8(ascii: "/") else {
      return .failure(Problem("a pattern starts with '/'"))
    }
    // A query or fragment is not part of what a pattern matches: say so
    // rather than blame the segment it is in.
    if let query = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      let what = bytes[query] == UInt8(ascii: "?") ? "a query string ('?…')" : "a fragment ('#…')"
      let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<query]), as: UTF8.self)
      return .failure(
        Problem(
          "\(what) is not part of a pattern: a deep link pattern matches the URL's path only; match '\(path)', and let the app read the query"
        ))
    }
    if bytes.count == 1 { return .success(DeeplinkPattern(shape: "/", parameterNames: [])) }
    var shape: [UInt8] = []
    shape.reserveCapacity(bytes.count)
    var names: [String] = []
    // One segment per '/': the lists are made to measure, not grown.
    var segments: [Segment] = []
    segments.reserveCapacity(bytes.reduce(0) { $0 &+ ($1 == UInt8(ascii: "/") ? 1 : 0) })
    var start = 1
    while start <= bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
      let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if segment.isEmpty {
        return .failure(Problem("a pattern has no empty segment ('//' or a trailing '/')"))
      }
      shape.append(UInt8(ascii: "/"))
      if segment.contains(UInt8(ascii: "{")) || segment.contains(UInt8(ascii: "}")) {
        guard segment.count > 2, segment.first == UInt8(ascii: "{"),
          segment.last == UInt8(ascii: "}")
        else {
          return .failure(Problem("'{name}' must be a whole segment, as in /posts/{postId}"))
        }
        let name = String(decoding: segment.dropFirst().dropLast(), as: UTF8.self)
        guard isName(name) else {
          return .failure(
            Problem("'\(String(decoding: segment, as: UTF8.self))' does not hold a param name"))
        }
        guard !names.contains(name) else {
          return .failure(Problem("'{\(name)}' appears twice"))
        }
        names.append(name)
        segments.append(.parameter(name))
        shape.append(UInt8(ascii: "{"))
        shape.append(UInt8(ascii: "}"))
      } else {
        guard segment.allSatisfy(isPathByte) else {
          return .failure(
            Problem(
              "'\(String(decoding: segment, as: UTF8.self))' has a character that a URL path cannot hold (no query or fragment)"
            ))
        }
        shape.append(contentsOf: segment)
        segments.append(
          .literal(PercentDecoding.decode(segment) ?? String(decoding: segment, as: UTF8.self)))
      }
      start = end + 1
    }
    return .success(
      DeeplinkPattern(
        shape: String(decoding: shape, as: UTF8.self), parameterNames: names, segments: segments))
  }

  /// RFC 3986 `pchar` (unreserved, sub-delims, `:`, `@`, and `%` of an escape).
  private static func isPathByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"), UInt8(ascii: "%"):
      true
    default: false
    }
  }
}

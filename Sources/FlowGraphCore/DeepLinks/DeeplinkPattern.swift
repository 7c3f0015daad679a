/// A parsed deep-link path pattern such as `/posts/{postId}` (SPEC §2.3).
///
/// A pattern starts with `/`; each segment is literal text (URL path
/// characters) or exactly one `{name}`. No query, no fragment, no empty
/// segment (except the root pattern `/`). The compiler and the compiled
/// formats' decoders check patterns with it (`invalid-deeplink`,
/// ``check(_:params:report:)``); the URL matcher (``DeepLinkMatcher``) reads
/// their segments.
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

  /// What a link must do about a param of the pattern's screen, for the
  /// advice of a malformed pattern and of a param it does not bind.
  package enum ParamNeed: Sendable {
    /// Optional, or with a default: a link may leave it out.
    case omittable
    /// Every link must carry it.
    case required
    /// Every link must carry it, and it is a list, which a path segment
    /// cannot hold.
    case requiredList
  }

  /// Why a query or fragment cannot be in a pattern, and what to write
  /// instead (SPEC §6.2): the pattern is `path`, and the URL's query items
  /// bind the target's params by name with no pattern of their own; a
  /// `{name}` written in the query is shown as the query item that binds it.
  /// When the names are params a link may leave out (or `need` does not
  /// know them), the pattern is `path`, or, for a param every link must
  /// carry, has its `{name}` segment; when one is a param every link must
  /// carry, the advice is ``bindingAdvice(required:lists:path:rewrite:)``'s,
  /// and says why.
  private static func notPartOfAPattern(
    path: String, rest: String, isQuery: Bool, need: (String) -> ParamNeed?
  ) -> String {
    let what = isQuery ? "a query string ('?…')" : "a fragment ('#…')"
    let base = path.isEmpty ? "/" : path
    var names: [String] = []
    var remaining = rest[...]
    while let open = remaining.firstIndex(of: "{"),
      let close = remaining[open...].firstIndex(of: "}")
    {
      let name = String(remaining[remaining.index(after: open)..<close])
      if !name.isEmpty, !names.contains(name) { names.append(name) }
      remaining = remaining[remaining.index(after: close)...]
    }
    let bindsByName =
      "a pattern matches the URL's path, and the URL's query items bind the screen's params by name by themselves"
    guard !names.isEmpty else {
      return "\(what) is not part of a pattern: \(bindsByName); write '\(base)'"
    }
    let items = names.map { "'?\($0)=…'" }.joined(separator: ", ")
    let required = names.filter { need($0) == .required }
    let lists = names.filter { need($0) == .requiredList }
    guard required.isEmpty && lists.isEmpty else {
      let all = required + lists
      let list = all.map { "'\($0)'" }.joined(separator: ", ")
      let why =
        all.count == 1
        ? "param \(list) is not optional and has no default"
        : "params \(list) are not optional and have no default"
      let advice = bindingAdvice(required: required, lists: lists, path: base, rewrite: true)
      return "\(what) is not part of a pattern: \(bindsByName) (\(items)); \(why): \(advice)"
    }
    return
      "\(what) is not part of a pattern: \(bindsByName) (\(items)); write '\(base)', or, for a param that every link must carry, '\(inPath(base, names))'"
  }

  /// `path` with a `{name}` segment for each of `names` after it.
  private static func inPath(_ path: String, _ names: [String]) -> String {
    (path.hasSuffix("/") ? String(path.dropLast()) : path) + names.map { "/{\($0)}" }.joined()
  }

  /// What to do about params of a link's screen that the pattern `path`
  /// does not bind and that every link must carry (not optional, no
  /// default), so that done, no `invalid-deeplink` is left: `required` in
  /// the path as `{name}` segments (every link then carries them), or made
  /// optional or given a default (a link binds them by query items when it
  /// has them); `lists`, which a path segment cannot hold, only the latter.
  /// With `rewrite`, the pattern to write is named also when it stays
  /// `path` (it was written with a query, whose message named the query
  /// items already).
  package static func bindingAdvice(
    required: [String], lists: [String], path: String, rewrite: Bool
  ) -> String {
    func names(_ names: [String]) -> String {
      names.map { "'\($0)'" }.joined(separator: ", ")
    }
    func items(_ names: [String]) -> String {
      names.map { "'?\($0)=…'" }.joined(separator: ", ")
    }
    func pronoun(_ names: [String]) -> String { names.count == 1 ? "it" : "them" }
    func defaults(_ names: [String]) -> String { names.count == 1 ? "a default" : "defaults" }
    let write = rewrite ? " and write '\(path)'" : ""
    var parts: [String] = []
    if !required.isEmpty {
      var part =
        "write '\(inPath(path, required))', so that every link carries \(pronoun(required))"
      if lists.isEmpty {
        part +=
          ", or make \(names(required)) optional or give \(pronoun(required)) \(defaults(required))\(write)"
        // (A malformed pattern's message has named the query items.)
        if !rewrite {
          part +=
            " (a link then binds \(pronoun(required)) by \(items(required)) when it has \(pronoun(required)))"
        }
      }
      parts.append(part)
    }
    if !lists.isEmpty {
      parts.append(
        "make \(names(lists)) optional or give \(pronoun(lists)) \(defaults(lists))\(required.isEmpty ? write : "") (a list cannot be a path segment; a link binds \(pronoun(lists)) by \(items(lists)))"
      )
    }
    return parts.joined(separator: ", and ")
  }

  /// Parses `text`; on failure, says what is wrong. `isName` decides which
  /// `{name}`s hold a param name (the compiler passes its name rules);
  /// `need` says what a link must do about a param of the screen (`nil`
  /// for a name that is none), for the advice when a query or fragment is
  /// written in the pattern. Without `segments`, the pattern's
  /// ``segments`` are left empty: a check needs only its shape and names.
  package static func parse(
    _ text: String, isName: (String) -> Bool = { !$0.isEmpty },
    need: (String) -> ParamNeed? = { _ in nil }, segments: Bool = true
  ) -> Result<DeeplinkPattern, Problem> {
    var copy = text
    return copy.withUTF8 {
      parse(bytes: $0, isName: isName, need: need, keepingSegments: segments)
    }
  }

  private static func parse(
    bytes: UnsafeBufferPointer<UInt8>, isName: (String) -> Bool, need: (String) -> ParamNeed?,
    keepingSegments: Bool
  ) -> Result<DeeplinkPattern, Problem> {
    guard bytes.first == UInt8(ascii: "/") else {
      return .failure(Problem("a pattern starts with '/'"))
    }
    // One pass: a query or fragment (not part of what a pattern matches: say
    // so rather than blame the segment it is in), and one segment per '/',
    // so that the list is made to measure.
    var slashes = 0
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/") {
        slashes &+= 1
      } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
        let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
        return .failure(
          Problem(
            notPartOfAPattern(
              path: path, rest: rest, isQuery: byte == UInt8(ascii: "?"), need: need)))
      }
    }
    if bytes.count == 1 { return .success(DeeplinkPattern(shape: "/", parameterNames: [])) }
    // The shape (each `{name}` as `{}`) is never longer than the pattern:
    // built in scratch memory, with one allocation for the string.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) {
      shapeBytes -> Result<DeeplinkPattern, Problem> in
      var length = 0
      func put(_ byte: UInt8) {
        shapeBytes[length] = byte
        length &+= 1
      }
      var names: [String] = []
      var segments: [Segment] = []
      if keepingSegments { segments.reserveCapacity(slashes) }
      var start = 1
      while start <= bytes.count {
        // The segment's end, and what its bytes hold, in one pass.
        var end = start
        var kinds: UInt8 = 0
        while end < bytes.count {
          let byte = bytes[end]
          if byte == UInt8(ascii: "/") { break }
          kinds |= byteKind(byte)
          end &+= 1
        }
        let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if segment.isEmpty {
          return .failure(Problem("a pattern has no empty segment ('//' or a trailing '/')"))
        }
        put(UInt8(ascii: "/"))
        if kinds & Self.brace != 0 {
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
          if keepingSegments { segments.append(.parameter(name)) }
          put(UInt8(ascii: "{"))
          put(UInt8(ascii: "}"))
        } else {
          guard kinds & Self.notPath == 0 else {
            return .failure(
              Problem(
                "'\(String(decoding: segment, as: UTF8.self))' has a character that a URL path cannot hold (no query or fragment)"
              ))
          }
          for byte in segment { put(byte) }
          if keepingSegments {
            // A segment without `%` is its own text.
            let text =
              kinds & Self.escape != 0
              ? PercentDecoding.decode(segment) ?? String(decoding: segment, as: UTF8.self)
              : String(decoding: segment, as: UTF8.self)
            segments.append(.literal(text))
          }
        }
        start = end + 1
      }
      let shape = String(
        decoding: UnsafeBufferPointer(rebasing: shapeBytes[..<length]), as: UTF8.self)
      return .success(DeeplinkPattern(shape: shape, parameterNames: names, segments: segments))
    }
  }

  /// What a segment's byte is, as bits: ``brace`` (`{` or `}`), ``notPath``
  /// (not an RFC 3986 `pchar`: unreserved, sub-delims, `:`, `@`, or `%` of an
  /// escape), ``escape`` (`%`).
  @inline(__always)
  private static func byteKind(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      0
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"):
      0
    case UInt8(ascii: "%"): escape
    case UInt8(ascii: "{"), UInt8(ascii: "}"): brace | notPath
    default: notPath
    }
  }

  private static let brace: UInt8 = 1
  private static let notPath: UInt8 = 2
  private static let escape: UInt8 = 4
}

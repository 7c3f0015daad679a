import FlowGraphCore

/// The catalogue of the YAML front end's findings: one place for every
/// message, so that they stay consistent and name the limit or rule involved.
enum YAMLFindings {
  // MARK: Limits

  static func fileTooLarge(size: Int, limit: Int, at range: SourceRange) -> Diagnostic {
    // "8388608 bytes (8 MiB)"; a limit under a KiB is said once.
    let described = describeBytes(limit)
    let limitText = described == "\(limit) bytes" ? described : "\(limit) bytes (\(described))"
    return Diagnostic(
      .yamlLimit,
      "the file is \(size) bytes, more than the file size limit of \(limitText); raise it with --max-file-size",
      at: range)
  }

  static func scalarTooLong(length: Int, limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlLimit,
      "this scalar is \(length) bytes long, more than the scalar length limit of \(limit) bytes"
        + " (YAMLLimits.maxScalarLength; it has no CLI flag)",
      at: range)
  }

  static func tooDeep(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlLimit,
      "mappings and sequences are nested deeper than the nesting depth limit of \(limit);"
        + " raise it with --max-depth",
      at: range)
  }

  static func aliasBudget(limit: Int, at range: SourceRange, anchor: String) -> Diagnostic {
    Diagnostic(
      .yamlLimit,
      "alias '*\(anchor)' makes alias expansion add more than the alias nodes limit of"
        + " \(limit) nodes; raise it with --max-alias-nodes",
      at: range)
  }

  // MARK: Documents and encoding

  static func notUTF8(_ encoding: YAMLEncoding, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "the file is encoded as \(encoding.name); flowgraph reads UTF-8 only: save the file as UTF-8",
      at: range)
  }

  /// A compiled graph in the launch format given where a flow file is
  /// read: it is not YAML, and its bytes are not worth a reader error.
  static func compiledGraph(at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "this is a compiled graph (the launch format 'flowgraph compile' writes), not a flow file: "
        + "load it with CompiledGraph.decode, or read the flow file it was compiled from",
      at: range)
  }

  static func noDocument(at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax, "the file has no YAML document: it is empty or holds only comments", at: range)
  }

  static func secondDocument(at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "a second YAML document starts here; a flow file holds exactly one document",
      at: range)
  }

  // MARK: Refused YAML

  static func complexKey(_ kind: YAMLNode.Kind, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "a mapping key must be a scalar, not a \(kind == .mapping ? "mapping" : "sequence")",
      at: range)
  }

  static func unsupportedTag(_ tag: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "the tag '\(displayTag(tag))' is not supported; only the core schema's tags"
        + " (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map) are",
      at: range)
  }

  static func tagMismatch(_ tag: String, kind: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(.yamlSyntax, "the tag '\(displayTag(tag))' cannot be used on a \(kind)", at: range)
  }

  /// A tagged scalar whose text the tag does not read; for `!!int`, an
  /// integer that `int` cannot hold says so (``IntegerLiteral``).
  static func taggedValueMismatch(_ text: String, tag: String, at range: SourceRange) -> Diagnostic
  {
    let tag = displayTag(tag)
    if tag == "!!int", IntegerLiteral.isOutOfRange(text, radixPrefixes: true) {
      return Diagnostic(
        .yamlSyntax,
        "\(IntegerLiteral.outOfRange(text)), so it is not a valid value for the tag '!!int'",
        at: range)
    }
    return Diagnostic(.yamlSyntax, "'\(text)' is not a valid value for the tag '\(tag)'", at: range)
  }

  /// An alias with no anchor of its name before it; `suggestion` is a
  /// defined anchor it may misspell.
  static func undefinedAlias(_ anchor: String, at range: SourceRange, suggestion: String?)
    -> Diagnostic
  {
    let message =
      "alias '*\(anchor)' refers to an anchor '&\(anchor)' that is not defined before it"
    guard let suggestion else { return Diagnostic(.yamlSyntax, message, at: range) }
    return Diagnostic(
      .yamlSyntax, "\(message); did you mean '*\(suggestion)'?", at: range,
      notes: [Diagnostic.Note("did you mean '*\(suggestion)'?")],
      fixes: [Diagnostic.Fix(replacing: range, with: "*" + suggestion)])
  }

  static func recursiveAlias(_ anchor: String, at range: SourceRange, anchorRange: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      .yamlSyntax,
      "alias '*\(anchor)' refers to a node that contains it (a recursive alias)",
      at: range, notes: [.init("the anchor '&\(anchor)' is defined here", at: anchorRange)])
  }

  static func duplicateKey(_ key: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
    Diagnostic(
      .duplicateKey,
      "duplicate key '\(key)' in this mapping; the first one (line \(first.start.line)) is used",
      at: range, notes: [.init("'\(key)' is first defined here", at: first)])
  }

  static func badMerge(_ what: String, at range: SourceRange, value: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "a merge key '<<' takes a mapping or a list of mappings, but \(what)",
      at: range, notes: [.init("the merged value is defined here", at: value)])
  }

  // MARK: Shape mistakes

  /// `start:welcome` for `start: welcome`; `asMap` suggests `{ start: welcome }`
  /// (for a value, where `key: value` would not be valid YAML).
  static func missingSpaceAfterColon(key: String, value: String, asMap: Bool = false) -> String {
    let fixed = asMap ? "{ \(key): \(value) }" : "\(key): \(value)"
    return "missing space after ':' in '\(key):\(value)': write '\(fixed)'"
  }

  /// `title Card` for `title: Card`.
  static func missingColon(key: String, value: String) -> String {
    "missing ':' after '\(key)' in '\(key) \(value)': write '\(key): \(value)'"
  }

  static func missingColon(key: String) -> String {
    "missing ':' after '\(key)': the lines below it, indented deeper, are its value; write '\(key):'"
  }

  // MARK: libyaml

  static func libyaml(
    _ problem: String, context: String?, at range: SourceRange, contextRange: SourceRange?
  )
    -> Diagnostic
  {
    guard let context else { return Diagnostic(.yamlSyntax, problem, at: range) }
    return Diagnostic(
      .yamlSyntax, "\(problem) \(context)", at: range,
      notes: [.init("\(context) that started here", at: contextRange)])
  }

  static func reader(_ problem: String, value: Int, at range: SourceRange) -> Diagnostic {
    if problem.hasPrefix("control characters") {
      let code = String(value, radix: 16, uppercase: true)
      let name = value == 0 ? " (a NUL byte)" : ""
      return Diagnostic(
        .yamlSyntax,
        "control characters are not allowed: found U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)\(name)",
        at: range)
    }
    let detail = value >= 0 ? " (0x\(String(value, radix: 16, uppercase: true)))" : ""
    return Diagnostic(
      .yamlSyntax,
      "the file is not valid UTF-8: \(problem)\(detail); save the file as UTF-8",
      at: range)
  }

  // MARK: Helpers

  static func displayTag(_ tag: String) -> String {
    let prefix = "tag:yaml.org,2002:"
    return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
  }

  static func describeBytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }
}

import FlowGraphCore

/// Indentation slips that are valid YAML but give the file another shape
/// than the one meant: a screen indented into the screen before it (its name
/// becomes an unknown key of that screen, and every reference to it is
/// undefined), or a screen's key dedented to the level of the screens (it
/// becomes a screen of its own, unreachable, full of unknown keys). Each is
/// reported once, as what it is, and the decoder goes on with the shape that
/// was meant, so that no finding follows from the slip.
extension SyntaxDecoder {
  /// The keys of `node` when it has a screen's shape: a map of one or more
  /// keys, every one a screen key.
  func screenShape(_ node: YAMLNode) -> [String]? {
    guard hasScreenShape(node) else { return nil }
    var keys: [String] = []
    for (key, _) in node.pairs {
      guard self.key(key).isScreenKey, let text = text(key) else { return nil }
      keys.append(text)
    }
    return keys
  }

  /// Whether `node` has a screen's shape (``screenShape(_:)``), with no
  /// array built: most maps are not screens, and an action's value is asked
  /// twice. `inActions`: an action's value that is a screen indented into
  /// the actions, which also needs a key that no transition takes (not only
  /// `params`).
  func hasScreenShape(_ node: YAMLNode, inActions: Bool = false) -> Bool {
    Self.hasScreenShape(Int(node.index), in: node.document, inActions: inActions)
  }

  /// ``hasScreenShape(_:inActions:)`` for the node at `index` of `document`,
  /// read from the arena (no node handle per key: every action's value is
  /// asked).
  private static func hasScreenShape(_ index: Int, in document: YAMLDocument, inActions: Bool)
    -> Bool
  {
    guard document.nodeFlags(index).kind == .mapping else { return false }
    let record = document.collection(index)
    guard record.count > 0 else { return false }
    var onlyParams = true
    for pair in 0..<Int(record.count) {
      let keyNode = Int(document.children[Int(record.first) + 2 * pair])
      guard document.nodeFlags(keyNode).kind == .scalar else { return false }
      let key = document.withText(keyNode) { DSLKey(utf8: $0) }
      guard key.isScreenKey else { return false }
      if key != .params { onlyParams = false }
    }
    return !inActions || !onlyParams
  }

  /// The screens indented into a screen's `actions` value, to be decoded as
  /// the flow's (``action(_:_:isIndentedScreen:)`` reports each).
  func screensIndented(intoActions actions: YAMLNode) -> [(key: YAMLNode, value: YAMLNode)] {
    guard actions.kind == .mapping else { return [] }
    let document = actions.document
    let record = document.collection(Int(actions.index))
    var found: [(key: YAMLNode, value: YAMLNode)] = []
    for pair in 0..<Int(record.count) {
      let value = Int(document.children[Int(record.first) + 2 * pair + 1])
      if Self.hasScreenShape(value, in: document, inActions: true) {
        found.append(actions.pairs[pair])
      }
    }
    return found
  }

  /// Whether `key: value`, an entry of a flow's `screens`, is a screen's key
  /// dedented to the screens' level: its name is a screen key and its value
  /// is not a screen (a scalar, a list, or a map with a key a screen does not take).
  func isDedentedScreenKey(_ key: YAMLNode, _ value: YAMLNode) -> Bool {
    guard self.key(key).isScreenKey else { return false }
    switch value.kind {
    case .scalar: return !value.isNull
    case .sequence: return true
    case .mapping: return !value.pairs.isEmpty && !hasScreenShape(value)
    }
  }

  /// Decodes `entries` as screens of a flow, each followed by the screens
  /// found indented into it.
  mutating func appendScreens(
    _ entries: [(key: YAMLNode, value: YAMLNode)], to screens: inout [ScreenSyntax]
  ) {
    var pending = entries[...]
    var nested: [(key: YAMLNode, value: YAMLNode)] = []
    while let (key, value) = pending.popFirst() {
      appendScreen(key, value, to: &screens, nested: &nested)
      if !nested.isEmpty {
        pending = nested + pending
        nested = []
      }
    }
  }

  /// Reports a screen found as a key of a screen or as an action (`place`
  /// says which): indented too far.
  mutating func reportIndentedScreen(_ key: YAMLNode, keys: [String], place: String) {
    let name = text(key) ?? ""
    report(
      .unknownKey,
      "'\(name)' looks like a screen, with \(Self.list(keys)): is it indented too far?"
        + " (as it is, it is \(place))",
      at: key.range)
  }

  /// Reports a screen found among the keys of `flow`: indented too little.
  mutating func reportDedentedScreen(_ key: YAMLNode, keys: [String], flow: String) {
    let name = text(key) ?? ""
    report(
      .unknownKey,
      "'\(name)' looks like a screen, with \(Self.list(keys)): is it indented too little?"
        + " (as it is, it is a key of flow '\(flow)', not one of its screens)",
      at: key.range)
  }

  /// Reports a key of `screen` found among the screens: indented too little.
  mutating func reportDedentedScreenKey(_ key: YAMLNode, of screen: String) {
    let name = text(key) ?? ""
    report(
      .unknownKey,
      "'\(name)' looks like the \(name) of screen '\(screen)', not a screen:"
        + " is it indented too little?",
      at: key.range)
  }

  /// Reports a plain scalar written `key:value` where a map or a transition
  /// is expected (`title:Welcome`, `next: push:done`) as the missing space
  /// after its colon (`yaml-syntax`, at the colon), as the parser reports
  /// `{ push:done }`. Whether it did.
  mutating func reportMissingSpaceAfterColon(_ node: YAMLNode) -> Bool {
    guard node.scalar?.style == .plain, let text = node.text,
      node.range.start.line == node.range.end.line,
      let colon = text.firstIndex(of: ":"), colon > text.startIndex,
      // The scalar is its source text (no anchor or tag before it).
      node.range.end.offset - node.range.start.offset == text.utf8.count
    else { return false }
    let key = text[..<colon]
    let value = text[text.index(after: colon)...]
    guard let first = value.first, first != " ", first != ":", first != "/",
      key.utf8.allSatisfy(YAMLShapeDiagnosis.isKeyByte), !value.contains(": ")
    else { return false }
    let start = node.range.start
    let column = start.column + key.unicodeScalars.count
    let offset = start.offset + key.utf8.count
    let at = SourceRange(
      file: file,
      start: SourcePosition(line: start.line, column: column, offset: offset),
      end: SourcePosition(line: start.line, column: column + 1, offset: offset + 1))
    report(
      .yamlSyntax,
      YAMLFindings.missingSpaceAfterColon(key: String(key), value: String(value), asMap: true),
      at: at, fixes: [Diagnostic.Fix(replacing: node.range, with: "{ \(key): \(value) }")])
    return true
  }

  /// `close pop` where a map is expected (`actions:` with one action
  /// written without its `:`): reported as the map it was meant to be, with
  /// the fix, when the first word is a key of the DSL or the rest is a
  /// transition keyword (`pop`, `dismiss`, …), so that the fix is right.
  mutating func reportMissingColonInMap(_ node: YAMLNode, _ what: String) -> Bool {
    guard node.scalar?.style == .plain, let text = node.text,
      node.range.start.line == node.range.end.line,
      node.range.end.offset - node.range.start.offset == text.utf8.count,
      let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }), space > text.startIndex
    else { return false }
    let key = String(text[..<space])
    let value = text[space...].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
    guard key.utf8.allSatisfy(YAMLShapeDiagnosis.isKeyByte), !value.isEmpty,
      !value.contains(": "), !value.hasSuffix(":"),
      YAMLShapeDiagnosis.dslKeys.contains(key)
        || NameRules.reservedScreenNames.contains(String(value))
    else { return false }
    let fixed = "{ \(key): \(value) }"
    report(
      .invalidValue,
      "\(what) must be a map, not the string '\(text)': is the ':' after '\(key)' missing?",
      at: node.range,
      notes: [.help("write '\(fixed)', or '\(key): \(value)' on a line of its own")],
      fixes: [Diagnostic.Fix(replacing: node.range, with: fixed)])
    return true
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
  }
}

extension DSLKey {
  /// Whether the key is one a screen takes.
  var isScreenKey: Bool {
    self == .params || (rawValue >= DSLKey.title.rawValue && rawValue <= DSLKey.suppress.rawValue)
  }
}

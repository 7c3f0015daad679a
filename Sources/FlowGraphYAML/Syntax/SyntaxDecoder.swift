import FlowGraphCore

/// Decodes the YAML node tree of one flow file into DSL v1 syntax
/// (``DocumentSyntax``), keeping the position of every name, value and
/// navigation key, and reporting `unsupported-version`, `unknown-key` and
/// `invalid-value`.
///
/// The decoder checks form only; names are resolved by the compiler.
struct SyntaxDecoder {
  /// The file and the load's name table, behind one reference: a decoder is
  /// copied often, and a path of its own would cost a retain per copy.
  private let context: SyntaxDecoderContext
  /// The findings so far.
  private(set) var diagnostics: [Diagnostic] = []

  /// The file's path, as reported in diagnostics.
  var file: String { context.file.path }
  /// The names and keys read so far, shared by every decoder of a load.
  var names: NameTable { context.names }

  /// The screens of the flow whose actions are being decoded (set by the
  /// compiler): for suggesting `{ push: screen }` only when there is one.
  var flowScreens: ArraySlice<String> = []

  /// Creates a decoder for one file: the load's document `index` (what its
  /// ranges name), at `path`, with the line table of its parse.
  init(file index: UInt32, path: String, lines: SourceLineTable?, names: NameTable = NameTable()) {
    context = SyntaxDecoderContext(
      index: index, file: SyntaxFile(path: path, lines: lines), names: names)
  }

  /// Where a node of this file is, as the syntax keeps it.
  @inline(__always)
  func range(_ node: YAMLNode) -> SyntaxRange {
    let index = Int(node.index)
    return SyntaxRange(
      file: context.index, start: node.document.startOffset(index),
      end: node.document.endOffset(index))
  }

  /// The line and column of a range of this file, for a finding.
  func sourceRange(_ range: SyntaxRange) -> SourceRange {
    context.file.sourceRange(range)
  }

  /// A scalar's text, through the name table (`nil` for a collection): for
  /// keys, names and references, which repeat; free-form text (a title, a
  /// description) is read with `node.text`.
  @inline(__always)
  func text(_ node: YAMLNode) -> String? {
    // The closures capture the table's lookup only: capturing the decoder
    // would copy it (its findings and screens) on every call.
    let names = context.lookup
    return node.withUTF8Text { names.string($0) }
  }

  /// A scalar's text and its name-table entry (`nil` for a collection).
  @inline(__always)
  func textEntry(_ node: YAMLNode) -> (text: String, entry: Int32)? {
    let names = context.lookup
    return node.withUTF8Text { names.entry($0) }
  }

  /// A name read from a scalar (a key or a reference), with its entry; `nil`
  /// for a collection.
  @inline(__always)
  func syntaxName(_ node: YAMLNode) -> SyntaxName? {
    guard let (text, entry) = textEntry(node) else { return nil }
    return SyntaxName(text: text, range: range(node), entry: entry)
  }

  /// The DSL key a scalar spells (``DSLKey/notScalar`` for a collection),
  /// from its bytes: a byte to switch on instead of `String` comparisons.
  @inline(__always)
  func key(_ node: YAMLNode) -> DSLKey {
    key(node.index, of: node.document)
  }

  /// The DSL key that node `index` of `document` spells, with no node made
  /// (``YAMLPairs/keyIndex(_:)``).
  @inline(__always)
  func key(_ index: Int32, of document: YAMLDocument) -> DSLKey {
    guard document.nodeFlags(Int(index)).kind == .scalar else { return .notScalar }
    return document.withText(Int(index)) { DSLKey(utf8: $0) }
  }

  // MARK: Reporting

  mutating func report(
    _ rule: RuleID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
    fixes: [Diagnostic.Fix] = []
  ) {
    diagnostics.append(Diagnostic(rule, message, at: range, notes: notes, fixes: fixes))
  }

  mutating func report(
    _ rule: RuleID, _ message: String, at range: SyntaxRange, notes: [Diagnostic.Note] = [],
    fixes: [Diagnostic.Fix] = []
  ) {
    report(rule, message, at: sourceRange(range), notes: notes, fixes: fixes)
  }

  /// Reports `unknown-key` for `key` of `mapping`, with "did you mean" among
  /// `allowed`. A key whose nearest allowed key is already set in `mapping`
  /// is not offered that rename (it would make a `duplicate-key`): the
  /// finding says the key is set and points at it.
  mutating func reportUnknownKey(
    _ key: YAMLNode, of mapping: YAMLNode?, allowed: [String], in place: String
  ) {
    let name = key.text ?? ""
    guard let suggestion = NameSuggestion.best(for: name, among: allowed) else {
      report(
        .unknownKey,
        "unknown key '\(name)' in \(place); allowed keys: \(allowed.joined(separator: ", "))",
        at: key.range)
      return
    }
    if let set = mapping?.pairs.first(where: { text($0.key) == suggestion })?.key {
      report(
        .unknownKey,
        "unknown key '\(name)' in \(place) ('\(suggestion)' is already set there): merge it into '\(suggestion)' or remove it",
        at: key.range, notes: [Diagnostic.Note("'\(suggestion)' is set here", at: set.range)])
      return
    }
    report(
      .unknownKey, "unknown key '\(name)' in \(place); did you mean '\(suggestion)'?",
      at: key.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
      fixes: [Diagnostic.Fix(replacing: key.range, with: suggestion)])
  }

  /// Reports `unknown-key` for a key that exists but not at this place.
  mutating func reportMisplacedKey(_ key: YAMLNode, _ explanation: String) {
    report(
      .unknownKey, "key '\(key.text ?? "")' is not allowed here: \(explanation)", at: key.range)
  }

  // MARK: Shapes

  /// The pairs of a map value; a null value is an empty map. Reports
  /// `invalid-value` (and returns `nil`) for anything else.
  mutating func pairs(of node: YAMLNode, _ what: @autoclosure () -> String) -> YAMLPairs? {
    switch node.kind {
    case .mapping: return node.pairs
    case .scalar where node.isNull: return node.pairs
    default:
      reportNotAMap(node, what())
      return nil
    }
  }

  /// Reports a value that must be a map and is not: a `key:value` or
  /// `key value` missing its space or `:` as such, anything else as
  /// `invalid-value`. Out of line, so that ``pairs(of:_:)``, called for
  /// every map of a file, stays small enough to be inlined.
  @inline(never)
  private mutating func reportNotAMap(_ node: YAMLNode, _ what: String) {
    if reportMissingSpaceAfterColon(node) { return }
    if node.kind == .scalar, reportMissingColonInMap(node, what) { return }
    report(.invalidValue, "\(what) must be a map, not \(node.summary)", at: node.range)
  }

  /// The items of a list value; a null value is an empty list. Reports
  /// `invalid-value` (and returns `nil`) for anything else.
  mutating func items(of node: YAMLNode, _ what: @autoclosure () -> String) -> YAMLItems? {
    switch node.kind {
    case .sequence: return node.items
    case .scalar where node.isNull: return node.items
    default:
      report(.invalidValue, "\(what()) must be a list, not \(node.summary)", at: node.range)
      return nil
    }
  }

  /// The text of a scalar value (free text such as a title). Reports
  /// `invalid-value` for a map or a list.
  mutating func text(of node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
    guard let text = node.text else {
      report(.invalidValue, "\(what()) must be text, not \(node.summary)", at: node.range)
      return nil
    }
    return node.isNull ? nil : text
  }

  /// A boolean value; reports `invalid-value` for anything else, with a
  /// fix for a string meant as one (`yes`, `ture`: ``booleanHint(_:at:)``).
  mutating func bool(of node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
    if case .bool(let value) = node.scalarValue { return value }
    let message = "\(what()) must be true or false, not \(node.summary)"
    if case .string(let text) = node.scalarValue,
      let hint = booleanHint(text, at: node.range)
    {
      report(
        .invalidValue, message + hint.tail, at: node.range, notes: hint.notes, fixes: hint.fixes)
    } else {
      report(.invalidValue, message, at: node.range)
    }
    return nil
  }

  /// A name used as a value (a reference such as `push: detail`). Reports
  /// `invalid-value` when it is missing or not a scalar.
  mutating func reference(_ node: YAMLNode, _ what: @autoclosure () -> String) -> SyntaxName? {
    guard let (text, entry) = textEntry(node), !node.isNullScalar(textCount: text.utf8.count)
    else {
      report(.invalidValue, "expected \(what()), not \(node.summary)", at: node.range)
      return nil
    }
    return SyntaxName(text: text, range: range(node), entry: entry)
  }

  /// A name being defined (a map key). Reports `invalid-value` for a name
  /// that is not letters, digits, `_` and `-`, or that is reserved here.
  mutating func definedName(
    _ key: YAMLNode, _ what: @autoclosure () -> String, reserved: Set<String> = [],
    reason: @autoclosure () -> String = ""
  ) -> SyntaxName {
    // A key that is not a scalar is named "" (and invalid), with the entry
    // of "" so that it matches what an empty text would.
    let (text, entry, isValid) = context.lookup.name(of: key)
    let name = SyntaxName(text: text, range: range(key), entry: entry)
    if !isValid {
      let shown = text.isEmpty ? "an empty name" : "'\(text)'"
      report(
        .invalidValue,
        "\(shown) is not a valid \(what()) name: use letters, digits, '_' and '-'",
        at: key.range)
    } else if !reserved.isEmpty, text.utf8.count <= 9, Self.isReserved(text, in: reserved) {
      let noun = what()
      let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      report(
        .invalidValue, "'\(text)' cannot name \(article) \(noun): \(reason())", at: key.range)
    }
    return name
  }

  /// Whether `text` is in `reserved`, a handful of short words: a scan that
  /// compares lengths first is cheaper than hashing `text`.
  @inline(__always)
  private static func isReserved(_ text: String, in reserved: Set<String>) -> Bool {
    let count = text.utf8.count
    return reserved.contains { $0.utf8.count == count && $0 == text }
  }

  /// The range from a key to the end of its value: the region a `suppress`
  /// list covers.
  ///
  /// It ends where the value's last scalar ends: libyaml ends a block
  /// collection at the next token, which may be the next key's name.
  func extent(_ key: YAMLNode, _ value: YAMLNode) -> SyntaxRange {
    let document = value.document
    var index = Int(value.index)
    while true {
      let kind = document.nodeFlags(index).kind
      let record = kind == .scalar ? nil : document.collection(index)
      guard let record, record.count > 0 else {
        return SyntaxRange(
          file: context.index, start: document.startOffset(Int(key.index)),
          end: document.endOffset(index))
      }
      let children = Int(record.count) * (kind == .mapping ? 2 : 1)
      index = Int(document.children[Int(record.first) + children - 1])
    }
  }

  // MARK: Suppress

  /// A `suppress` list: known rule ids; others are `invalid-value`.
  mutating func suppressList(_ node: YAMLNode) -> [RuleID] {
    guard let items = items(of: node, "'suppress'") else { return [] }
    var rules: [RuleID] = []
    for item in items {
      guard let text = self.text(item), !item.isNull else {
        report(
          .invalidValue, "a 'suppress' entry must be a rule id, not \(item.summary)",
          at: item.range)
        continue
      }
      let rule = RuleID(rawValue: text)
      if rule.isKnown {
        rules.append(rule)
      } else if let suggestion = NameSuggestion.best(
        for: text, among: RuleID.all.lazy.map(\.rawValue))
      {
        report(
          .invalidValue, "unknown rule id '\(text)' in 'suppress'; did you mean '\(suggestion)'?",
          at: item.range, notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
          fixes: [Diagnostic.Fix(replacing: item.range, with: suggestion)])
      } else {
        report(.invalidValue, "unknown rule id '\(text)' in 'suppress'", at: item.range)
      }
    }
    return rules
  }
}

/// What a ``SyntaxDecoder`` reads for: one file, and the load's names.
final class SyntaxDecoderContext {
  /// The file's index in the load's documents.
  let index: UInt32
  let file: SyntaxFile
  let names: NameTable
  /// The lookup of `names`, which the decoder reads through (valid as long
  /// as `names`, which the context keeps).
  let lookup: NameTable.Lookup

  init(index: UInt32, file: SyntaxFile, names: NameTable) {
    self.index = index
    self.file = file
    self.names = names
    lookup = names.lookup
  }
}

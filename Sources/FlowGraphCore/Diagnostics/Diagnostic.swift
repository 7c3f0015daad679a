/// One finding about a flow file: a stable rule id, a severity, a message and
/// the exact source position of the YAML node it is about.
public struct Diagnostic: Error, Hashable, Sendable, Codable {
  /// A secondary message attached to a finding, with its own optional position.
  public struct Note: Hashable, Sendable, Codable {
    /// What a note is: more about the finding, or how to fix it (rendered
    /// `note:` and `help:`, as clang and rustc do).
    public enum Kind: String, Hashable, Sendable, Codable {
      /// More about the finding: a cause, a consequence, another place.
      case note
      /// How to fix it.
      case help
    }

    /// The note's text.
    public var message: String
    /// Where the note points, when it points anywhere.
    public var range: SourceRange?
    /// Whether the note explains the finding or says how to fix it.
    public var kind: Kind

    /// Creates a note.
    public init(_ message: String, at range: SourceRange? = nil, kind: Kind = .note) {
      self.message = message
      self.range = range
      self.kind = kind
    }

    /// Creates a `help:` note: how to fix the finding.
    public static func help(_ message: String, at range: SourceRange? = nil) -> Note {
      Note(message, at: range, kind: .help)
    }

    private enum CodingKeys: String, CodingKey { case message, range, kind }

    /// Decodes a note; one without a `kind` is a plain note.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      message = try container.decode(String.self, forKey: .message)
      range = try container.decodeIfPresent(SourceRange.self, forKey: .range)
      kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .note
    }

    /// Encodes a note, its `kind` only when it is `help`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(message, forKey: .message)
      try container.encodeIfPresent(range, forKey: .range)
      if kind != .note { try container.encode(kind, forKey: .kind) }
    }
  }

  /// A machine-applicable edit that resolves a finding: replace the text of
  /// `range` with `replacement` (a did-you-mean, for example).
  public struct Fix: Hashable, Sendable, Codable {
    /// The source text to replace.
    public var range: SourceRange
    /// The text to put in its place.
    public var replacement: String

    /// Creates a fix that replaces the text of `range` with `replacement`.
    public init(replacing range: SourceRange, with replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }

  /// The rule that produced the finding (`unreachable-screen`, `yaml-syntax`…).
  public var rule: RuleID
  /// How serious the finding is.
  public var severity: Severity
  /// One sentence that says what is wrong (and, where possible, how to fix it).
  public var message: String
  /// The YAML node the finding is about; `nil` only for findings about a file
  /// as a whole that has no position (for example, a file that cannot be read).
  public var range: SourceRange?
  /// Related notes ("did you mean …?", other places involved).
  public var notes: [Note]
  /// Edits that resolve the finding, when one is certain enough to apply
  /// (SARIF `fixes`, the JSON report's `fixes`).
  public var fixes: [Fix]
  /// Where the finding this one follows from is, when it is a consequence of
  /// another (an `unused-result` of a flow that `no-exit` traps): every
  /// output lists it right after that finding, so the cause is read first.
  public var follows: SourceRange?

  /// Creates a finding with the rule's default severity unless one is given.
  public init(
    _ rule: RuleID,
    severity: Severity? = nil,
    _ message: String,
    at range: SourceRange?,
    notes: [Note] = [],
    fixes: [Fix] = []
  ) {
    self.rule = rule
    self.severity = severity ?? rule.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixes = fixes
  }

  private enum CodingKeys: String, CodingKey {
    case rule, severity, message, range, notes, fixes, follows
  }

  /// Decodes a finding; `fixes` and `follows` may be absent (findings encoded
  /// before they existed).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    rule = try container.decode(RuleID.self, forKey: .rule)
    severity = try container.decode(Severity.self, forKey: .severity)
    message = try container.decode(String.self, forKey: .message)
    range = try container.decodeIfPresent(SourceRange.self, forKey: .range)
    notes = try container.decode([Note].self, forKey: .notes)
    fixes = try container.decodeIfPresent([Fix].self, forKey: .fixes) ?? []
    follows = try container.decodeIfPresent(SourceRange.self, forKey: .follows)
  }

  /// The file the finding is in, when it has a position.
  public var file: String? { range?.file }
  /// The 1-based line of the finding's start, when it has a position.
  public var line: Int? { range?.start.line }
  /// The 1-based column of the finding's start, when it has a position.
  public var column: Int? { range?.start.column }
}

extension Diagnostic {
  /// Orders findings by file, line, column, then rule id: the order every
  /// output format uses.
  /// A consequence (``follows``) comes right after the finding it follows.
  public static func sourceOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    let lhsAnchor = lhs.follows ?? lhs.range
    let rhsAnchor = rhs.follows ?? rhs.range
    let lhsKey = (
      lhsAnchor?.file ?? "", lhsAnchor?.start.line ?? 0, lhsAnchor?.start.column ?? 0,
      lhs.follows == nil ? 0 : 1
    )
    let rhsKey = (
      rhsAnchor?.file ?? "", rhsAnchor?.start.line ?? 0, rhsAnchor?.start.column ?? 0,
      rhs.follows == nil ? 0 : 1
    )
    if lhsKey != rhsKey { return lhsKey < rhsKey }
    let l = (lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0, lhs.rule.rawValue, lhs.message)
    let r = (rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0, rhs.rule.rawValue, rhs.message)
    return l < r
  }
}

extension Array where Element == Diagnostic {
  /// Whether any finding is at error severity.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// One finding about a flow file: a stable rule id, a severity, a message and
/// the exact source position of the YAML node it is about.
public struct Diagnostic: Error, Hashable, Sendable, Codable {
  /// A secondary message attached to a finding, with its own optional position.
  public struct Note: Hashable, Sendable, Codable {
    /// The note's text.
    public var message: String
    /// Where the note points, when it points anywhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(_ message: String, at range: SourceRange? = nil) {
      self.message = message
      self.range = range
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
    case rule, severity, message, range, notes, fixes
  }

  /// Decodes a finding; `fixes` may be absent (findings encoded before it existed).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    rule = try container.decode(RuleID.self, forKey: .rule)
    severity = try container.decode(Severity.self, forKey: .severity)
    message = try container.decode(String.self, forKey: .message)
    range = try container.decodeIfPresent(SourceRange.self, forKey: .range)
    notes = try container.decode([Note].self, forKey: .notes)
    fixes = try container.decodeIfPresent([Fix].self, forKey: .fixes) ?? []
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
  public static func sourceOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    let l = (lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0, lhs.rule.rawValue, lhs.message)
    let r = (rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0, rhs.rule.rawValue, rhs.message)
    return l < r
  }
}

extension Array where Element == Diagnostic {
  /// Whether any finding is at error severity.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}

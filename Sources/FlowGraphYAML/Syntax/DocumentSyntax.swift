import FlowGraphCore

/// One flow file as written, after decoding (SPEC §2.1).
struct DocumentSyntax: Sendable {
  /// The file's path, as reported in diagnostics.
  var file: String
  /// Where the file's lines start: the source map of the compiled graph
  /// keeps it (`nil` when the file was not parsed).
  var lines: SourceLineTable?
  /// Whether the file could be decoded as DSL v1 at all (`false` for a root
  /// that is not a map, or another DSL version): its names are then unknown.
  var isDecoded = true
  /// The `entry` value.
  var entry: SyntaxName?
  /// The `imports` list items (path text and item scalar).
  var imports: [SyntaxName] = []
  var types: [TypeDefinitionSyntax] = []
  var tasks: [TaskSyntax] = []
  var flows: [FlowSyntax] = []
  /// The `flows` key, when present.
  var flowsKey: SyntaxRange?
  /// The document's first key (or the root node), where a finding about the
  /// file as a whole points.
  var firstKey: SyntaxRange
  /// The file-level `suppress` list's rules.
  var suppress: [RuleID] = []
  /// Whether a top-level key is misspelled (it may be `entry` or `flows`).
  var hasUnknownKeys = false
  /// Whether a misspelled top-level key holds a map (it may hold flows,
  /// tasks or types): names may then be missing.
  var mayMissDeclarations = false
}

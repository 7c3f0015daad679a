import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `validate --format sarif`: a SARIF 2.1.0 log, so that code-scanning tools
/// (GitHub code scanning, IDEs) show findings inline.
struct SARIFReport: Encodable {
  struct Log: Encodable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  struct Run: Encodable {
    var tool: Tool
    var results: [Result]
    var columnKind = "unicodeCodePoints"
    var originalUriBaseIds: [String: ArtifactLocation]?
    /// Present only when a path could not be read: the run did not succeed.
    var invocations: [Invocation]?
  }

  /// A SARIF `invocation`, written when a path could not be read: the
  /// run's failure and one notification per path.
  struct Invocation: Encodable {
    var executionSuccessful: Bool
    var toolExecutionNotifications: [Notification]
  }

  struct Notification: Encodable {
    var level = "error"
    var message: Message
    var locations: [NotificationLocation]
  }

  struct NotificationLocation: Encodable {
    var physicalLocation: ArtifactOnly
  }

  struct ArtifactOnly: Encodable {
    var artifactLocation: ArtifactLocation
  }

  struct Tool: Encodable { var driver: Driver }

  struct Driver: Encodable {
    var name = "flowgraph"
    var version: String
    var informationUri = "https://github.com/flowgraph/flowgraph"
    var rules: [Rule]
  }

  struct Rule: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var helpUri: String
    var defaultConfiguration: Configuration
  }

  struct Configuration: Encodable { var level: String }

  struct Message: Encodable { var text: String }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    var relatedLocations: [Location]?
    var fixes: [Fix]?
  }

  /// A SARIF `fix`: one replacement in one file.
  struct Fix: Encodable {
    var description: Message
    var artifactChanges: [ArtifactChange]
  }

  struct ArtifactChange: Encodable {
    var artifactLocation: ArtifactLocation
    var replacements: [Replacement]
  }

  struct Replacement: Encodable {
    var deletedRegion: Region
    var insertedContent: Content
  }

  struct Content: Encodable { var text: String }

  struct Location: Encodable {
    var id: Int?
    var physicalLocation: PhysicalLocation
    var message: Message?
  }

  struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  struct ArtifactLocation: Encodable {
    var uri: String
    var uriBaseId: String?
  }

  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int
  }

  var log: Log

  init(
    diagnostics: [Diagnostic], unreadable: [UnreadablePath] = [], toolVersion: String,
    fallbackFile: String
  ) {
    // The rules, from the one rule table.
    let rules = RuleID.catalogue
    let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    let driver = Driver(
      version: toolVersion,
      rules: rules.map { rule in
        Rule(
          id: rule.id.rawValue, name: rule.name, shortDescription: Message(text: rule.summary),
          helpUri: "https://github.com/flowgraph/flowgraph/blob/main/\(rule.docsPage)",
          defaultConfiguration: Configuration(level: Self.level(rule.severity)))
      })
    let results = diagnostics.map { diagnostic in
      let related = diagnostic.notes.enumerated().compactMap { index, note -> Location? in
        guard let range = note.range else { return nil }
        return Location(
          id: index + 1, physicalLocation: Self.physical(range),
          message: Message(text: note.message))
      }
      let fallback = SourceRange(file: fallbackFile, at: SourcePosition(line: 1, column: 1))
      let unlocatedNotes = diagnostic.distinctNotes.filter { $0.range == nil }.map {
        $0.kind == .help ? "help: \($0.message)" : $0.message
      }
      let text = ([diagnostic.message] + unlocatedNotes).joined(separator: " ")
      return Result(
        ruleId: diagnostic.rule.rawValue,
        ruleIndex: ruleIndex[diagnostic.rule] ?? 0,
        level: Self.level(diagnostic.severity),
        message: Message(text: text),
        locations: [Location(physicalLocation: Self.physical(diagnostic.range ?? fallback))],
        relatedLocations: related.isEmpty ? nil : related,
        fixes: diagnostic.fixes.isEmpty ? nil : diagnostic.fixes.map(Self.fix))
    }
    log = Log(
      runs: [
        Run(
          tool: Tool(driver: driver), results: results,
          originalUriBaseIds: [
            "SRCROOT": ArtifactLocation(
              uri: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true
              ).absoluteString)
          ],
          invocations: unreadable.isEmpty
            ? nil
            : [
              Invocation(
                executionSuccessful: false,
                toolExecutionNotifications: unreadable.map {
                  Notification(
                    message: Message(text: $0.message),
                    locations: [
                      NotificationLocation(
                        physicalLocation: ArtifactOnly(artifactLocation: Self.artifact($0.file)))
                    ])
                })
            ])
      ])
  }

  func encode(to encoder: any Encoder) throws { try log.encode(to: encoder) }

  /// The log as pretty, key-sorted JSON with a trailing newline.
  func rendered() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }

  private static func fix(_ fix: Diagnostic.Fix) -> Fix {
    Fix(
      description: Message(text: "Replace with '\(fix.replacement)'"),
      artifactChanges: [
        ArtifactChange(
          artifactLocation: artifact(fix.range.file),
          replacements: [
            Replacement(
              deletedRegion: Region(
                startLine: fix.range.start.line, startColumn: fix.range.start.column,
                endLine: fix.range.end.line, endColumn: fix.range.end.column),
              insertedContent: Content(text: fix.replacement))
          ])
      ])
  }

  private static func physical(_ range: SourceRange) -> PhysicalLocation {
    let end =
      range.end.line > range.start.line
        || (range.end.line == range.start.line && range.end.column > range.start.column)
      ? range.end : SourcePosition(line: range.start.line, column: range.start.column + 1)
    return PhysicalLocation(
      artifactLocation: artifact(range.file),
      region: Region(
        startLine: range.start.line, startColumn: range.start.column, endLine: end.line,
        endColumn: end.column))
  }

  /// A relative path becomes a percent-encoded URI reference against
  /// `SRCROOT`; an absolute one a `file://` URI.
  private static func artifact(_ path: String) -> ArtifactLocation {
    if path.hasPrefix("/") {
      return ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString, uriBaseId: nil)
    }
    let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    let encoded = percentEncoded(trimmed)
    return ArtifactLocation(uri: encoded, uriBaseId: "SRCROOT")
  }

  /// `text` with every UTF-8 byte outside `CharacterSet.urlPathAllowed`
  /// (less `:`, so a relative path never reads as a scheme) written `%XX`,
  /// as `addingPercentEncoding(withAllowedCharacters:)` writes it.
  private static func percentEncoded(_ text: String) -> String {
    let allowed = Set("!$&'()*+,-./;=@_~".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      let isAlphanumeric =
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      if isAlphanumeric || allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }
}

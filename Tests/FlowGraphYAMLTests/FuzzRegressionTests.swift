import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Inputs the fuzz targets found (`Tests/Fixtures/fuzz-regressions/`), loaded
/// through the public API: each gives its positioned findings, and every
/// finding of every such input lies inside its file, whether the file is
/// read from disk or given as text.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// The pipeline regressions and findings each must give (among others),
  /// as `rule@line:column`.
  static let expected: [String: [String]] = [
    // libyaml ends the stream on a line of its own: an error at the end of a
    // file without a final line break was one line past the last.
    "eof-inside-flow-mapping.yaml": ["yaml-syntax@2:13"],
    // The same, found by the fuzzer: invalid UTF-8 (a reader error at 1:17,
    // the lead byte 0xF3, when read from disk; as text, U+FFFD, and then the
    // unclosed flow mapping at the end of line 89 (column 67) of 89, not at
    // 90:1).
    "crash-9af594d7-eof-after-invalid-utf8.yaml": ["yaml-syntax@1:17"],
    // A `.nan` literal for a param whose type did not compile was kept in the
    // graph, and NaN is not equal to itself: the same text gave "different"
    // graphs. No type holds a non-finite double, so the literal is dropped.
    "non-finite-literal-for-an-unknown-type.yaml": ["undefined-reference@23:27"],
    // Found by the debug fuzz smoke (Swift's `assert`s on): a screen with a
    // duplicate key looked for its dropped keys among every dropped key of
    // the document, reading the offsets of nodes whose pages were given
    // back already (in release, zeros read and skipped).
    "dropped-key-after-released-pages.yaml": [
      "invalid-value@16:22", "duplicate-key@17:9",
    ],
  ]

  /// The same files given as text, where the expectation differs.
  static let expectedAsText: [String: [String]] = [
    "crash-9af594d7-eof-after-invalid-utf8.yaml": ["yaml-syntax@89:67"]
  ]

  @Test("each regression gives its findings", arguments: expected.keys.sorted())
  func givesItsFindings(_ name: String) throws {
    let path = FuzzRegressions.pipeline.appendingPathComponent(name).path
    let loaded = try FlowGraphLoader().validate(path: path)
    let summary = YAMLTestSupport.summary(loaded.diagnostics)
    let wanted = Self.expected[name] ?? []
    #expect(Set(wanted).isSubset(of: summary), "\(summary)")

    let text = String(decoding: try FuzzRegressions.bytes(name), as: UTF8.self)
    let asText = FlowGraphLoader().load(text: text, file: path)
    let wantedAsText = Self.expectedAsText[name] ?? wanted
    let summaryAsText = YAMLTestSupport.summary(asText.diagnostics)
    #expect(Set(wantedAsText).isSubset(of: summaryAsText), "\(summaryAsText)")
  }

  @Test("loading the same text twice gives equal graphs", arguments: expected.keys.sorted())
  func loadingIsDeterministic(_ name: String) throws {
    let text = String(decoding: try FuzzRegressions.bytes(name), as: UTF8.self)
    let first = FlowGraphLoader().load(text: text, file: name).graph
    let second = FlowGraphLoader().load(text: text, file: name).graph
    #expect(first == second)
  }

  @Test("every pipeline regression is listed with its findings")
  func everyRegressionIsListed() throws {
    let names = try FuzzRegressions.names()
    #expect(!names.isEmpty)
    #expect(Set(names) == Set(Self.expected.keys))
  }

  @Test("every finding lies inside its file", arguments: try FuzzRegressions.names())
  func findingsLieInsideTheFile(_ name: String) throws {
    let bytes = try FuzzRegressions.bytes(name)
    let path = FuzzRegressions.pipeline.appendingPathComponent(name).path
    let fromDisk = try FlowGraphLoader().validate(path: path)
    #expect(!fromDisk.diagnostics.isEmpty)
    for diagnostic in fromDisk.diagnostics {
      #expect(
        FuzzRegressions.isInside(diagnostic, bytes),
        "\(diagnostic.line ?? 0):\(diagnostic.column ?? 0) [\(diagnostic.rule)]")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let asText = FlowGraphLoader().load(text: text, file: path)
    for diagnostic in asText.diagnostics {
      #expect(
        FuzzRegressions.isInside(diagnostic, Array(text.utf8)),
        "as text: \(diagnostic.line ?? 0):\(diagnostic.column ?? 0) [\(diagnostic.rule)]")
    }
  }
}

/// The regression fixtures and a position check independent of the parser.
enum FuzzRegressions {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz-regressions")
  static let pipeline = folder.appendingPathComponent("pipeline")

  static func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: pipeline.path).filter {
      !$0.hasPrefix(".")
    }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: pipeline.appendingPathComponent(name)))
  }

  /// Each line's length in columns, lines ended as libyaml ends them (LF,
  /// CR, CRLF, NEL, LS, PS); columns count Unicode scalars (any byte that is
  /// not a UTF-8 continuation byte), a leading BOM excluded.
  static func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths: [Int] = []
    var columns = 0
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count {
      let breakLength = lineBreakLength(bytes[index...])
      if breakLength > 0 {
        lengths.append(columns)
        columns = 0
        index += breakLength
        continue
      }
      if bytes[index] & 0xC0 != 0x80 { columns += 1 }
      index += 1
    }
    lengths.append(columns)
    return lengths
  }

  /// The length of the line break `rest` starts with, or 0.
  static func lineBreakLength(_ rest: ArraySlice<UInt8>) -> Int {
    let breaks: [[UInt8]] = [
      [0x0D, 0x0A], [0x0A], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
    ]
    return breaks.first { rest.starts(with: $0) }?.count ?? 0
  }

  /// Whether the finding's start and end lie inside the file.
  static func isInside(_ diagnostic: Diagnostic, _ bytes: [UInt8]) -> Bool {
    guard let range = diagnostic.range else { return false }
    let lengths = lineLengths(bytes)
    func inside(_ position: SourcePosition) -> Bool {
      guard position.line >= 1, position.line <= lengths.count else { return false }
      guard position.column >= 1, position.column <= lengths[position.line - 1] + 1 else {
        return false
      }
      return position.offset >= 0 && position.offset <= bytes.count
    }
    return inside(range.start) && inside(range.end)
  }
}

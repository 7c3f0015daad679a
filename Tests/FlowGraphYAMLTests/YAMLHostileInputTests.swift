import FlowGraphCore
import FlowGraphYAML
import Testing

/// Hostile input: every case gives its finding, with the exact rule and
/// position, and no document (the inputs are sized so that a quadratic or
/// unbounded implementation would hang or run out of memory instead).
@Suite("YAML hostile input")
struct YAMLHostileInputTests {
  typealias T = YAMLTestSupport

  /// A billion-laughs file: nine levels of ten aliases each (10⁹ nodes expanded).
  static let billionLaughs: String = {
    var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    let names = Array("abcdefghi")
    for level in 1..<names.count {
      let previous = names[level - 1]
      let aliases = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
      text += "\(names[level]): &\(names[level]) [\(aliases)]\n"
    }
    return text
  }()

  @Test func billionLaughsHitsTheAliasBudget() throws {
    let (document, diagnostics) = T.parse(Self.billionLaughs)
    #expect(document == nil)
    // Budget: b adds 10×11, c 10×111, d 10×1111, then e's 8th alias of d
    // (11,111 nodes each) goes past 100,000.
    #expect(T.summary(diagnostics) == ["yaml-limit@5:36"])
    let message = try #require(diagnostics.first?.message)
    #expect(message.contains("100000") && message.contains("--max-alias-nodes"))
    #expect(message.contains("*d"))
  }

  @Test func aliasBudgetIsConfigurable() {
    let text = "a: &a [x, y]\nb: *a\nc: *a\n"
    #expect(T.parse(text, limits: YAMLLimits(maxAliasNodes: 6)).diagnostics.isEmpty)
    let (_, diagnostics) = T.parse(text, limits: YAMLLimits(maxAliasNodes: 5))
    #expect(T.summary(diagnostics) == ["yaml-limit@3:4"])
  }

  @Test func mergeKeyBombHitsTheAliasBudget() {
    var text = "base: &base {" + (0..<1000).map { "k\($0): \($0)" }.joined(separator: ", ") + "}\n"
    for i in 0..<200 { text += "m\(i): {<<: *base}\n" }
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    // Each merge costs the base's 2,001 nodes: the 50th goes past 100,000.
    #expect(T.summary(diagnostics) == ["yaml-limit@51:11"])
  }

  @Test func deepFlowNestingHitsTheDepthLimit() throws {
    let text = String(repeating: "[", count: 100_000)
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-limit@1:65"])
    let message = try #require(diagnostics.first?.message)
    #expect(message.contains("64") && message.contains("--max-depth"))
  }

  @Test func deepFlowMappingNestingHitsTheDepthLimit() {
    let text = String(repeating: "{a: ", count: 100_000)
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-limit@1:257"])
  }

  @Test func deepBlockNestingHitsTheDepthLimit() {
    let text = String(repeating: "- ", count: 100_000) + "x\n"
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-limit@1:129"])
  }

  @Test func nestingUpToTheLimitIsAccepted() {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(T.parse(text).diagnostics.isEmpty)
    let (_, diagnostics) = T.parse(text, limits: YAMLLimits(maxDepth: 10))
    #expect(T.summary(diagnostics) == ["yaml-limit@1:11"])
  }

  @Test func hugeScalarHitsTheScalarLimit() throws {
    let text = "a: 1\nb: " + String(repeating: "x", count: 70_000) + "\n"
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-limit@2:4"])
    let message = try #require(diagnostics.first?.message)
    #expect(message.contains("65536") && message.contains("70000"))
  }

  @Test func fileSizeIsCheckedBeforeParsing() throws {
    let bytes = Array("a: [".utf8) + Array(repeating: UInt8(ascii: "["), count: 100)
    let (document, diagnostics) = T.parse(bytes: bytes, limits: YAMLLimits(maxFileSize: 50))
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-limit@1:1"])
    let message = try #require(diagnostics.first?.message)
    #expect(
      message.contains("104") && message.contains("50") && message.contains("--max-file-size"))
  }

  @Test func invalidUTF8IsReportedWhereItIs() throws {
    // Line 3, after "c: é" (é is one column, two bytes).
    let bytes = Array("a: 1\nb: 2\nc: éx".utf8) + [0xFF] + Array("y\n".utf8)
    let (document, diagnostics) = T.parse(bytes: bytes)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@3:6"])
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.range?.start.offset == 16)
    #expect(diagnostic.message.contains("UTF-8"))
  }

  @Test func invalidUTF8AfterABOMAndCRLF() {
    // libyaml points at the bad trailing byte "(" after the lead byte 0xC3;
    // the finding is at the lead byte. The BOM is no column and CRLF is one
    // line break.
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: x".utf8) + [0xC3, 0x28]
    let (_, diagnostics) = T.parse(bytes: bytes)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:5"])
    #expect(diagnostics.first?.range?.start.offset == 13)
  }

  @Test func nulByteIsReportedWhereItIs() throws {
    let bytes = Array("a: 1\nb: x".utf8) + [0x00] + Array("y\n".utf8)
    let (document, diagnostics) = T.parse(bytes: bytes)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:5"])
    #expect(diagnostics.first?.message.contains("NUL") == true)
  }

  @Test func controlCharacterIsReportedWhereItIs() {
    let (_, diagnostics) = T.parse(bytes: Array("a: 1\n  \u{7}".utf8))
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:3"])
    #expect(diagnostics.first?.message.contains("U+0007") == true)
  }

  @Test(
    arguments: [
      (
        "UTF-16 LE with BOM",
        [0xFF, 0xFE] + Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), 0] }
      ),
      (
        "UTF-16 BE with BOM",
        [0xFE, 0xFF] + Array("a: 1\n".utf16).flatMap { [0, UInt8($0 & 0xFF)] }
      ),
      ("UTF-16 LE without BOM", Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), 0] }),
      ("UTF-16 BE without BOM", Array("a: 1\n".utf16).flatMap { [0, UInt8($0 & 0xFF)] }),
      ("UTF-32 LE without BOM", Array("a: 1\n".utf8).flatMap { [$0, 0, 0, 0] }),
      ("UTF-32 BE with BOM", [0, 0, 0xFE, 0xFF] + Array("a: 1\n".utf8).flatMap { [0, 0, 0, $0] }),
    ] as [(String, [UInt8])])
  func otherEncodingsAreRefusedUpFront(name: String, bytes: [UInt8]) throws {
    let (document, diagnostics) = T.parse(bytes: bytes)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:1"])
    let message = try #require(diagnostics.first?.message)
    #expect(message.contains("save the file as UTF-8"))
    #expect(message.contains(name.hasPrefix("UTF-16") ? "UTF-16" : "UTF-32"))
  }

  @Test func multipleDocumentsAreRefused() throws {
    let (document, diagnostics) = T.parse("a: 1\n---\nb: 2\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:1"])
    #expect(diagnostics.first?.message.contains("one document") == true)
  }

  @Test func documentAfterAnEndMarkerIsRefused() {
    let (_, diagnostics) = T.parse("--- a\n...\n  b: c\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@3:3"])
  }

  @Test func oneExplicitDocumentIsFine() {
    let (document, diagnostics) = T.parse("---\na: 1\n...\n# done\n")
    #expect(diagnostics.isEmpty)
    #expect(document?.root["a"]?.text == "1")
  }

  @Test(arguments: ["", "# just a comment\n\n   # another\n", "\n\n", "\u{FEFF}"])
  func fileWithoutADocumentIsRefused(text: String) throws {
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:1"])
    #expect(diagnostics.first?.message.contains("no YAML document") == true)
  }

  @Test func customTagIsRefusedAtItsNode() {
    let (document, diagnostics) = T.parse("screens:\n  home: !Screen {title: x}\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:9"])
  }

  @Test func complexKeyIsRefused() {
    let (_, diagnostics) = T.parse("? {a: 1}\n: x\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:3"])
  }

  @Test func aliasAsComplexKeyIsRefused() {
    let (_, diagnostics) = T.parse("a: &m {x: 1}\n*m : 2\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:1"])
  }

  @Test func aliasToAScalarKeyIsFine() throws {
    let (document, diagnostics) = T.parse("a: &k name\nb: {*k : 2}\n")
    #expect(diagnostics.isEmpty)
    #expect(document?.root["b"]?["name"]?.text == "2")
  }

  @Test func severalRefusalsAreAllReported() {
    let text = "a: !x 1\nb: *missing\nc: 1\nc: 2\n? [k]\n: v\n"
    let (document, diagnostics) = T.parse(text)
    #expect(document == nil)
    #expect(
      T.summary(diagnostics) == [
        "yaml-syntax@1:4", "yaml-syntax@2:4", "duplicate-key@4:1", "yaml-syntax@5:3",
      ])
  }

  @Test func aHundredThousandKeysAreAccepted() throws {
    var text = ""
    text.reserveCapacity(1_500_000)
    for i in 0..<100_000 { text += "s\(i): \(i)\n" }
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    #expect(root.pairs.count == 100_000)
    #expect(root.pairs[99_999].value.range.start.line == 100_000)
  }
}

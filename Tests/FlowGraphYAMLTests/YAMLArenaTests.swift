import FlowGraphCore
import Foundation
import Testing

@testable import FlowGraphYAML

/// The compact arena: scalar text read from the file's bytes or kept aside,
/// positions from the line table, key lookups without `String`s.
@Suite("YAML parser: compact arena")
struct YAMLArenaTests {
  typealias T = YAMLTestSupport

  @Test func scalarTextOfEveryStyle() throws {
    let text = """
      plain: hello world
      single: 'it''s'
      double: "tab\\there"
      quoted: "same"
      folded: >
        a
        b
      literal: |
        x
      multi: one
        two
      empty:

      """
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    #expect(root["plain"]?.text == "hello world")
    #expect(root["single"]?.text == "it's")
    #expect(root["double"]?.text == "tab\there")
    #expect(root["quoted"]?.text == "same")
    #expect(root["folded"]?.text == "a b\n")
    #expect(root["literal"]?.text == "x\n")
    #expect(root["multi"]?.text == "one two")
    #expect(root["empty"]?.text == "")
    // Ends: after the closing quote, after the last character.
    let quoted = try #require(root["quoted"])
    #expect(quoted.range.start == SourcePosition(line: 4, column: 9, offset: 63))
    #expect(quoted.range.end == SourcePosition(line: 4, column: 15, offset: 69))
    let single = try #require(root["single"])
    #expect(single.range.end.column == 16)
    let multi = try #require(root["multi"])
    #expect(multi.range.start.line == 10 && multi.range.end.line == 11)
  }

  /// A scalar over several lines can be as long as its source and still
  /// differ from it (a line break folded into a space): only a scalar on one
  /// line is taken from the file's bytes on its length alone.
  @Test func foldedScalarsAsLongAsTheirSourceKeepTheirOwnText() throws {
    let (document, diagnostics) = T.parse("[a\nb, \"c\nd\", 'e\nf', \"g\\\"h\", 'i''j']\n")
    #expect(diagnostics.isEmpty)
    let items = try #require(document?.root.items)
    #expect(items.map(\.text) == ["a b", "c d", "e f", "g\"h", "i'j"])
    let ends = items.map(\.range.end.offset)
    #expect(ends == [4, 11, 18, 26, 34])
  }

  @Test func textEqualsAndUTF8TextAllocateNothing() throws {
    let (document, _) = T.parse("key: \"v\\u00e9\"\nlist: [a]\n")
    let root = try #require(document?.root)
    let key = try #require(root.pairs.first?.key)
    #expect(key.textEquals("key"))
    #expect(!key.textEquals("ke"))
    #expect(!key.textEquals("keys"))
    let value = try #require(root["key"])
    #expect(value.textEquals("vé"))
    #expect(value.withUTF8Text { Array($0) } == Array("vé".utf8))
    let list = try #require(root["list"])
    #expect(!list.textEquals("a"))
    #expect(list.withUTF8Text { $0.count } == nil)
    #expect(list.text == nil)
  }

  @Test func largeMappingsAreHashed() throws {
    var lines = (0..<200).map { "key\($0): \($0)" }
    lines.append("\"quoted key\": q")
    lines.append("\"esc\\taped\": e")
    let (document, diagnostics) = T.parse(lines.joined(separator: "\n") + "\n")
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    for number in [0, 1, 99, 199] {
      #expect(root["key\(number)"]?.text == "\(number)")
    }
    #expect(root["quoted key"]?.text == "q")
    #expect(root["esc\taped"]?.text == "e")
    #expect(root["key200"] == nil)
    #expect(root[""] == nil)
  }

  @Test func largeMappingWithDuplicatesAndMergeKeepsLookups() throws {
    var lines = ["base: &base {m1: 1, key3: ignored}", "map:", "  <<: *base"]
    lines += (0..<20).map { "  key\($0): \($0)" }
    lines.append("  key5: again")
    let (document, diagnostics) = T.parse(lines.joined(separator: "\n") + "\n")
    #expect(T.summary(diagnostics) == ["duplicate-key@24:3"])
    let map = try #require(document?.root["map"])
    #expect(map.pairs.count == 21)
    #expect(map["key5"]?.text == "5")
    #expect(map["key3"]?.text == "3")
    #expect(map["m1"]?.text == "1")
    #expect(map["<<"] == nil)
  }

  @Test func positionsFollowEveryLineBreak() throws {
    // LF, CR, CRLF, NEL, LS and PS all end a line, as libyaml counts them
    // (each one ends a comment here).
    let text = "a: 1\r# x\u{85}# y\u{2028}# z\u{2029}# w\rb: é\r\nc: [d, \"e\"]\n"
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    let c = try #require(root["c"])
    let bytes = Array(text.utf8)
    let lineStart = bytes.count - 12
    #expect(c.range.start == SourcePosition(line: 7, column: 4, offset: lineStart + 3))
    #expect(c.items[1].range.end == SourcePosition(line: 7, column: 11, offset: lineStart + 10))
    #expect(try #require(root["b"]).range.end.column == 5)
  }

  @Test func aFileWithoutFinalLineBreakEndsOnItsLastLine() throws {
    let (document, _) = T.parse("a:\n  - b\n  - c")
    let list = try #require(document?.root["a"])
    #expect(list.range.end == SourcePosition(line: 3, column: 6, offset: 14))
  }

  @Test(arguments: ["a: b\n", "k: v", "key: \"é\"\n", String(repeating: "x", count: 70) + ": y\n"])
  func parseFileReadsShortAndLongFiles(contents: String) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowgraph-arena-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(contents.utf8).write(to: url)
    let parsed = try YAMLParser().parseFile(atPath: url.path)
    let fromBytes = YAMLParser().parse(Array(contents.utf8), file: url.path)
    let pair = try #require(parsed.document?.root.pairs.first)
    let expected = try #require(fromBytes.document?.root.pairs.first)
    #expect(pair.key.text == expected.key.text)
    #expect(pair.value.text == expected.value.text)
    #expect(pair.value.range == expected.value.range)
  }

  @Test func parseFileSharesItsTextWithTheDocument() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowgraph-arena-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("name: \"détail\"\nother: x\n".utf8).write(to: url)
    let parsed = try YAMLParser().parseFile(atPath: url.path)
    #expect(parsed.text == "name: \"détail\"\nother: x\n")
    let root = try #require(parsed.document?.root)
    #expect(root["name"]?.text == "détail")
    #expect(root["other"]?.range.start == SourcePosition(line: 2, column: 8, offset: 23))
  }
}

@Suite("YAML parser: values read from the bytes")
struct YAMLNodeValueTests {
  @Test(arguments: [
    "~", "null", "Null", "NULL", "nULL", "nul", "nulls", "''", "\"\"", "!!null", "!!str null",
    "'null'", "!!null ''", "0", "none", "NuLL", "|\n  null", "",
  ])
  func isNullScalarAgreesWithTheCoreSchema(value: String) throws {
    let (document, _) = YAMLTestSupport.parse("key: \(value)\n")
    let node = try #require(document?.root["key"])
    #expect(node.isNullScalar == (node.scalar?.coreValue == .null))
    #expect(node.textUTF8Count == node.text?.utf8.count)
  }

  /// The check from a known text length answers as the full one: a tagged
  /// null of any length, and every untagged spelling of 0, 1 or 4 bytes.
  @Test(arguments: [
    "~", "null", "Null", "NULL", "nULL", "nul", "nulls", "''", "!!null", "!!null ~",
    "!!null ''", "'null'", "!!str null", "none", "abcd", "a", "", "screenOne",
  ])
  func isNullScalarFromATextLengthAgreesWithTheFullCheck(value: String) throws {
    let (document, _) = YAMLTestSupport.parse("key: \(value)\n")
    let node = try #require(document?.root["key"])
    let count = try #require(node.textUTF8Count)
    #expect(node.isNullScalar(textCount: count) == node.isNullScalar)
  }

  @Test func collectionsAreNotNull() throws {
    let (document, _) = YAMLTestSupport.parse("key: []\n")
    let node = try #require(document?.root["key"])
    #expect(!node.isNullScalar)
    #expect(node.textUTF8Count == nil)
  }
}

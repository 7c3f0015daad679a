import FlowGraphCore
import FlowGraphYAML
import Testing

@Suite("YAML parser: tree and positions")
struct YAMLParserTests {
  typealias T = YAMLTestSupport

  @Test func buildsTreeWithStartAndEndPositions() throws {
    let text = """
      name: app
      screens:
        - home
        - "détail"
      flow: { a: 1, b: [x, y] }

      """
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    #expect(T.render(root) == "{name: app, screens: [home, \"détail\"], flow: {a: 1, b: [x, y]}}")
    #expect(root.kind == .mapping)
    #expect(root.range.start == SourcePosition(line: 1, column: 1, offset: 0))

    let name = try #require(root["name"])
    #expect(name.text == "app")
    #expect(name.range.start == SourcePosition(line: 1, column: 7, offset: 6))
    #expect(name.range.end == SourcePosition(line: 1, column: 10, offset: 9))

    let screens = try #require(root["screens"])
    #expect(screens.kind == .sequence)
    #expect(screens.range.start.line == 3 && screens.range.start.column == 3)
    let detail = screens.items[1]
    #expect(detail.scalar?.style == .doubleQuoted)
    // Columns count Unicode scalars; offsets count bytes (é is two bytes).
    #expect(detail.range.start == SourcePosition(line: 4, column: 5, offset: 32))
    #expect(detail.range.end == SourcePosition(line: 4, column: 13, offset: 41))

    let flow = try #require(root["flow"])
    #expect(flow.range.start == SourcePosition(line: 5, column: 7, offset: 48))
    #expect(flow.range.end == SourcePosition(line: 5, column: 26, offset: 67))
    let b = try #require(flow["b"])
    #expect(b.range.start.column == 18 && b.range.end.column == 24)
    #expect(root.range.end.line >= 5)
  }

  @Test func keysAndFileArePreserved() throws {
    let (document, _) = T.parse("a: 1\n")
    #expect(document?.file == T.file)
    #expect(document?.root["missing"] == nil)
    #expect(document?.root.pairs.first?.key.text == "a")
  }

  @Test func scalarsAreReadByLength() throws {
    let (document, diagnostics) = T.parse(#"key: "a\0b""# + "\n")
    #expect(diagnostics.isEmpty)
    let value = try #require(document?.root["key"]?.text)
    #expect(Array(value.utf8) == [0x61, 0x00, 0x62])
  }

  @Test func bomIsSkipped() throws {
    let (document, diagnostics) = T.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8))
    #expect(diagnostics.isEmpty)
    let value = try #require(document?.root["a"])
    #expect(value.range.start == SourcePosition(line: 1, column: 4, offset: 6))
  }

  @Test func crlfLineEndingsCountOnce() throws {
    let (document, diagnostics) = T.parse("a: 1\r\nb:\r\n  - x\r\n")
    #expect(diagnostics.isEmpty)
    let x = try #require(document?.root["b"]?.items.first)
    #expect(x.range.start == SourcePosition(line: 3, column: 5, offset: 14))
  }

  @Test func scalarRootAndEmptyDocument() throws {
    let (scalar, _) = T.parse("hello\n")
    #expect(scalar?.root.text == "hello")
    let (empty, diagnostics) = T.parse("---\n")
    #expect(diagnostics.isEmpty)
    #expect(empty?.root.scalar?.coreValue == .null)
  }

  @Test func libyamlErrorsArePositioned() throws {
    let (document, diagnostics) = T.parse("a: b\nc: [d\ne: f\n")
    #expect(document == nil)
    #expect(diagnostics.count == 1)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.rule == .yamlSyntax)
    #expect(diagnostic.message.contains("while parsing a flow sequence"))
    #expect(diagnostic.line == 3 && diagnostic.column == 2)
    #expect(diagnostic.notes.first?.range?.start.line == 2)
  }

  @Test func mappingValueErrorUsesLibYAMLText() {
    let (_, diagnostics) = T.parse("a: b: c\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:5"])
    #expect(diagnostics.first?.message.contains("mapping values are not allowed") == true)
  }
}

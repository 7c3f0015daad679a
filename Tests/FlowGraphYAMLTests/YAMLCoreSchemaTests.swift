import FlowGraphYAML
import Testing

@Suite("YAML core schema")
struct YAMLCoreSchemaTests {
  static let cases: [(String, YAMLCoreValue)] = [
    ("on", .string("on")), ("off", .string("off")), ("yes", .string("yes")), ("no", .string("no")),
    ("y", .string("y")), ("true", .bool(true)), ("True", .bool(true)), ("FALSE", .bool(false)),
    ("tRUE", .string("tRUE")), ("123", .int(123)), ("-17", .int(-17)), ("+5", .int(5)),
    ("0o17", .int(15)), ("0x1F", .int(31)), ("0x", .string("0x")), ("0o9", .string("0o9")),
    ("0b101", .string("0b101")), ("1_000", .string("1_000")), ("1.0", .double(1)),
    ("-2.5e3", .double(-2500)), (".5", .double(0.5)), ("1.", .double(1)), ("1e3", .double(1000)),
    (".inf", .double(.infinity)), ("-.Inf", .double(-.infinity)), ("+.INF", .double(.infinity)),
    ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null),
    ("nul", .string("nul")), ("123abc", .string("123abc")), ("12:30", .string("12:30")),
    ("99999999999999999999", .double(1e20)), (".", .string(".")), ("-", .string("-")),
  ]

  @Test(arguments: cases)
  func plainScalars(text: String, expected: YAMLCoreValue) {
    #expect(YAMLScalar(value: text, style: .plain).coreValue == expected)
  }

  @Test func nanIsADouble() {
    guard case .double(let value) = YAMLScalar(value: ".nan", style: .plain).coreValue else {
      Issue.record("not a double")
      return
    }
    #expect(value.isNaN)
  }

  @Test func quotedAndBlockScalarsAreStrings() {
    for style in [YAMLScalar.Style.singleQuoted, .doubleQuoted, .literal, .folded] {
      #expect(YAMLScalar(value: "123", style: style).coreValue == .string("123"))
      #expect(YAMLScalar(value: "true", style: style).coreValue == .string("true"))
      #expect(YAMLScalar(value: "", style: style).coreValue == .string(""))
    }
  }

  @Test func explicitTagsForceTheType() {
    #expect(YAMLScalar(value: "123", style: .plain, tag: .str).coreValue == .string("123"))
    #expect(YAMLScalar(value: "123", style: .doubleQuoted, tag: .int).coreValue == .int(123))
    #expect(YAMLScalar(value: "7", style: .plain, tag: .float).coreValue == .double(7))
    #expect(YAMLScalar(value: "true", style: .singleQuoted, tag: .bool).coreValue == .bool(true))
    #expect(YAMLScalar(value: "", style: .plain, tag: .null).coreValue == .null)
  }

  @Test func parsedDocumentResolvesByStyleAndTag() throws {
    let text = """
      a: on
      b: 123
      c: "123"
      d: 1.0
      e: ~
      f: 0x1F
      g: .inf
      h: !!str 42
      i: ! 42
      j: !!int "42"
      k:

      """
    let (document, diagnostics) = YAMLTestSupport.parse(text)
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    let values = root.pairs.map { $0.value.scalar?.coreValue }
    #expect(
      values == [
        .string("on"), .int(123), .string("123"), .double(1), .null, .int(31),
        .double(.infinity), .string("42"), .string("42"), .int(42), .null,
      ])
  }

  @Test func keysAreNamesWhateverTheyLookLike() throws {
    let (document, _) = YAMLTestSupport.parse("123: a\non: b\nno: c\n")
    let keys = try #require(document?.root.pairs.map { $0.key.text })
    #expect(keys == ["123", "on", "no"])
  }
}

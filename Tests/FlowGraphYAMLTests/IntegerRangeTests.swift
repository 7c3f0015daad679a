import FlowGraphCore
import FlowGraphYAML
import Testing

/// An integer literal that `int` cannot hold is out of range, not "the
/// number 1e+20": in a default, a `with` literal, a list item; decimal,
/// `0x` and `0o`; and only where the type is `int`.
@Suite("Compiler: integer literals out of int's range")
struct IntegerRangeTests {
  private static let range = "(-9223372036854775808…9223372036854775807)"

  private func findings(_ text: String) -> [Diagnostic] {
    FlowGraphLoader().load(text: text, file: "test.yaml").diagnostics
  }

  /// A flow whose `list` screen passes `literal` to `item`'s `itemId: type`.
  private func with(_ literal: String, type: String = "int") -> [Diagnostic] {
    findings(
      """
      flowgraph: 1
      flows:
        app:
          start: list
          screens:
            list:
              actions:
                maxButtonPressed: { push: item, with: { itemId: \(literal) } }
            item:
              params: { itemId: \(type) }
      """)
  }

  @Test(arguments: [
    "9223372036854775808", "-9223372036854775809", "+99999999999999999999",
    "0x8000000000000000", "0o1000000000000000000000",
  ])
  func aWithLiteralOutOfRangeSaysSo(_ literal: String) throws {
    let found = with(literal)
    let finding = try #require(found.first)
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(finding.rule == .typeMismatch)
    #expect(
      finding.message
        == "'itemId' of screen 'item': integer literal \(literal) is out of range for int \(Self.range)"
    )
    #expect(finding.line == 8 && finding.column == 59)
  }

  /// `!!int` on an integer that `int` cannot hold is refused by the parser,
  /// which says why.
  @Test func aTaggedIntOutOfRangeSaysSo() throws {
    let found = with("!!int 0x1FFFFFFFFFFFFFFFF")
    #expect(found.map(\.rule) == [.yamlSyntax])
    #expect(
      found.first?.message
        == "integer literal 0x1FFFFFFFFFFFFFFFF is out of range for int \(Self.range), so it is not a valid value for the tag '!!int'"
    )
  }

  @Test(arguments: ["9223372036854775807", "-9223372036854775808", "0x7FFFFFFFFFFFFFFF"])
  func intsBoundsFit(_ literal: String) {
    #expect(with(literal).isEmpty)
  }

  @Test func anOptionalIntIsOutOfRangeToo() throws {
    #expect(
      with("9223372036854775808", type: "int?").map(\.message) == [
        "'itemId' of screen 'item': integer literal 9223372036854775808 is out of range for int \(Self.range)"
      ])
  }

  @Test func aListItemOutOfRangeIsNamed() throws {
    #expect(
      with("[1, 99999999999999999999]", type: "list<int>").map(\.message) == [
        "'itemId' of screen 'item': in item 2, integer literal 99999999999999999999 is out of range for int \(Self.range)"
      ])
  }

  /// Other types keep their own rule: a large decimal is a double (it fits
  /// `double`), and a quoted one is a string.
  @Test func otherTypesAreUnchanged() throws {
    #expect(with("99999999999999999999", type: "double").isEmpty)
    #expect(with(#""99999999999999999999""#, type: "string").isEmpty)
    #expect(
      with(#""99999999999999999999""#).map(\.message) == [
        "'itemId' of screen 'item' is int, but the value is the string \"99999999999999999999\""
      ])
    #expect(
      with("99999999999999999999", type: "bool").map(\.message) == [
        "'itemId' of screen 'item' is bool, but the value is the integer 99999999999999999999"
      ])
  }

  @Test func aDefaultOutOfRangeSaysSoAtTheDefault() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: product
          screens:
            product:
              params:
                maxItems: { type: int, default: 99999999999999999999 }
                discount: { type: double, default: 99999999999999999999999 }
      """)
    let finding = try #require(found.first)
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(finding.rule == .typeMismatch)
    #expect(
      finding.message
        == "the default of 'maxItems': integer literal 99999999999999999999 is out of range for int \(Self.range)"
    )
    #expect(finding.line == 8 && finding.column == 43)
    #expect(finding.notes.map(\.message) == ["'maxItems' is declared here"])
  }
}

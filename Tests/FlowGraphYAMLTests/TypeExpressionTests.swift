import Testing

@testable import FlowGraphYAML

/// Type expressions as written (SPEC §2.5), parsed from their bytes.
@Suite("Type expressions")
struct TypeExpressionTests {
  @Test(arguments: [
    ("string", TypeExpression.string), ("int", .int), ("double", .double), ("bool", .bool),
    ("url", .url), ("date", .date), (" int ", .int), ("int?", .optional(.int)),
    ("list<string>", .list(.string)), ("list< list<int> >?", .optional(.list(.list(.int)))),
    ("Theme", .named("Theme")), ("strings", .named("strings")), ("in", .named("in")),
    ("Int", .named("Int")), ("lists", .named("lists")), ("date-range", .named("date-range")),
  ])
  func aWellFormedExpressionParses(text: String, expected: TypeExpression) {
    #expect(TypeExpression.parse(text) == expected)
  }

  @Test(arguments: ["", " ", "list", "list<>", "list<int", "int??", "int string", "?", "é"])
  func aMalformedExpressionIsNil(text: String) {
    #expect(TypeExpression.parse(text) == nil)
  }
}

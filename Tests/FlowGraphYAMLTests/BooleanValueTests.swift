import FlowGraphCore
import FlowGraphYAML
import Testing

/// A string written where a boolean belongs (`dismissible`, `inclusive`, a
/// `bool` field's default or argument; `back` has its own tests) is one
/// finding; a near miss of `true` or `false`, either in another case, or a
/// YAML 1.1 word carries the fix that makes the file valid.
@Suite("Boolean values: near misses of true and false")
struct BooleanValueTests {
  /// One boolean place: a flow whose screens are `body` with `VALUE` where
  /// the value goes, right after `marker`.
  struct Place: CustomTestStringConvertible, Sendable {
    var key: String
    var marker: String
    var body: String
    var testDescription: String { key }

    func file(_ value: String) -> String {
      SuggestionApplicationTests.screens(body.replacingOccurrences(of: "VALUE", with: value))
    }

    /// The line and column of the value in ``file(_:)``.
    func position(in text: String) -> (Int?, Int?) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        if let found = line.range(of: marker) {
          return (index + 1, line.distance(from: line.startIndex, to: found.upperBound) + 1)
        }
      }
      return (nil, nil)
    }
  }

  static let places: [Place] = [
    Place(
      key: "dismissible", marker: "dismissible: ",
      body: """
        home:\n  actions: { open: { present: sheet } }\nsheet:\n  dismissible: VALUE
          actions: { close: dismiss }
        """),
    Place(
      key: "inclusive", marker: "inclusive: ",
      body: """
        home:\n  actions: { next: { push: detail } }\ndetail:
          actions: { done: { push: other, popTo: home, inclusive: VALUE } }\nother: {}
        """),
    Place(
      key: "default", marker: "default: ",
      body: """
        home:\n  actions: { next: { push: detail } }\ndetail:
          params: { flag: { type: bool, default: VALUE } }
        """),
    Place(
      key: "with", marker: "with: { flag: ",
      body: """
        home:\n  actions: { next: { push: detail } }\ndetail:
          actions: { next: { push: other, with: { flag: VALUE } } }\nother:\n  params: { flag: bool? }
        """),
  ]

  static let nearMisses: [(written: String, meant: String)] = [
    ("ture", "true"), ("fals", "false"), ("flase", "false"), ("tru", "true"), ("\"TRUE\"", "true"),
    ("yes", "true"), ("Off", "false"),
  ]

  @Test(arguments: places, nearMisses)
  func aNearMissIsOneFindingWithTheFixThatMakesTheFileValid(
    _ place: Place, _ value: (written: String, meant: String)
  ) throws {
    let text = place.file(value.written)
    let found = CompilerTestSupport.validate(text).diagnostics
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    let (line, column) = place.position(in: text)
    #expect(finding.line == line && finding.column == column, "\(finding.message)")
    #expect(finding.message.hasSuffix("did you mean '\(value.meant)'?"), "\(finding.message)")
    #expect(finding.notes.contains { $0.message == "did you mean '\(value.meant)'?" })
    let fix = try #require(finding.fixes.first, "\(finding.message)")
    #expect(fix.replacement == value.meant)
    let fixed = SuggestionApplicationTests.applying(fix.replacement, at: fix.range, to: text)
    let after = CompilerTestSupport.validate(fixed).diagnostics
    #expect(after.isEmpty, "\(after.map(\.message))")
  }

  @Test(arguments: places)
  func aValueLikeNeitherIsOneFindingWithoutAFix(_ place: Place) throws {
    let found = CompilerTestSupport.validate(place.file("maybe")).diagnostics
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    #expect(!finding.message.contains("did you mean"), "\(finding.message)")
    #expect(finding.fixes.isEmpty)
  }

  @Test(arguments: places, ["true", "false"])
  func trueAndFalseAreValid(_ place: Place, _ value: String) {
    let found = CompilerTestSupport.validate(place.file(value)).diagnostics
    #expect(found.isEmpty, "\(found.map(\.message))")
  }
}

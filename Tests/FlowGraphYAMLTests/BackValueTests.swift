import FlowGraphCore
import FlowGraphYAML
import Testing

/// A screen's `back` that is not `true`, `false` or a transition is one
/// `invalid-value` that names all three forms, with a fix for a near miss;
/// no graph rule judges it too (SPEC §3: one mistake, one finding).
@Suite("back: values that are not true, false or a transition")
struct BackValueTests {
  /// A file whose screen `form`, the first of its layer, has `back: <value>`
  /// (line 8, column 15).
  static func file(back value: String) -> String {
    """
    flowgraph: 1
    flows:
      app:
        start: form
        screens:
          form:
            actions: { nextButtonPressed: { push: detail } }
            back: \(value)
          detail: {}
    """
  }

  private func validate(_ text: String) -> [Diagnostic] {
    CompilerTestSupport.validate(text).diagnostics
  }

  @Test(arguments: [
    ("fals", "false"), ("flase", "false"), ("ture", "true"), ("\"false\"", "false"),
    ("popp", "pop"),
  ])
  func aNearMissIsOneFindingWithItsFix(_ value: String, _ meant: String) throws {
    let text = Self.file(back: value)
    let found = validate(text)
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    #expect(finding.rule == .invalidValue)
    let written = value.replacingOccurrences(of: "\"", with: "")
    #expect(
      finding.message
        == "'back' must be true, false or a transition, not '\(written)'; did you mean '\(meant)'?")
    #expect(finding.line == 8)
    #expect(finding.column == 15)
    let fix = try #require(finding.fixes.first)
    #expect(fix.replacement == meant)
    let fixed = SuggestionApplicationTests.applying(meant, at: fix.range, to: text)
    let after = validate(fixed)
    // `back: pop` on a layer's first screen is dead code; the others are clean.
    #expect(after.map(\.rule) == (meant == "pop" ? [.invalidPop] : []), "\(after)")
  }

  @Test func aValueLikeNothingSaysEveryFormBackTakes() throws {
    let found = validate(Self.file(back: "sometimes"))
    #expect(
      found.map(\.message) == [
        "'back' must be true, false or a transition (pop, popToRoot, dismiss, stay, or a map such as { push: screen }), not 'sometimes'"
      ])
    #expect(found.first?.fixes == [])
    let finding = try #require(found.first)
    #expect((finding.line, finding.column) == (8, 15))
  }

  @Test(arguments: [("3", "the integer 3"), ("[pop]", "a list"), ("", "nothing (null)")])
  func aValueOfAnotherKindSaysEveryFormBackTakes(_ value: String, _ summary: String) {
    let found = validate(Self.file(back: value))
    #expect(
      found.map(\.message) == [
        "'back' must be true, false or a transition (pop, popToRoot, dismiss, stay, or a map such as { push: screen }), not \(summary)"
      ])
    #expect(found.map(\.rule) == [.invalidValue])
  }

  @Test func aYAML11BooleanWordCarriesItsFix() throws {
    let text = Self.file(back: "no")
    let finding = try #require(validate(text).first)
    #expect(
      finding.message
        == "'back' must be true, false or a transition, not 'no'; 'no' is a boolean only in YAML 1.1: did you mean 'false'?"
    )
    let fix = try #require(finding.fixes.first)
    #expect(validate(SuggestionApplicationTests.applying("false", at: fix.range, to: text)) == [])
  }

  /// A back that did not compile is not also a dead back, nor a dead back
  /// that hides an unused result.
  @Test func anInvalidBackOnALayersFirstScreenIsNotAlsoInvalidPop() {
    let found = validate(Self.file(back: "{ push: nowhere }"))
    #expect(found.map(\.rule) == [.undefinedReference], "\(found.map(\.message))")
  }
}

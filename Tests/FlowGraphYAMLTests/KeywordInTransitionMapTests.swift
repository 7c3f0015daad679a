import FlowGraphCore
import FlowGraphYAML
import Testing

/// A keyword transition written in a map (`{ params: { on: bool }, stay }`,
/// which YAML reads as a key `stay` with no value) is one finding at the
/// keyword that says so, not "unknown key 'stay'".
@Suite("Keyword transitions written as keys of a map")
struct KeywordInTransitionMapTests {
  /// A file whose screen `two` (shown by a push from `home`) has the action
  /// `go: <transition>` at line 10, and a task `save` that takes `on`.
  static func file(_ transition: String) -> String {
    """
    flowgraph: 1
    tasks:
      save: { input: { on: bool }, outcomes: { done: {} } }
    flows:
      app:
        start: home
        screens:
          home: { actions: { next: { push: two } } }
          two:
            actions: { go: \(transition) }
    """
  }

  private func validate(_ text: String) -> [Diagnostic] {
    CompilerTestSupport.validate(text).diagnostics
  }

  @Test(arguments: [
    ("stay", RuleID.unknownKey, "stay"), ("dismiss", .unknownKey, "dismiss"),
    ("popToRoot", .unknownKey, "pop to the flow's first screen"), ("pop", .invalidValue, "pop"),
  ])
  func aKeywordNextToParamsSaysWhyAndWhatToWrite(
    _ keyword: String, _ rule: RuleID, _ effect: String
  ) throws {
    let found = validate(Self.file("{ params: { on: bool }, \(keyword) }"))
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    #expect(finding.rule == rule)
    #expect(
      finding.message
        == "'\(keyword)' cannot sit in a map with 'params': a keyword transition is written alone, so here '\(keyword)' is read as a key of the map"
    )
    #expect((finding.line, finding.column) == (10, 48))
    let popHelp =
      keyword == "pop" ? "; or pop back to a named screen, { params: …, pop: screen }" : ""
    #expect(
      finding.notes.map(\.message) == [
        "an action with params needs a navigation key: to send the params and then \(effect), run a task that takes them, { params: …, run: task, outcomes: { done: \(keyword) } }; or drop 'params' and write \(keyword) alone"
          + popHelp
      ])
    #expect(finding.notes.map(\.kind) == [.help])
    #expect(finding.fixes.isEmpty)
  }

  /// The form the help suggests is valid: the params go to the task, and
  /// its outcome stays.
  @Test func theSuggestedRunFormIsValid() {
    let found = validate(
      Self.file("{ params: { on: bool }, run: save, outcomes: { done: stay } }"))
    #expect(found.isEmpty, "\(found.map(\.message))")
  }

  @Test func theBlockFormIsTheSameFinding() {
    let text = Self.file("{}").replacingOccurrences(
      of: "actions: { go: {} }",
      with: "actions:\n          go:\n            params: { on: bool }\n            stay:")
    let found = validate(text)
    #expect(found.map(\.rule) == [.unknownKey])
    #expect(found.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["13:13"])
    #expect(found.first?.message.hasPrefix("'stay' cannot sit in a map with 'params'") == true)
  }

  @Test func aKeywordAloneInBracesCarriesTheFixThatDropsThem() throws {
    let text = Self.file("{ stay }")
    let finding = try #require(validate(text).first)
    #expect(
      finding.message
        == "'stay' is read as the only key of a map, not as the keyword: write stay alone, without braces or colon"
    )
    #expect((finding.line, finding.column) == (10, 26))
    let fix = try #require(finding.fixes.first)
    #expect((fix.range.start.column, fix.range.end.column) == (24, 32))
    let fixed = SuggestionApplicationTests.applying(fix.replacement, at: fix.range, to: text)
    // Clean but for the task that only the params form runs.
    #expect(validate(fixed).map(\.rule) == [.unusedTask], "\(fixed)")
  }

  @Test func aKeywordNextToAnotherKeyIsOneFinding() {
    let found = validate(Self.file("{ with: { on: true }, stay }"))
    #expect(
      found.map(\.message) == [
        "'stay' cannot be a key of a transition map: a keyword transition is written alone, and a map has one navigation key (push, present, replace, root, pop, finish, start, run, select)"
      ])
    #expect(found.map(\.rule) == [.unknownKey])
  }
}

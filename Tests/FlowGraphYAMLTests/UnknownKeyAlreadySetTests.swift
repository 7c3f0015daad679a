import FlowGraphCore
import FlowGraphYAML
import Testing

/// An unknown key whose nearest allowed key is already set in the same map
/// is not offered the rename (applying it would make a `duplicate-key`): the
/// finding says the key is set, points at it, and carries no fix.
@Suite("Unknown keys next to the key they are near")
struct UnknownKeyAlreadySetTests {
  /// The findings of a one-flow file whose screens are `body`.
  private func validate(screens body: String) -> [Diagnostic] {
    CompilerTestSupport.validate(SuggestionApplicationTests.screens(body)).diagnostics
  }

  @Test func aScreenKeyNearOneAlreadySetIsNotRenamedToIt() throws {
    let found = validate(
      screens: "home:\n  actoins:\n    a: { push: two }\n  actions:\n    b: { push: two }\ntwo: {}")
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    #expect(finding.rule == .unknownKey)
    #expect(
      finding.message
        == "unknown key 'actoins' in screen 'home' ('actions' is already set there): merge it into 'actions' or remove it"
    )
    #expect((finding.line, finding.column) == (7, 9))
    #expect(finding.fixes.isEmpty)
    #expect(finding.notes.map(\.message) == ["'actions' is set here"])
    let note = try #require(finding.notes.first?.range)
    #expect((note.start.line, note.start.column) == (9, 9))
  }

  @Test func theKeySetLaterInTheMapCountsToo() throws {
    let found = CompilerTestSupport.validate(
      "flowgraph: 1\nflows:\n  app:\n    strat: home\n    start: home\n    screens: { home: {} }\n"
    ).diagnostics
    #expect(
      found.map(\.message) == [
        "unknown key 'strat' in flow 'app' ('start' is already set there): merge it into 'start' or remove it"
      ])
    #expect(found.first?.fixes == [])
    #expect(found.first?.notes.first?.range?.start.line == 5)
  }

  @Test func aTransitionKeyNearOneAlreadySetIsNotRenamedToIt() {
    let found = validate(
      screens:
        "home:\n  actions: { next: { push: two, wiht: { a: 1 }, with: { a: 1 } } }\ntwo:\n  params: { a: int }"
    )
    #expect(
      found.map(\.message) == [
        "unknown key 'wiht' in a transition ('with' is already set there): merge it into 'with' or remove it"
      ])
    #expect(found.map(\.column) == [39])
    #expect(found.first?.fixes == [])
  }

  /// The rename is still offered when the key it names is not set.
  @Test func aKeyNearOneNotSetKeepsItsFix() throws {
    let text = "flowgraph: 1\nflows:\n  app:\n    strat: home\n    screens: { home: {} }\n"
    let finding = try #require(CompilerTestSupport.validate(text).diagnostics.first)
    #expect(finding.message == "unknown key 'strat' in flow 'app'; did you mean 'start'?")
    let fix = try #require(finding.fixes.first)
    let fixed = SuggestionApplicationTests.applying("start", at: fix.range, to: text)
    #expect(CompilerTestSupport.validate(fixed).diagnostics == [])
  }
}

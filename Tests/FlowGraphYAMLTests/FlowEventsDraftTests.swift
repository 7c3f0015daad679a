import FlowGraphCore
import FlowGraphYAML
import Testing

/// A flow's `events:` (the draft of SPEC §6.4, not to be built yet) is one
/// `unknown-key` that says what the key is and what to write meanwhile.
@Suite("Flow events: the draft key")
struct FlowEventsDraftTests {
  @Test func eventsOnAFlowSaysTheyAreADraft() throws {
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          events:
            sessionExpired: { root: home }
          screens:
            home: {}
      """
    ).diagnostics
    #expect(found.count == 1, "\(found.map(\.message))")
    let finding = try #require(found.first)
    #expect(finding.rule == .unknownKey)
    #expect((finding.line, finding.column) == (5, 5))
    #expect(
      finding.message.hasPrefix(
        "unknown key 'events' in flow 'app': flow events (events any screen of a flow can send) are a draft, not part of the DSL yet; allowed keys: "
      ))
    #expect(finding.notes.first?.message.contains("&signOut, *signOut") == true)
  }

  @Test func aScreenNamedEventsIndentedTooLittleIsStillSaidToBeOne() {
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home: { actions: { a: { push: events } } }
          events:
            actions:
              b: pop
      """
    ).diagnostics
    #expect(!found.contains { $0.message.contains("flow events") }, "\(found.map(\.message))")
  }
}

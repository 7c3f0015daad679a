import FlowGraphCore
import FlowGraphYAML
import Testing

/// What `unhandled-result` says beyond its headline: where a result that
/// nothing produces is declared, and where one handler serves every tab.
@Suite("Unhandled-result messages")
struct UnhandledResultMessageTests {
  /// An app whose two actions start flow 'player' (results `done` and
  /// `blocked`, and only `done` produced unless `producesBlocked`), the
  /// second with the handlers `replayHandlers`.
  private func player(replayHandlers: String, producesBlocked: Bool = false) -> [Diagnostic] {
    let blockAction = producesBlocked ? "\n          blockPressed: { finish: blocked }" : ""
    return CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                playPressed: { start: player, on: { done: stay } }
                replayPressed: { start: player, on: \(replayHandlers) }
        player:
          results: { done: {}, blocked: {} }
          start: video
          screens:
            video:
              actions:
                closePressed: { finish: done }\(blockAction)
      """
    ).diagnostics
  }

  /// SPEC §2.6 wants every declared result handled, so the error stands; its
  /// note points at the `unused-result` warning, whose fix fixes both.
  @Test func aResultThatNothingProducesIsNotedOnEachUnhandledResult() throws {
    let found = player(replayHandlers: "{ done: stay }")
    #expect(found.map(\.rule) == [.unhandledResult, .unhandledResult, .unusedResult])
    for finding in found where finding.rule == .unhandledResult {
      let note = try #require(finding.notes.first { $0.kind == .note })
      #expect(
        note.message
          == "result 'blocked' is never produced: no 'finish: blocked' in flow 'player' (the 'unused-result' warning)"
      )
      #expect(note.range?.start.line == 12)
      #expect(note.range?.start.column == 26)
      #expect(
        finding.notes.contains {
          $0.kind == .help
            && $0.message
              == "if flow 'player' is not meant to finish with 'blocked', remove it from the flow's 'results' instead: that fixes every 'unhandled-result' of it and the warning"
        })
    }
  }

  @Test func removingAResultThatSomeStartHandlesSaysToRemoveItsHandlersToo() throws {
    let found = player(replayHandlers: "{ done: stay, blocked: stay }")
    #expect(found.map(\.rule) == [.unhandledResult, .unusedResult])
    #expect(
      found.first?.notes.contains {
        $0.kind == .help
          && $0.message
            == "if flow 'player' is not meant to finish with 'blocked', remove it from the flow's 'results' (and its 'on' handlers) instead: that fixes every 'unhandled-result' of it and the warning"
      } == true)
  }

  @Test func aResultThatIsProducedGetsNoSuchNote() throws {
    let found = player(replayHandlers: "{ done: stay, blocked: stay }", producesBlocked: true)
    #expect(found.map(\.rule) == [.unhandledResult])
    #expect(found.first?.notes.isEmpty == true)
  }

  /// A tabs screen whose tabs `a`, `b` and `c` run flows that declare
  /// `expired`; `c` handles it itself; the screen's `on` is `screenOn`.
  private func tabs(screenOn: String) -> [Diagnostic] {
    CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: main
          screens:
            main:
              tabs:
                a: feed
                b: { flow: inbox }
                c: { flow: inbox, on: { expired: stay } }
      \(screenOn)
        feed:
          results: { expired: {}, other: {} }
          start: feedHome
          screens:
            feedHome:
              actions: { out: { finish: expired }, other: { finish: other } }
        inbox:
          results: { expired: {} }
          start: inboxHome
          screens:
            inboxHome:
              actions: { out: { finish: expired } }
      """
    ).diagnostics
  }

  /// SPEC §6.1: the screen's `on` handles the results a tab's `on` does not.
  @Test func aResultSeveralTabsLeaveUnhandledSaysOneScreenHandlerServesThemAll() throws {
    let found = tabs(screenOn: "")
    #expect(found.map(\.rule) == [.unhandledResult, .unhandledResult])
    #expect(found.map(\.line) == [9, 10])
    for finding in found {
      let help = try #require(finding.notes.first { $0.kind == .help })
      #expect(
        help.message
          == "tabs 'a' and 'b' both leave 'expired' unhandled: add 'on: { expired: … }' to screen 'main', beside 'tabs'; one handler there handles it for every tab whose own 'on' does not"
      )
      #expect(help.range?.start.line == 8)
    }
    // The result only tab 'a' misses gets no such help.
    #expect(found[0].message.contains("'expired', 'other'"))
    #expect(found[0].notes.count == 1)
  }

  @Test func aScreenThatHasAnOnIsToldToAddTheResultToIt() throws {
    let found = tabs(screenOn: "        on: { other: stay }")
    #expect(found.map(\.rule) == [.unhandledResult, .unhandledResult])
    #expect(
      found.first?.notes.first?.message
        == "tabs 'a' and 'b' both leave 'expired' unhandled: add 'expired' to the 'on' of screen 'main'; one handler there handles it for every tab whose own 'on' does not"
    )
  }

  @Test func aResultOneTabLeavesUnhandledGetsNoSuchHelp() throws {
    let found = tabs(screenOn: "        on: { expired: stay }")
    #expect(found.map(\.rule) == [.unhandledResult])
    #expect(found.first?.notes.isEmpty == true)
  }
}

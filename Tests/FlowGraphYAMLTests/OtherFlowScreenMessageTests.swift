import FlowGraphCore
import FlowGraphYAML
import Testing

/// An undefined screen that is a screen of another flow: the finding says
/// where it is (a flow shows only its own screens, SPEC §2.4) and how to get
/// there from this flow.
@Suite("Screens of other flows")
struct OtherFlowScreenMessageTests {
  /// Flow 'app' (screens `welcome`, `home`) starts 'settings' from `home`;
  /// 'settings' starts 'account'; 'onboarding' begins at `intro` and
  /// nothing starts it. `settingsAction` and `accountAction` are an action
  /// of 'settings' and of 'account'.
  private func app(settingsAction: String = "stay", accountAction: String = "stay")
    -> Diagnostic
  {
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: welcome
          screens:
            welcome:
              actions: { go: { push: home } }
            home:
              actions:
                settingsPressed: { start: settings, on: { done: stay } }
        settings:
          results: { done: {} }
          start: options
          screens:
            options:
              actions:
                a: \(settingsAction)
                accountPressed: { start: account }
                closePressed: { finish: done }
        account:
          start: profile
          screens:
            profile:
              actions: { a: \(accountAction) }
        onboarding:
          start: intro
          screens:
            intro:
              actions: { next: { push: tips } }
            tips:
              actions: { done: pop }
      """
    ).diagnostics
    return found.first { $0.rule == .undefinedReference }!
  }

  @Test func aScreenOfTheFlowThatStartsThisOneSaysToFinishAndHandleItThere() throws {
    let finding = app(settingsAction: "{ root: welcome }")
    #expect(finding.message == "undefined screen 'welcome' in flow 'settings'")
    let note = try #require(finding.notes.first)
    #expect(note.kind == .note)
    #expect(
      note.message == "'welcome' is a screen of flow 'app'; a flow shows only its own screens")
    #expect(note.range?.start.line == 7)
    let help = try #require(finding.notes.last)
    #expect(help.kind == .help)
    #expect(
      help.message
        == "to go there, end flow 'settings' with 'finish: R' (R one of its 'results', 'done', or a new one) and handle R with '{ root: welcome }' in the 'on' of the 'start: settings' in flow 'app'"
    )
    #expect(help.range?.start.line == 11)
    #expect(help.range?.start.column == 30)
  }

  @Test func aPopToThatCrossesFlowsSaysToPopInTheHandler() throws {
    let finding = app(accountAction: "{ push: profile, popTo: home }")
    #expect(finding.message == "undefined screen 'home' in flow 'account'")
    #expect(
      finding.notes.last?.message
        == "to go there, end flow 'account' with 'finish: R' (declare R under its 'results'), and handle R where it is started with a 'finish' of that flow, up to flow 'app', whose handler can run '{ pop: home }'"
    )
  }

  @Test func theStartScreenOfAFlowThisOneStartsSaysToStartIt() throws {
    let finding = app(settingsAction: "{ present: profile }")
    #expect(
      finding.notes.map(\.message) == [
        "'profile' is a screen of flow 'account'; a flow shows only its own screens",
        "to show it, start flow 'account', which begins at it: '{ start: account, mode: present }'",
      ])
  }

  @Test func anotherScreenOfAnUnrelatedFlowIsOnlyNoted() throws {
    let finding = app(settingsAction: "{ push: tips }")
    #expect(
      finding.notes.map(\.message) == [
        "'tips' is a screen of flow 'onboarding'; a flow shows only its own screens"
      ])
  }
}

import FlowGraphCore
import FlowGraphYAML
import Testing

/// "or rename screen 'feed' to 'fed': no transition names it" is offered only
/// when nothing names the screen: any reference counts (a `popTo`, a `pop:
/// S`, a handler of a tab or of a tabs screen, a transition that did not
/// compile), since renaming a screen that something names breaks that.
@Suite("Renaming a screen as the typo")
struct ScreenRenameHelpTests {
  /// Flow 'app' starts at `fed` (a typo of `feed`, or `feed` is a typo of
  /// it); `naming` is an action of its screen `post` (nothing if empty).
  private func startTypo(naming: String) -> Diagnostic? {
    CompilerTestSupport.validate(
      """
      flowgraph: 1
      flows:
        app:
          start: fed
          screens:
            feed:
              actions: { open: { push: post } }
            post:
              actions: { \(naming) }
      """
    ).diagnostics.first { $0.rule == .undefinedReference }
  }

  @Test(arguments: [
    "again: { push: post, popTo: feed }",
    "back: { pop: feed }",
    "again: { push: post, popTo: feed, with: { nothing: 1 } }",
    "again: { start: nowhere, popTo: feed }",
    "again: { push: nowhere, popTo: feed }",
  ])
  func aScreenThatSomethingNamesIsNotOfferedForRenaming(_ naming: String) throws {
    let finding = try #require(startTypo(naming: naming))
    #expect(finding.message.hasPrefix("undefined screen 'fed' in flow 'app'; did you mean 'feed'?"))
    #expect(!finding.notes.contains { $0.message.contains("rename") }, "\(finding.notes)")
  }

  @Test func aScreenThatNothingNamesIsStillOfferedForRenaming() throws {
    let finding = try #require(startTypo(naming: "stay: stay"))
    #expect(
      finding.notes.contains {
        $0.kind == .help
          && $0.message
            == "or rename screen 'feed' to 'fed': no transition names it, so its name may be the typo"
      })
  }

  @Test func aScreenThatATabsScreensHandlerNamesIsNotOfferedForRenaming() throws {
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: welcom
          screens:
            welcome:
              actions: { go: { root: main } }
            main:
              tabs: { a: tab, b: tab }
              on: { out: { root: welcome } }
        tab:
          results: { out: {} }
          start: home
          screens:
            home:
              actions: { signOut: { finish: out } }
      """
    ).diagnostics
    let finding = try #require(found.first { $0.rule == .undefinedReference })
    #expect(finding.message.hasSuffix("did you mean 'welcome'?"))
    #expect(!finding.notes.contains { $0.message.contains("rename") }, "\(finding.notes)")
  }
}

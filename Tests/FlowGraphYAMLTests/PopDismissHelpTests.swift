import FlowGraphCore
import FlowGraphYAML
import Testing

/// The help of `invalid-pop` and `invalid-dismiss` names only what works
/// where the screen is: on a tab's first screen, or the base layer's first,
/// neither `pop` nor `dismiss` does anything, so neither help sends the user
/// to the other, nor does the help of a custom `back` that never runs on a
/// tab's first screen.
@Suite("Help of invalid-pop and invalid-dismiss")
struct PopDismissHelpTests {
  /// An app: `home` is the base layer's first screen; it presents `sheet`
  /// and pushes `detail`, and `tabs` shows a tab bar of flow 'feed' (first
  /// screen `feedHome`). `action` is an action of the screen `on`.
  private func help(_ action: String, on screen: String) throws -> (RuleID, String) {
    try help(screen, action: "close: \(action)")
  }

  /// The app of ``help(_:on:)`` with a custom `back` on `screen` (which
  /// pushes the screen again).
  private func help(back screen: String) throws -> (RuleID, String) {
    try help(screen, back: "\n        back: { push: \(screen) }")
  }

  /// The rule and help of the one error of the app of ``help(_:on:)``, with
  /// `action` among the actions of `screen` and `back` after its name.
  private func help(_ screen: String, action: String = "stay: stay", back: String = "") throws
    -> (RuleID, String)
  {
    let screens = ["home", "detail", "sheet", "feedHome"]
    var actions = Dictionary(uniqueKeysWithValues: screens.map { ($0, "stay: stay") })
    var backs = Dictionary(uniqueKeysWithValues: screens.map { ($0, "") })
    actions[screen] = action
    backs[screen] = back
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:\(backs["home"]!)
              actions:
                \(actions["home"]!)
                open: { push: detail }
                show: { present: sheet }
                browse: { present: tabs }
            detail:\(backs["detail"]!)
              actions: { \(actions["detail"]!) }
            sheet:\(backs["sheet"]!)
              actions: { \(actions["sheet"]!), done: dismiss }
            tabs:
              tabs: { a: feed, b: feed }
        feed:
          start: feedHome
          screens:
            feedHome:\(backs["feedHome"]!)
              actions: { \(actions["feedHome"]!) }
      """
    ).diagnostics.filter { $0.severity == .error }
    let finding = try #require(found.first, "no finding")
    #expect(found.count == 1, "\(found.map(\.message))")
    let help = try #require(finding.notes.first { $0.kind == .help })
    return (finding.rule, help.message)
  }

  @Test func onATabsFirstScreenNeitherHelpNamesTheOther() throws {
    #expect(
      try help("pop", on: "feedHome") == (
        .invalidPop,
        "remove it, or use 'finish' to end flow 'feed': on a tab's first screen neither 'pop' nor 'dismiss' is possible"
      ))
    #expect(
      try help("dismiss", on: "feedHome") == (
        .invalidDismiss,
        "remove it, or use 'finish' to end flow 'feed': on a tab's first screen neither 'dismiss' nor 'pop' is possible"
      ))
  }

  @Test func onTheBaseLayersFirstScreenNeitherHelpNamesTheOther() throws {
    #expect(
      try help("pop", on: "home") == (
        .invalidPop,
        "remove it, or use 'finish' to end flow 'app': on the first screen of the base layer neither 'pop' nor 'dismiss' is possible"
      ))
    #expect(
      try help("dismiss", on: "home") == (
        .invalidDismiss,
        "remove it, or use 'finish' to end flow 'app': on the first screen of the base layer neither 'dismiss' nor 'pop' is possible"
      ))
  }

  @Test func whereTheOtherWorksTheHelpNamesIt() throws {
    // The first screen of a layer the flow presented: 'dismiss' closes it.
    #expect(
      try help("pop", on: "sheet") == (
        .invalidPop, "remove it, or use 'dismiss' or 'finish' to leave"
      ))
    // A pushed screen: 'pop' goes back.
    #expect(
      try help("dismiss", on: "detail") == (
        .invalidDismiss, "use 'pop' or 'finish', or show the screen with 'present'"
      ))
  }

  /// A custom `back` that never runs: its help names a way to leave that
  /// works where the screen is.
  @Test func aDeadCustomBackOnATabsFirstScreenNamesOnlyWhatWorksThere() throws {
    #expect(
      try help(back: "feedHome") == (
        .invalidPop,
        "remove 'back' from 'feedHome'; a way to leave the screen is an action, such as 'finish' or a 'select' of another tab: on a tab's first screen neither 'dismiss' nor 'pop' is possible"
      ))
    // The first screen of a layer the flow presented: 'dismiss' closes it.
    #expect(
      try help(back: "sheet") == (
        .invalidPop,
        "remove 'back' from 'sheet'; a way to leave the screen is an action, such as 'dismiss' or 'finish'"
      ))
  }

  /// A result handler runs on the screen its flow shows when the child
  /// ends (after a `popTo`, the screen popped to), not on the screen that
  /// holds it: the finding says it is in a handler, and its help does not
  /// ask to push the screen that holds it.
  @Test func aPopInAResultHandlerSpeaksOfTheCurrentScreen() throws {
    let text = """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                listPressed: { push: list }
            list:
              actions:
                itemPressed: { push: item }
            item:
              actions:
                refreshPressed: { start: loader, popTo: list, on: { loaded: { pop: list } } }
        loader:
          results: { loaded: {} }
          start: spinner
          screens:
            spinner:
              actions:
                donePressed: { finish: loaded }
      """
    let found = FlowGraphLoader().validate(text: text, file: "app.yaml").diagnostics
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.rule == .invalidPop)
    #expect(finding.message == "'pop: list' in a result handler of screen 'item' is never possible")
    #expect(
      finding.notes.map(\.message) == [
        "whenever it runs, no run has 'list' below the current screen (a result handler runs on the screen its flow shows when the child ends) in its layer within flow 'app', so it does nothing",
        "pop to a screen that is below the one the handler runs on, or remove it",
      ])
  }
}

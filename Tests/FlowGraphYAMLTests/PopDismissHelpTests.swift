import FlowGraphCore
import FlowGraphYAML
import Testing

/// The help of `invalid-pop` and `invalid-dismiss` names only what works
/// where the screen is: on a tab's first screen, or the base layer's first,
/// neither `pop` nor `dismiss` does anything, so neither help sends the user
/// to the other.
@Suite("Help of invalid-pop and invalid-dismiss")
struct PopDismissHelpTests {
  /// An app: `home` is the base layer's first screen; it presents `sheet`
  /// and pushes `detail`, and `tabs` shows a tab bar of flow 'feed' (first
  /// screen `feedHome`). `action` is an action of the screen `on`.
  private func help(_ action: String, on screen: String) throws -> (RuleID, String) {
    let screens = ["home", "detail", "sheet", "feedHome"]
    var actions = Dictionary(uniqueKeysWithValues: screens.map { ($0, "stay: stay") })
    actions[screen] = "close: \(action)"
    let found = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                \(actions["home"]!)
                open: { push: detail }
                show: { present: sheet }
                browse: { present: tabs }
            detail:
              actions: { \(actions["detail"]!) }
            sheet:
              actions: { \(actions["sheet"]!), done: dismiss }
            tabs:
              tabs: { a: feed, b: feed }
        feed:
          start: feedHome
          screens:
            feedHome:
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
}

import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphSwiftGen

/// The generator on tab bars (SPEC §6.1): one `Tab` enum of every tab name of
/// the file, `Event.tab(Tab)`, and the names they take.
@Suite("Generated Swift: tab bars")
struct SwiftGeneratorTabsTests {
  /// Two tab bars (one presented from a tab) sharing the tab name `default`
  /// with different titles, a tab name with `-`, and a keyword.
  static let tabbed = """
    flowgraph: 1
    entry: app
    flows:
      app:
        start: home
        screens:
          home:
            title: Home
            tabs:
              home-feed: { flow: feed, title: Feed }
              default: { flow: more, title: More }
      feed:
        start: feed-list
        screens:
          feed-list:
            actions:
              open-detail: { push: detail }
          detail:
            title: Detail
      more:
        start: more-list
        screens:
          more-list:
            actions:
              settings-pressed: { present: settings }
          settings:
            dismissible: true
            tabs:
              default: { flow: general, title: General }
              privacy: { flow: general }
      general:
        start: general-home
        screens:
          general-home:
            actions:
              close: { push: general-more }
          general-more:
            title: More

    """

  static func generate(
    _ text: String, access: SwiftGenerator.Access = .public, namespace: String = "Tabbed"
  ) throws -> String {
    try SwiftGeneratorTests.generate(text, access: access, namespace: namespace)
  }

  @Test func everyTabNameIsOneCaseOfTabWithItsTitles() throws {
    let code = try Self.generate(Self.tabbed)
    #expect(
      code.contains(
        """
          public nonisolated enum Tab: String, Hashable, Sendable, CaseIterable {
            /// Feed
            ///
            /// Tab `home-feed` of `home` (flow `app`).
            case homeFeed = "home-feed"

            /// Tab `default` of `home` (flow `app`, titled "More"), `settings` (flow `more`, titled "General").
            case `default`

            /// Tab `privacy` of `settings` (flow `more`).
            case privacy
          }
        """))
    #expect(code.contains("    case tab(Tab)\n"))
    #expect(code.contains("      case .tab(let tab): return .tab(tab.rawValue)\n"))
    #expect(code.contains("Screen `home` of flow `app`. A tab bar: `home-feed`, `default`."))
    #expect(code.contains("\"app.home[home-feed: feed, default: more]\",\n"))
    #expect(code.contains("\"more.settings[default: general, privacy: general]\",\n"))
  }

  @Test func aFileWithoutTabsHasNoTabSelection() throws {
    let code = try String(
      contentsOf: GeneratedFiles.generatedFolder.appendingPathComponent("LoginApp.swift"),
      encoding: .utf8)
    #expect(!code.contains("enum Tab"))
    #expect(!code.contains("case tab("))
    #expect(code.contains("      tabs: [],\n"))
  }

  @Test func theOutputTypeChecksInSwift6WithoutWarnings() throws {
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [URL] = []
    for access in SwiftGenerator.Access.allCases {
      let file = folder.appendingPathComponent("Tabbed\(access).swift")
      try Self.generate(Self.tabbed, access: access, namespace: "Tabbed\(access)")
        .write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let app = folder.appendingPathComponent("App.swift")
    try """
    import FlowGraphCore

    func select(_ runner: Tabbedpublic.Runner) throws {
      try runner.sendSynchronously(.tab(.homeFeed))
      try runner.sendSynchronously(.tab(.default))
    }
    """.write(to: app, atomically: true, encoding: .utf8)
    let result = try SwiftCompiler.typecheck(files + [app])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }

  @Test func aTypeNamedTabClashesWithTheTabEnum() {
    let text = Self.tabbed.replacingOccurrences(
      of: "flows:\n", with: "types:\n  tab: { enum: [a] }\nflows:\n")
    let error = #expect(throws: SwiftGenerationError.self) { try Self.generate(text) }
    #expect(
      error?.message
        == "type 'tab' becomes the Swift type 'Tab', which the generated enum of tab names declares; rename it"
    )
  }

  @Test func aTypeNamedTabIsFineWithoutTabs() throws {
    let text = """
      flowgraph: 1
      types:
        tab: { enum: [a] }
      flows:
        main:
          input: { tab: tab }
          start: home
          screens:
            home:
              params: { tab: tab }

      """
    #expect(try Self.generate(text).contains("enum Tab: String, Hashable, Sendable, CaseIterable"))
  }

  @Test func anActionNamedTabClashesWithTheTabEvent() {
    let text = Self.tabbed.replacingOccurrences(of: "open-detail:", with: "tab:")
    let error = #expect(throws: SwiftGenerationError.self) { try Self.generate(text) }
    #expect(
      error?.message
        == "action 'tab' of screen 'feed-list' and the generated case 'tab' (selecting a tab) both become the case 'tab' of Event; rename one of them"
    )
  }

  @Test func twoTabNamesThatBecomeOneSwiftNameAreRefused() {
    let text = Self.tabbed.replacingOccurrences(
      of: "privacy: { flow: general }", with: "homeFeed: { flow: general }")
    let error = #expect(throws: SwiftGenerationError.self) { try Self.generate(text) }
    #expect(
      error?.message
        == "tab 'homeFeed' of screen 'settings' and tab 'home-feed' of screen 'home' both become the case 'homeFeed' of Tab; rename one of them"
    )
  }
}

import Foundation
import Testing

/// What app code gets wrong, caught by the compiler: each misspelling below is
/// a compile error against the generated API of Flows/login-app.yaml.
@Suite("Generated Swift: misspellings in app code are compile errors")
struct GeneratedCompileTests {
  static let misspelled = """
    import FlowGraphCore

    // A misspelled task: the hook struct does not conform.
    struct Hooks: LoginApp.TaskHooks {
      func restoreSesion() async throws -> LoginApp.RestoreSessionOutcome { .signedOut }
      func signIn(email: String, password: String) async throws -> LoginApp.SignInOutcome { .offline }
      func refreshFeed(token: String) async throws -> LoginApp.RefreshFeedOutcome { .refreshed }
    }

    func misspelledOutcome() -> LoginApp.SignInOutcome { .sucess(token: "t") }

    func misspelledAction() -> LoginApp.Event { .postSelectd(postId: 1) }

    func misspelledParam() -> LoginApp.Event { .postSelected(postID: 1) }

    func mistypedParam() -> LoginApp.Event { .postSelected(postId: "1") }

    func misspelledScreen(_ screen: LoginApp.Screen) -> String {
      switch screen {
      case .feeed: "feed"
      default: "other"
      }
    }

    func missingScreen(_ screen: LoginApp.Screen) -> String {
      switch screen {
      case .login, .signInError, .feed, .post, .comments: "covered"
      }
    }
    """

  @Test func everyMisspellingIsACompileErrorAtItsLine() throws {
    let folder = try SwiftCompiler.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("App.swift")
    try Self.misspelled.write(to: app, atomically: true, encoding: .utf8)
    let generated = GeneratedFiles.generatedFolder.appendingPathComponent("LoginApp.swift")
    let result = try SwiftCompiler.typecheck([generated, app])
    #expect(result.status != 0)
    let errors = result.output.split(separator: "\n").filter {
      $0.hasPrefix(app.path + ":") && $0.contains(": error: ")
    }
    .map { $0.dropFirst(app.path.count + 1) }
    let expected: [(line: Int, text: String)] = [
      (4, "does not conform to protocol 'LoginApp.TaskHooks'"),
      (10, "has no member 'sucess'"),
      (12, "has no member 'postSelectd'"),
      (14, "incorrect argument label in call (have 'postID:', expected 'postId:')"),
      (16, "cannot convert value of type 'String' to expected argument type 'Int'"),
      (20, "has no member 'feeed'"),
      (26, "switch must be exhaustive"),
    ]
    for item in expected {
      #expect(
        errors.contains { $0.hasPrefix("\(item.line):") && $0.contains(item.text) },
        "no error '\(item.text)' at line \(item.line) in:\n\(result.output)")
    }
  }

  @Test func correctAppCodeCompilesWithoutWarnings() throws {
    let folder = try SwiftCompiler.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("App.swift")
    let fixed = Self.misspelled
      .replacingOccurrences(of: "restoreSesion", with: "restoreSession")
      .replacingOccurrences(of: ".sucess", with: ".success")
      .replacingOccurrences(of: "postSelectd", with: "postSelected")
      .replacingOccurrences(of: "postID:", with: "postId:")
      .replacingOccurrences(of: "postId: \"1\"", with: "postId: 1")
      .replacingOccurrences(of: ".feeed", with: ".feed")
      .replacingOccurrences(of: ".comments: \"covered\"", with: ".comments, .share: \"covered\"")
    try fixed.write(to: app, atomically: true, encoding: .utf8)
    let generated = GeneratedFiles.generatedFolder.appendingPathComponent("LoginApp.swift")
    let result = try SwiftCompiler.typecheck([generated, app])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }

  static let tabsMisspelled = """
    import FlowGraphCore

    func misspelledTab() -> TabbedApp.Event { .tab(.profil) }

    func tabByName() -> TabbedApp.Event { .tab("profile") }

    func missingHooks(_ graph: FlowGraph) throws -> TabbedApp.Runner {
      try TabbedApp.Runner(graph: graph)
    }
    """

  /// A tab is a case of `TabbedApp.Tab`, not a string, and flows with tasks
  /// have no runner without hooks.
  @Test func aMisspelledTabAndMissingHooksAreCompileErrors() throws {
    let folder = try SwiftCompiler.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("App.swift")
    let generated = GeneratedFiles.generatedFolder.appendingPathComponent("TabbedApp.swift")
    try Self.tabsMisspelled.write(to: app, atomically: true, encoding: .utf8)
    let result = try SwiftCompiler.typecheck([generated, app])
    #expect(result.status != 0)
    let expected: [(line: Int, text: String)] = [
      (3, "type 'TabbedApp.Tab' has no member 'profil'"),
      (5, "cannot convert value of type 'String' to expected argument type 'TabbedApp.Tab'"),
      (8, "missing argument for parameter 'hooks' in call"),
    ]
    for item in expected {
      #expect(
        result.output.split(separator: "\n").contains {
          $0.hasPrefix("\(app.path):\(item.line):") && $0.contains("error: \(item.text)")
        },
        "no error '\(item.text)' at line \(item.line) in:\n\(result.output)")
    }
    let fixed =
      Self.tabsMisspelled
      .replacingOccurrences(of: ".profil", with: ".profile")
      .replacingOccurrences(of: ".tab(\"profile\")", with: ".tab(.search)")
      .replacingOccurrences(of: "(graph: graph)", with: "(graph: graph, hooks: Hooks())")
        + """

        struct Hooks: TabbedApp.TaskHooks {
          func signIn(email: String, password: String) async throws -> TabbedApp.SignInOutcome {
            .success(userId: email)
          }
        }
        """
    try fixed.write(to: app, atomically: true, encoding: .utf8)
    let corrected = try SwiftCompiler.typecheck([generated, app])
    #expect(corrected.status == 0, "\(corrected.output)")
    #expect(!corrected.output.contains("warning:"), "\(corrected.output)")
  }

  /// Xcode's app targets make the main actor the default isolation: the
  /// generated API and app code that uses it compile there too.
  @Test func theAPIAndAppCodeCompileWithMainActorDefaultIsolation() throws {
    let folder = try SwiftCompiler.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("App.swift")
    try """
    import FlowGraphCore

    final class Navigator: LoginApp.Navigator {
      var shown: [LoginApp.Screen] = []
      func apply(_ change: LoginApp.NavigationChange) {
        if case .push(let screen) = change { shown.append(screen) }
      }
    }

    struct Hooks: LoginApp.TaskHooks {
      func restoreSession() async throws -> LoginApp.RestoreSessionOutcome { .signedOut }
      func signIn(email: String, password: String) async throws -> LoginApp.SignInOutcome { .offline }
      func refreshFeed(token: String) async throws -> LoginApp.RefreshFeedOutcome { .refreshed }
    }

    func drive(_ graph: FlowGraph) async throws -> [[LoginApp.Screen]] {
      let runner = try LoginApp.Runner(graph: graph, hooks: Hooks(), navigator: Navigator())
      try await runner.start()
      try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
      try runner.sendSynchronously(.postSelected(postId: 42))
      return runner.layers
    }
    """.write(to: app, atomically: true, encoding: .utf8)
    let generated = GeneratedFiles.generatedFolder.appendingPathComponent("LoginApp.swift")
    let result = try SwiftCompiler.typecheck(
      [generated, app], flags: ["-default-isolation", "MainActor"])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }
}

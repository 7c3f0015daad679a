// The embedding example of docs/embedding.md, compiled and run as a test.
// Keep the two in step: the docs show the code between the EXAMPLE markers.
import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

// EXAMPLE BEGIN
/// Mirrors the runtime's navigation as a list of layers of screen names, the
/// way a UIKit or SwiftUI navigator would mirror it with view controllers.
final class ConsoleNavigator: Navigator {
  let graph: FlowGraph
  private(set) var layers: [[String]] = []

  init(graph: FlowGraph) { self.graph = graph }

  func apply(_ change: NavigationChange) {
    switch change {
    case .push(let screen): layers[layers.count - 1].append(name(screen))
    case .pop(let count): layers[layers.count - 1].removeLast(count)
    case .replace(let screen):
      layers[layers.count - 1][layers[layers.count - 1].count - 1] = name(screen)
    case .setRoot(let screen, let keeping):
      layers[layers.count - 1] = Array(layers[layers.count - 1].prefix(keeping)) + [name(screen)]
    case .present(let screen): layers.append([name(screen)])
    case .dismiss(let count): layers.removeLast(count)
    case .tabs: break  // this app has no tab bar
    }
  }

  private func name(_ screen: ScreenInstance) -> String { graph[screen.screen].name }
}

/// A stand-in for the app's network layer.
struct AuthService: Sendable {
  func signIn(email: String, password: String) async throws -> String? {
    password == "hunter2" ? "token-for-\(email)" : nil
  }
}

@MainActor
func runLoginApp(flowFile: String) async throws -> (runner: FlowRunner, saved: Data) {
  // 1. Load the flows and refuse a file with errors (an app can also ship the
  //    compiled JSON graph and load it with the core alone).
  let loaded = try FlowGraphLoader().validate(path: flowFile)
  guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else {
    throw ExampleError.invalidFlows(loaded.diagnostics.map(\.message))
  }

  // 2. A runner with a navigator; task hooks get 10 seconds.
  let navigator = ConsoleNavigator(graph: graph)
  let runner = FlowRunner(graph: graph, navigator: navigator, hookTimeout: .seconds(10))

  // 3. Task hooks decide outcomes; lifecycle hooks observe.
  let auth = AuthService()
  try runner.registerTask("restoreSession") { _ in TaskResult("signedOut") }
  try runner.registerTask("signIn") { call in
    guard let email = call["email"]?.string, let password = call["password"]?.string
    else { return TaskResult("offline") }
    guard let token = try await auth.signIn(email: email, password: password) else {
      return TaskResult("invalidCredentials", ["message": "Wrong password"])
    }
    return TaskResult("success", ["token": .string(token)])
  }
  try runner.registerTask("refreshFeed") { _ in TaskResult("refreshed") }
  var shownPosts: [Value] = []
  try runner.onScreenEnter("post") { screen in shownPosts.append(screen.params[0]) }

  // 4. Start, then send what the user does.
  try await runner.start()
  try await runner.send(
    .action("signInButtonPressed", arguments: ["email": "ann@example.com", "password": "nope"]))
  // The error modal is up; its OK button dismisses it.
  try runner.sendSynchronously(.action("okButtonPressed"))
  try await runner.send(
    .action("signInButtonPressed", arguments: ["email": "ann@example.com", "password": "hunter2"]))
  // The hot path: resolve an action once, then send it without name lookups.
  let feed = graph.screen(named: "feed", in: graph.flow(named: "app")!)!
  let postSelected = graph.action(named: "postSelected", on: feed)!
  try runner.sendSynchronously(.resolved(postSelected, payload: [.int(42)]))
  assert(navigator.layers == [["feed", "post"]])
  assert(shownPosts == [.int(42)])

  // 5. Save the state (for example when the app goes to the background).
  let saved = try runner.saveState()
  return (runner, saved)
}

@MainActor
func restoreLoginApp(flowFile: String, saved: Data) throws -> FlowRunner {
  let loaded = try FlowGraphLoader().validate(path: flowFile)
  guard let graph = loaded.graph else { throw ExampleError.invalidFlows([]) }
  let navigator = ConsoleNavigator(graph: graph)
  let runner = FlowRunner(graph: graph, navigator: navigator)
  // Restoring tells the navigator to rebuild the UI; a changed graph is refused
  // with an error that names what changed.
  try runner.restoreState(saved)
  assert(navigator.layers == [["feed", "post"]])
  return runner
}

enum ExampleError: Error {
  case invalidFlows([String])
}
// EXAMPLE END

@Suite("Runtime: the embedding example of docs/embedding.md")
struct RuntimeEmbeddingExampleTests {
  static let flowFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Flows/login-app.yaml").path

  @Test @MainActor func theExampleRunsSavesAndRestores() async throws {
    let (runner, saved) = try await runLoginApp(flowFile: Self.flowFile)
    #expect(runner.state.layerNames(in: runner.graph) == [["feed", "post"]])
    let restored = try restoreLoginApp(flowFile: Self.flowFile, saved: saved)
    #expect(restored.state == runner.state)
    try await restored.send(.back)
    #expect(restored.state.layerNames(in: restored.graph) == [["feed"]])
  }

  @Test func theDocsShowThisExample() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let docs = try String(
      contentsOfFile: URL(fileURLWithPath: Self.flowFile).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/embedding.md").path,
      encoding: .utf8)
    let begin = try #require(source.range(of: "// EXAMPLE BEGIN\n"))
    let end = try #require(source.range(of: "// EXAMPLE END"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    #expect(
      docs.contains(example), "docs/embedding.md must show the example exactly as compiled here")
  }
}

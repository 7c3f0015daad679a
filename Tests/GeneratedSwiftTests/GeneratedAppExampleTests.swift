// The app-side code of docs/generated-swift.md, compiled and run as a test:
// the API it uses is Generated/LoginApp.swift, from Flows/login-app.yaml.
import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

// EXAMPLE BEGIN
/// The task hooks: one struct conforming to the generated protocol. A typo in a
/// task, an outcome or a payload field is a compile error here.
struct LoginHooks: LoginApp.TaskHooks {
  var backend: AuthBackend

  func restoreSession() async throws -> LoginApp.RestoreSessionOutcome {
    if let token = await backend.savedToken() { return .signedIn(token: token) }
    return .signedOut
  }

  func signIn(email: String, password: String) async throws -> LoginApp.SignInOutcome {
    guard let token = try await backend.signIn(email: email, password: password) else {
      return .invalidCredentials(message: "Wrong password")
    }
    return .success(token: token)
  }

  func refreshFeed(token: String) async throws -> LoginApp.RefreshFeedOutcome {
    .refreshed
  }
}

/// A stand-in for the app's network layer.
struct AuthBackend: Sendable {
  func savedToken() async -> String? { nil }

  func signIn(email: String, password: String) async throws -> String? {
    password == "hunter2" ? "token-for-\(email)" : nil
  }
}

/// What a UIKit navigator does with each change, without UIKit: one stack of
/// "view controllers" per layer, built by an exhaustive switch over the screens.
/// A screen added to the flow file is a compile error here until it has a view.
final class ViewControllerNavigator: LoginApp.Navigator {
  private(set) var layers: [[String]] = []

  func apply(_ change: LoginApp.NavigationChange) {
    switch change {
    case .push(let screen): layers[layers.count - 1].append(makeViewController(screen))
    case .pop(let count): layers[layers.count - 1].removeLast(count)
    case .replace(let screen):
      layers[layers.count - 1][layers[layers.count - 1].count - 1] = makeViewController(screen)
    case .setRoot(let screen, let keeping):
      layers[layers.count - 1] =
        Array(layers[layers.count - 1].prefix(keeping)) + [makeViewController(screen)]
    case .present(let screen): layers.append([makeViewController(screen)])
    case .dismiss(let count): layers.removeLast(count)
    case .tabs: break  // this app has no tab bar
    }
  }

  /// In UIKit: `SignInViewController()`, `PostViewController(postId: postId)`…
  func makeViewController(_ screen: LoginApp.Screen) -> String {
    switch screen {
    case .login: "SignInViewController"
    case .signInError(let message): "ErrorViewController(\(message))"
    case .feed: "FeedViewController"
    case .post(let postId): "PostViewController(\(postId))"
    case .comments(let postId): "CommentsViewController(\(postId))"
    case .share(let postId): "ShareViewController(\(postId))"
    }
  }
}

/// The model behind a SwiftUI `NavigationStack` per layer: each layer's root
/// screen and its path of typed screens (`LoginApp.Screen` is `Hashable`, so
/// `navigationDestination(for: LoginApp.Screen.self)` renders it).
@MainActor
final class NavigationModel {
  struct Layer: Equatable {
    var root: LoginApp.Screen
    var path: [LoginApp.Screen] = []
  }

  private(set) var layers: [Layer] = []
}

extension NavigationModel: @MainActor LoginApp.Navigator {
  func apply(_ change: LoginApp.NavigationChange) {
    switch change {
    case .push(let screen): layers[layers.count - 1].path.append(screen)
    case .pop(let count): layers[layers.count - 1].path.removeLast(count)
    case .replace(let screen):
      if layers[layers.count - 1].path.isEmpty {
        layers[layers.count - 1].root = screen
      } else {
        layers[layers.count - 1].path[layers[layers.count - 1].path.count - 1] = screen
      }
    case .setRoot(let screen, let keeping):
      let stack = [layers[layers.count - 1].root] + layers[layers.count - 1].path
      let kept = Array(stack.prefix(keeping)) + [screen]
      layers[layers.count - 1] = Layer(root: kept[0], path: Array(kept.dropFirst()))
    case .present(let screen): layers.append(Layer(root: screen))
    case .dismiss(let count): layers.removeLast(count)
    case .tabs: break  // this app has no tab bar
    }
  }
}

/// Signs in (the first attempt fails and shows the error modal), then opens a
/// post: every event is typed, so a misspelled action or param does not compile.
@MainActor
func signInAndOpenPost(flowFile: String) async throws -> (LoginApp.Runner, NavigationModel) {
  let loaded = try FlowGraphLoader().validate(path: flowFile)
  guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else {
    throw LoginExampleError.invalidFlows
  }
  let model = NavigationModel()
  let runner = try LoginApp.Runner(
    graph: graph, hooks: LoginHooks(backend: AuthBackend()), navigator: model)
  try await runner.start()
  try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "nope"))
  try runner.sendSynchronously(.okButtonPressed)
  try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
  try runner.sendSynchronously(.postSelected(postId: 42))
  return (runner, model)
}

enum LoginExampleError: Error {
  case invalidFlows
}
// EXAMPLE END

@Suite("Generated Swift: the app-side example of docs/generated-swift.md")
struct GeneratedAppExampleTests {
  @Test @MainActor func theExampleDrivesTheFlowWithTypedEvents() async throws {
    let (runner, model) = try await signInAndOpenPost(flowFile: GeneratedFiles.flow("login-app"))
    let feed = LoginApp.Screen.feed(token: "token-for-ann@example.com")
    #expect(runner.layers == [[feed, .post(postId: 42)]])
    #expect(runner.currentScreen == .post(postId: 42))
    #expect(model.layers == [NavigationModel.Layer(root: feed, path: [.post(postId: 42)])])
    #expect(runner.base.state.layerNames(in: runner.base.graph) == [["feed", "post"]])
  }

  @Test @MainActor func theViewControllerNavigatorSwitchesOverEveryScreen() async throws {
    let graph = try GeneratedFiles.graph("login-app")
    let navigator = ViewControllerNavigator()
    let runner = try LoginApp.Runner(
      graph: graph, hooks: LoginHooks(backend: AuthBackend()), navigator: navigator)
    try await runner.start()
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "nope"))
    #expect(
      navigator.layers == [["SignInViewController"], ["ErrorViewController(Wrong password)"]])
    try runner.sendSynchronously(.dismiss)
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
    try runner.sendSynchronously(.postSelected(postId: 7))
    try runner.sendSynchronously(.nextPostSwiped(nextPostId: 8))
    try runner.sendSynchronously(.shareButtonPressed)
    #expect(
      navigator.layers == [
        ["FeedViewController", "PostViewController(8)"], ["ShareViewController(8)"],
      ])
  }

  @Test func theDocsShowThisExample() throws {
    #expect(
      try GeneratedFiles.documentedExample(in: #filePath).isShown,
      "docs/generated-swift.md must show the example exactly as compiled here")
  }
}

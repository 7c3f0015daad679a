import FlowGraphCore
import Foundation
import Testing

// Each example of Flows/README.md, driven through its generated API to the
// same final state as its scripted `flowgraph run`.

struct LoginAppScript: LoginApp.TaskHooks {
  let signIns = OutcomeScript<LoginApp.SignInOutcome>(
    .invalidCredentials(message: "Wrong password"), .success(token: "t0k3n"))
  func restoreSession() async throws -> LoginApp.RestoreSessionOutcome { .signedOut }
  func signIn(email: String, password: String) async throws -> LoginApp.SignInOutcome {
    signIns.next()
  }
  func refreshFeed(token: String) async throws -> LoginApp.RefreshFeedOutcome { .refreshed }
}

struct ImagePickerScript: ImagePicker.TaskHooks {
  func requestPhotoAccess() async throws -> ImagePicker.RequestPhotoAccessOutcome { .granted }
  func uploadPost(imageId: String, caption: String?) async throws -> ImagePicker.UploadPostOutcome {
    #expect(imageId == "IMG_0042")
    #expect(caption == "Sunset")
    return .uploaded
  }
}

struct ProfileScript: Profile.TaskHooks {
  func saveProfile(userId: String, displayName: String, bio: String?) async throws
    -> Profile.SaveProfileOutcome
  {
    #expect(userId == "ann" && displayName == "Ann Lee" && bio == "Hello")
    return .saved
  }
  func applyTheme(theme: Profile.Theme) async throws -> Profile.ApplyThemeOutcome {
    #expect(theme == .dark)
    return .applied
  }
}

struct DashboardScript: Dashboard.TaskHooks {
  func unlockSecret(passcode: String) async throws -> Dashboard.UnlockSecretOutcome {
    passcode == "4242" ? .unlocked : .wrongPasscode
  }
}

struct ShopScript: Shop.TaskHooks {
  let orders = OutcomeScript<Shop.PlaceOrderOutcome>(
    .paymentDeclined(reason: "Card expired"), .placed(orderId: "A-1001"))
  func placeOrder(cartId: String, speed: Shop.ShippingSpeed) async throws
    -> Shop.PlaceOrderOutcome
  {
    #expect(cartId == "cart-7" && speed == .express)
    return orders.next()
  }
}

struct CheckoutScript: Checkout.TaskHooks {
  func placeOrder(cartId: String, speed: Checkout.ShippingSpeed) async throws
    -> Checkout.PlaceOrderOutcome
  {
    .placed(orderId: "A-1001")
  }
}

struct ReaderScript: Reader.TaskHooks {
  let sessions = OutcomeScript<Reader.CheckSessionOutcome>(.signedOut, .signedIn)
  let signIns = OutcomeScript<Reader.SignInOutcome>(
    .failure(message: "Wrong password"), .success)
  func checkSession() async throws -> Reader.CheckSessionOutcome { sessions.next() }
  func signIn(email: String, password: String, remember: Bool) async throws
    -> Reader.SignInOutcome
  {
    #expect(email == "ann@example.com" && remember)
    return signIns.next()
  }
}

/// Records the typed changes a runner tells its navigator (any namespace's).
final class ChangeRecorder<Screen>: ScreenNavigator {
  var changes: [ScreenChange<Screen>] = []
  func apply(_ change: ScreenChange<Screen>) { changes.append(change) }
}

@Suite("Generated Swift: every example flow driven through its typed API")
@MainActor
struct GeneratedFlowsTests {
  @Test func onboardingCompletes() async throws {
    let runner = try Onboarding.Runner(graph: GeneratedFiles.graph("onboarding"))
    try await runner.start()
    #expect(runner.layers == [[.page1]])
    try await runner.send(.nextToPage2ButtonPressed)
    try await runner.send(.nextToPage3ButtonPressed)
    try await runner.send(.completeButtonPressed)
    #expect(runner.layers == [])
    #expect(runner.result == .tutorial(.completed))
  }

  @Test func onboardingIsSkippedWithItsPage() async throws {
    let runner = try Onboarding.Runner(graph: GeneratedFiles.graph("onboarding"))
    try await runner.start()
    try runner.sendSynchronously(.nextToPage2ButtonPressed)
    try runner.sendSynchronously(.skipButtonPressed)
    #expect(runner.result == .tutorial(.skipped(atPage: 2)))
  }

  @Test func loginAppEndsOnTheFeed() async throws {
    let recorder = ChangeRecorder<LoginApp.Screen>()
    let runner = try LoginApp.Runner(
      graph: GeneratedFiles.graph("login-app"), hooks: LoginAppScript(), navigator: recorder)
    try await runner.start()
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter1"))
    #expect(runner.layers == [[.login], [.signInError(message: "Wrong password")]])
    try await runner.send(.okButtonPressed)
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
    try await runner.send(.postSelected(postId: 42))
    try await runner.send(.commentsButtonPressed)
    #expect(runner.currentScreen == .comments(postId: 42))
    try await runner.send(.backToFeedButtonPressed)
    #expect(runner.layers == [[.feed(token: "t0k3n")]])
    #expect(runner.result == nil)
    #expect(
      recorder.changes == [
        .present(.login), .present(.signInError(message: "Wrong password")), .dismiss(count: 1),
        .setRoot(.feed(token: "t0k3n"), keeping: 0), .push(.post(postId: 42)),
        .push(.comments(postId: 42)), .pop(count: 2),
      ])
  }

  /// A deep link through the typed API: opened while signed out it waits at
  /// sign-in, and signing in lands on the post (SPEC §6.2's resume).
  @Test func loginAppOpensAPostAfterSignIn() async throws {
    struct SignsIn: LoginApp.TaskHooks {
      func restoreSession() async throws -> LoginApp.RestoreSessionOutcome { .signedOut }
      func signIn(email: String, password: String) async throws -> LoginApp.SignInOutcome {
        .success(token: "t0k3n")
      }
      func refreshFeed(token: String) async throws -> LoginApp.RefreshFeedOutcome { .refreshed }
    }
    let runner = try LoginApp.Runner(graph: GeneratedFiles.graph("login-app"), hooks: SignsIn())
    try await runner.start()
    try await runner.send(.open(try #require(URL(string: "myapp://posts/42"))))
    #expect(runner.currentScreen == .login)
    try await runner.send(.signInButtonPressed(email: "ann@example.com", password: "hunter2"))
    #expect(runner.currentScreen == .post(postId: 42))
  }

  @Test func imagePickerPostsAndEndsOnTheComposer() async throws {
    let runner = try ImagePicker.Runner(
      graph: GeneratedFiles.graph("image-picker"), hooks: ImagePickerScript())
    try await runner.start()
    try await runner.send(.addPhotoButtonPressed)
    try await runner.send(.albumsButtonPressed)
    try await runner.send(.albumSelected(albumId: "holidays"))
    try await runner.send(.photoSelected(imageId: "IMG_0042"))
    #expect(runner.currentScreen == .caption(imageId: "IMG_0042"))
    try await runner.send(.postButtonPressed(caption: "Sunset"))
    #expect(runner.layers == [[.composer]])
  }

  @Test func profileLogsOutToTheSignInScreen() async throws {
    let runner = try Profile.Runner(graph: GeneratedFiles.graph("profile"), hooks: ProfileScript())
    try await runner.start()
    try await runner.send(.signInButtonPressed(userId: "ann"))
    try await runner.send(.avatarTapped)
    try await runner.send(.editButtonPressed)
    try await runner.send(.saveButtonPressed(displayName: "Ann Lee", bio: "Hello"))
    try await runner.send(.editButtonPressed)
    try await runner.send(.back)
    #expect(runner.currentScreen == .discardChanges)
    try await runner.send(.discardButtonPressed)
    try await runner.send(.settingsButtonPressed)
    try await runner.send(.themeSelected(theme: .dark))
    try await runner.send(.back)
    try await runner.send(.logoutButtonPressed)
    try await runner.send(.logOutButtonPressed)
    #expect(runner.layers == [[.login]])
  }

  @Test func dashboardUnlocksTheSecretAndEndsOnTheSummary() async throws {
    let runner = try Dashboard.Runner(
      graph: GeneratedFiles.graph("dashboard"), hooks: DashboardScript())
    try await runner.start()
    try await runner.send(.nextButtonTapped)
    try await runner.send(.back)
    try await runner.send(.threeFingerLongPressRecognized)
    try await runner.send(.passcodeEntered(passcode: "0000"))
    try await runner.send(.passcodeEntered(passcode: "4242"))
    #expect(runner.currentScreen == .secret)
    try await runner.send(.closeButtonPressed)
    #expect(runner.layers == [[.summary]])
  }

  @Test func shopOrdersThroughTheImportedCheckoutAndEndsOnTheCatalog() async throws {
    let recorder = ChangeRecorder<Shop.Screen>()
    let runner = try Shop.Runner(
      graph: GeneratedFiles.graph("shop"), hooks: ShopScript(), navigator: recorder)
    try await runner.start(.shop(cartId: "cart-7"))
    try await runner.send(.productSelected(productId: "p-1"))
    try await runner.send(.relatedProductSelected(relatedProductId: "p-2"))
    try await runner.send(.back)
    try await runner.send(.cartButtonPressed)
    try await runner.send(.checkoutButtonPressed)
    try await runner.send(.shippingSpeedChosen(speed: .express))
    #expect(runner.currentScreen == .payment(cartId: "cart-7", speed: .express))
    try await runner.send(.payButtonPressed)
    #expect(runner.currentScreen == .paymentDeclined(reason: "Card expired"))
    try await runner.send(.tryAgainButtonPressed)
    try await runner.send(.payButtonPressed)
    try await runner.send(.doneButtonPressed)
    #expect(runner.currentScreen == .receipt(orderId: "A-1001"))
    try await runner.send(.back)
    try await runner.send(.back)
    #expect(runner.layers == [[.catalog]])
    #expect(recorder.changes.first == .present(.catalog))
  }

  @Test func checkoutFinishesWithItsOrder() async throws {
    let runner = try Checkout.Runner(
      graph: GeneratedFiles.graph("checkout"), hooks: CheckoutScript())
    try await runner.start(.checkout(cartId: "cart-7"))
    try await runner.send(.shippingSpeedChosen(speed: .express))
    try await runner.send(.payButtonPressed)
    try await runner.send(.doneButtonPressed)
    #expect(runner.layers == [])
    #expect(runner.result == .checkout(.ordered(orderId: "A-1001")))
  }

  /// SPEC §6.3 through the typed API: an action's param in its task's
  /// outcomes, `popTo` pushes, a child flow started with `popTo`, and defaults
  /// (the entry's `sort`, the screens' `showComments` and `order`, the
  /// report's `reason`).
  @Test func readerSignsInToThePostAndEndsOnAnotherPost() async throws {
    let runner = try Reader.Runner(graph: GeneratedFiles.graph("reader"), hooks: ReaderScript())
    try await runner.start()
    #expect(runner.layers == [[.feed(sort: .newest)]])
    try await runner.send(.postTapped(postId: 42))
    #expect(runner.currentScreen == .signInScreen(postId: 42))
    try await runner.send(.signInPressed(email: "ann@example.com", password: "x"))
    try await runner.send(.signInPressed(email: "ann@example.com", password: "hunter2"))
    #expect(runner.layers == [[.feed(sort: .newest), .post(postId: 42)]])
    try await runner.send(.relatedPostTapped(relatedId: 7))
    try await runner.send(.relatedPostTapped(relatedId: 8))
    #expect(
      runner.layers == [[.feed(sort: .newest), .post(postId: 42), .relatedPost(relatedId: 8)]])
    try await runner.send(.back)
    try await runner.send(.commentsTapped)
    #expect(runner.currentScreen == .comments(postId: 42))
    try await runner.send(.reportTapped)
    #expect(
      runner.layers == [
        [.feed(sort: .newest), .post(postId: 42), .form(postId: 42, reason: "spam")]
      ])
    try await runner.send(.sendTapped)
    try await runner.send(.back)
    try await runner.send(.postTapped(postId: 5))
    #expect(runner.layers == [[.feed(sort: .newest), .post(postId: 5)]])
  }

  @Test func aGraphThatIsNotTheGeneratedOneIsRefused() throws {
    let error = #expect(throws: RuntimeError.self) {
      _ = try Checkout.Runner(graph: GeneratedFiles.graph("login-app"), hooks: CheckoutScript())
    }
    #expect(
      error.map { "\($0)" }?.contains("the graph is not the one `Checkout` was generated from")
        == true)
  }

  @Test func anImpossibleTypedEventThrowsAndChangesNothing() async throws {
    let runner = try LoginApp.Runner(
      graph: GeneratedFiles.graph("login-app"), hooks: LoginAppScript())
    try await runner.start()
    await #expect(throws: RuntimeError.self) { try await runner.send(.postSelected(postId: 1)) }
    #expect(runner.layers == [[.login]])
  }
}

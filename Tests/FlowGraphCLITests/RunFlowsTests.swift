import Foundation
import Testing

/// A scripted run of an example in `Flows/` and the steps its trace must show
/// (`event -> flow/screen [layer][layer]`, then `finished RESULT`).
struct FlowScript: CustomTestStringConvertible, Sendable {
  var file: String
  var name: String
  var arguments: [String]
  var events: String
  var steps: [String]

  var testDescription: String { "\(file): \(name)" }
}

@Suite("flowgraph run: every example in Flows/ runs to its end")
struct RunFlowsTests {
  static let scripts: [FlowScript] = [
    FlowScript(
      file: "onboarding.yaml", name: "completes the tutorial",
      arguments: [],
      events: "nextToPage2ButtonPressed,nextToPage3ButtonPressed,completeButtonPressed",
      steps: [
        "start -> tutorial/page1 [page1]",
        "nextToPage2ButtonPressed -> tutorial/page2 [page1,page2]",
        "nextToPage3ButtonPressed -> tutorial/page3 [page1,page2,page3]",
        "completeButtonPressed -> null/null ",
        "finished completed",
      ]),
    FlowScript(
      file: "onboarding.yaml", name: "skips on page 2",
      arguments: [],
      events: "nextToPage2ButtonPressed,skipButtonPressed",
      steps: [
        "start -> tutorial/page1 [page1]",
        "nextToPage2ButtonPressed -> tutorial/page2 [page1,page2]",
        "skipButtonPressed -> null/null ",
        "finished skipped",
      ]),
    FlowScript(
      file: "onboarding.yaml", name: "starts over, goes back and skips",
      arguments: [],
      events:
        "nextToPage2ButtonPressed,nextToPage3ButtonPressed,startOverButtonPressed,nextToPage2ButtonPressed,back,skipButtonPressed",
      steps: [
        "start -> tutorial/page1 [page1]",
        "nextToPage2ButtonPressed -> tutorial/page2 [page1,page2]",
        "nextToPage3ButtonPressed -> tutorial/page3 [page1,page2,page3]",
        "startOverButtonPressed -> tutorial/page1 [page1]",
        "nextToPage2ButtonPressed -> tutorial/page2 [page1,page2]",
        "back -> tutorial/page1 [page1]",
        "skipButtonPressed -> null/null ",
        "finished skipped",
      ]),
    FlowScript(
      file: "login-app.yaml", name: "signs in after a failure",
      arguments: [
        "--outcome", "restoreSession=signedOut", "--outcome",
        "signIn=invalidCredentials(message=Wrong password)", "--outcome",
        "signIn=success(token=t0k3n)",
      ],
      events:
        "signInButtonPressed(email=ann@example.com,password=hunter1),okButtonPressed,signInButtonPressed(email=ann@example.com,password=hunter2),postSelected(postId=42),commentsButtonPressed,backToFeedButtonPressed",
      steps: [
        "start -> app/login [login]",
        "signInButtonPressed(email=ann@example.com,password=hunter1) -> app/signInError [login][signInError]",
        "okButtonPressed -> app/login [login]",
        "signInButtonPressed(email=ann@example.com,password=hunter2) -> app/feed [feed]",
        "postSelected(postId=42) -> app/post [feed,post]",
        "commentsButtonPressed -> app/comments [feed,post,comments]",
        "backToFeedButtonPressed -> app/feed [feed]",
      ]),
    FlowScript(
      file: "login-app.yaml", name: "restores a session, shares, refreshes into an expired session",
      arguments: [
        "--outcome", "restoreSession=signedIn(token=abc)", "--outcome", "refreshFeed=refreshed",
        "--outcome", "refreshFeed=sessionExpired",
      ],
      events:
        "postSelected(postId=1),nextPostSwiped(nextPostId=2),shareButtonPressed,copyLinkButtonPressed,doneButtonPressed,back,pullToRefreshTriggered,pullToRefreshTriggered",
      steps: [
        "start -> app/feed [feed]",
        "postSelected(postId=1) -> app/post [feed,post]",
        "nextPostSwiped(nextPostId=2) -> app/post [feed,post]",
        "shareButtonPressed -> app/share [feed,post][share]",
        "copyLinkButtonPressed -> app/share [feed,post][share]",
        "doneButtonPressed -> app/post [feed,post]",
        "back -> app/feed [feed]",
        "pullToRefreshTriggered -> app/feed [feed]",
        "pullToRefreshTriggered -> app/login [login]",
      ]),
    FlowScript(
      file: "image-picker.yaml", name: "picks a photo from an album and posts it",
      arguments: ["--outcome", "requestPhotoAccess=granted", "--outcome", "uploadPost=uploaded"],
      events:
        "addPhotoButtonPressed,albumsButtonPressed,albumSelected(albumId=holidays),photoSelected(imageId=IMG_0042),postButtonPressed(caption=Sunset)",
      steps: [
        "start -> newPost/composer [composer]",
        "addPhotoButtonPressed -> imagePicker/sourceChooser [composer][sourceChooser]",
        "albumsButtonPressed -> imagePicker/albums [composer][sourceChooser,albums]",
        "albumSelected(albumId=holidays) -> imagePicker/album [composer][sourceChooser,albums,album]",
        "photoSelected(imageId=IMG_0042) -> newPost/caption [composer,caption]",
        "postButtonPressed(caption=Sunset) -> newPost/composer [composer]",
      ]),
    FlowScript(
      file: "image-picker.yaml", name: "swipes the picker away, cancels it, is denied access",
      arguments: [
        "--outcome", "requestPhotoAccess=granted", "--outcome", "requestPhotoAccess=granted",
        "--outcome", "requestPhotoAccess=denied",
      ],
      events:
        "addPhotoButtonPressed,albumsButtonPressed,dismiss,addPhotoButtonPressed,cancelButtonPressed,addPhotoButtonPressed",
      steps: [
        "start -> newPost/composer [composer]",
        "addPhotoButtonPressed -> imagePicker/sourceChooser [composer][sourceChooser]",
        "albumsButtonPressed -> imagePicker/albums [composer][sourceChooser,albums]",
        "dismiss -> newPost/composer [composer]",
        "addPhotoButtonPressed -> imagePicker/sourceChooser [composer][sourceChooser]",
        "cancelButtonPressed -> newPost/composer [composer]",
        "addPhotoButtonPressed -> newPost/composer [composer]",
      ]),
    FlowScript(
      file: "image-picker.yaml", name: "takes a photo; the upload fails",
      arguments: [
        "--outcome", "requestPhotoAccess=granted", "--outcome", "uploadPost=failed(reason=offline)",
      ],
      events:
        "addPhotoButtonPressed,cameraButtonPressed,shutterButtonPressed(imageId=IMG_1),postButtonPressed,okButtonPressed,back",
      steps: [
        "start -> newPost/composer [composer]",
        "addPhotoButtonPressed -> imagePicker/sourceChooser [composer][sourceChooser]",
        "cameraButtonPressed -> imagePicker/camera [composer][sourceChooser,camera]",
        "shutterButtonPressed(imageId=IMG_1) -> newPost/caption [composer,caption]",
        "postButtonPressed -> newPost/uploadFailed [composer,caption][uploadFailed]",
        "okButtonPressed -> newPost/caption [composer,caption]",
        "back -> newPost/composer [composer]",
      ]),
    FlowScript(
      file: "profile.yaml", name: "edits, sets a theme and logs out",
      arguments: ["--outcome", "saveProfile=saved", "--outcome", "applyTheme=applied"],
      events:
        "signInButtonPressed(userId=ann),avatarTapped,editButtonPressed,saveButtonPressed(displayName=Ann Lee,bio=Hello),editButtonPressed,back,discardButtonPressed,settingsButtonPressed,themeSelected(theme=dark),back,logoutButtonPressed,logOutButtonPressed",
      steps: [
        "start -> account/login [login]",
        "signInButtonPressed(userId=ann) -> account/home [home]",
        "avatarTapped -> profile/overview [home,overview]",
        "editButtonPressed -> profile/editProfile [home,overview,editProfile]",
        "saveButtonPressed(displayName=Ann Lee,bio=Hello) -> profile/overview [home,overview]",
        "editButtonPressed -> profile/editProfile [home,overview,editProfile]",
        "back -> profile/discardChanges [home,overview,editProfile][discardChanges]",
        "discardButtonPressed -> profile/overview [home,overview]",
        "settingsButtonPressed -> profile/settings [home,overview,settings]",
        "themeSelected(theme=dark) -> profile/settings [home,overview,settings]",
        "back -> profile/overview [home,overview]",
        "logoutButtonPressed -> profile/logoutConfirmation [home,overview][logoutConfirmation]",
        "logOutButtonPressed -> account/login [login]",
      ]),
    FlowScript(
      file: "dashboard.yaml", name: "unlocks the secret screen on the second try",
      arguments: ["--outcome", "unlockSecret=wrongPasscode", "--outcome", "unlockSecret=unlocked"],
      events:
        "nextButtonTapped,back,threeFingerLongPressRecognized,passcodeEntered(passcode=0000),passcodeEntered(passcode=4242),closeButtonPressed",
      steps: [
        "start -> dashboard/summary [summary]",
        "nextButtonTapped -> dashboard/second [summary,second]",
        "back -> dashboard/summary [summary]",
        "threeFingerLongPressRecognized -> dashboard/passcode [summary][passcode]",
        "passcodeEntered(passcode=0000) -> dashboard/passcode [summary][passcode]",
        "passcodeEntered(passcode=4242) -> dashboard/secret [summary][secret]",
        "closeButtonPressed -> dashboard/summary [summary]",
      ]),
    FlowScript(
      file: "shop.yaml", name: "buys after a declined payment",
      arguments: [
        "--input", "cartId=cart-7", "--outcome", "placeOrder=paymentDeclined(reason=Card expired)",
        "--outcome", "placeOrder=placed(orderId=A-1001)",
      ],
      events:
        "productSelected(productId=p-1),relatedProductSelected(relatedProductId=p-2),back,cartButtonPressed,checkoutButtonPressed,shippingSpeedChosen(speed=express),payButtonPressed,tryAgainButtonPressed,payButtonPressed,doneButtonPressed,back,back",
      steps: [
        "start -> shop/catalog [catalog]",
        "productSelected(productId=p-1) -> shop/product [catalog,product]",
        "relatedProductSelected(relatedProductId=p-2) -> shop/product [catalog,product,product]",
        "back -> shop/product [catalog,product]",
        "cartButtonPressed -> shop/cart [catalog,product,cart]",
        "checkoutButtonPressed -> checkout/shipping [catalog,product,cart,shipping]",
        "shippingSpeedChosen(speed=express) -> checkout/payment [catalog,product,cart,shipping,payment]",
        "payButtonPressed -> checkout/paymentDeclined [catalog,product,cart,shipping,payment][paymentDeclined]",
        "tryAgainButtonPressed -> checkout/payment [catalog,product,cart,shipping,payment]",
        "payButtonPressed -> checkout/confirmation [catalog,product,cart,shipping,payment,confirmation]",
        "doneButtonPressed -> shop/receipt [catalog,product,receipt]",
        "back -> shop/product [catalog,product]",
        "back -> shop/catalog [catalog]",
      ]),
    FlowScript(
      file: "checkout.yaml", name: "orders on its own",
      arguments: ["--input", "cartId=cart-7", "--outcome", "placeOrder=placed(orderId=A-1001)"],
      events: "shippingSpeedChosen(speed=express),payButtonPressed,doneButtonPressed",
      steps: [
        "start -> checkout/shipping [shipping]",
        "shippingSpeedChosen(speed=express) -> checkout/payment [shipping,payment]",
        "payButtonPressed -> checkout/confirmation [shipping,payment,confirmation]",
        "doneButtonPressed -> null/null ",
        "finished ordered",
      ]),
    FlowScript(
      file: "shop.yaml", name: "leaves the checkout with back and with Cancel",
      arguments: ["--input", "cartId=cart-7"],
      events:
        "cartButtonPressed,checkoutButtonPressed,back,checkoutButtonPressed,cancelButtonPressed,back",
      steps: [
        "start -> shop/catalog [catalog]",
        "cartButtonPressed -> shop/cart [catalog,cart]",
        "checkoutButtonPressed -> checkout/shipping [catalog,cart,shipping]",
        "back -> shop/cart [catalog,cart]",
        "checkoutButtonPressed -> checkout/shipping [catalog,cart,shipping]",
        "cancelButtonPressed -> shop/cart [catalog,cart]",
        "back -> shop/catalog [catalog]",
      ]),
    FlowScript(
      file: "reader.yaml", name: "signs in to open the tapped post, browses related posts, reports",
      arguments: [
        "--outcome", "checkSession=signedOut", "--outcome", "checkSession=signedIn",
        "--outcome", "signIn=failure(message=Wrong password)", "--outcome", "signIn=success",
      ],
      events:
        "postTapped(postId=42),signInPressed(email=ann@example.com,password=x),signInPressed(email=ann@example.com,password=hunter2),relatedPostTapped(relatedId=7),relatedPostTapped(relatedId=8),back,commentsTapped,reportTapped,sendTapped,back,postTapped(postId=5)",
      steps: [
        "start -> reader/feed [feed]",
        "postTapped(postId=42) -> reader/signInScreen [feed,signInScreen]",
        "signInPressed(email=ann@example.com,password=x) -> reader/signInScreen [feed,signInScreen]",
        "signInPressed(email=ann@example.com,password=hunter2) -> reader/post [feed,post]",
        "relatedPostTapped(relatedId=7) -> reader/relatedPost [feed,post,relatedPost]",
        "relatedPostTapped(relatedId=8) -> reader/relatedPost [feed,post,relatedPost]",
        "back -> reader/post [feed,post]",
        "commentsTapped -> reader/comments [feed,post,comments]",
        "reportTapped -> report/form [feed,post,form]",
        "sendTapped -> reader/post [feed,post]",
        "back -> reader/feed [feed]",
        "postTapped(postId=5) -> reader/post [feed,post]",
      ]),
    FlowScript(
      file: "tabbed-app.yaml",
      name: "signs in, switches tabs (stacks kept), re-taps a tab, signs out from a tab",
      arguments: ["--outcome", "signIn=success(userId=ann)"],
      events:
        "signInButtonPressed(email=ann@example.com,password=hunter2),postSelected(postId=7),tab:profile,tab:feed,tab:feed,composeButtonPressed,cancelButtonPressed,tab:profile,signOutButtonPressed",
      steps: [
        "start -> app/signInScreen [signInScreen]",
        "signInButtonPressed(email=ann@example.com,password=hunter2) -> feed/feedHome [feedHome]",
        "postSelected(postId=7) -> feed/post [feedHome,post]",
        "tab:profile -> profile/profileHome [profileHome]",
        "tab:feed -> feed/post [feedHome,post]",
        "tab:feed -> feed/feedHome [feedHome]",
        "composeButtonPressed -> feed/compose [feedHome][compose]",
        "cancelButtonPressed -> feed/feedHome [feedHome]",
        "tab:profile -> profile/profileHome [profileHome]",
        "signOutButtonPressed -> app/signInScreen [signInScreen]",
      ]),
    FlowScript(
      file: "tabbed-app.yaml",
      name: "opens a post while signed out; after sign-in the route selects the feed tab",
      arguments: ["--outcome", "signIn=success(userId=ann)", "--open", "myapp://posts/42"],
      events: "signInButtonPressed(email=ann@example.com,password=hunter2),tab:profile,tab:feed",
      steps: [
        "start -> app/signInScreen [signInScreen]",
        "open:myapp://posts/42 -> app/signInScreen [signInScreen]",
        "signInButtonPressed(email=ann@example.com,password=hunter2) -> feed/post [feedHome,post]",
        "tab:profile -> profile/profileHome [profileHome]",
        "tab:feed -> feed/post [feedHome,post]",
      ]),
    FlowScript(
      file: "login-app.yaml", name: "opens a post cold: the back stack of a user who tapped there",
      arguments: ["--outcome", "restoreSession=signedIn(token=t0k3n)"],
      events: "open:myapp://posts/42",
      steps: [
        "start -> app/feed [feed]",
        "open:myapp://posts/42 -> app/post [feed,post]",
      ]),
    FlowScript(
      file: "login-app.yaml", name: "opens a post while signed out, signs in, lands on the post",
      arguments: [
        "--outcome", "restoreSession=signedOut", "--outcome", "signIn=success(token=t0k3n)",
      ],
      events: "open:myapp://posts/42,signInButtonPressed(email=ann@example.com,password=hunter2)",
      steps: [
        "start -> app/login [login]",
        "open:myapp://posts/42 -> app/login [login]",
        "signInButtonPressed(email=ann@example.com,password=hunter2) -> app/post [feed,post]",
      ]),
  ]

  @Test(arguments: scripts)
  func theScriptRunsAndTheTraceShowsEveryStep(script: FlowScript) throws {
    let result = try CLI.run(
      ["run", "Flows/\(script.file)", "--trace", "json"] + script.arguments + [
        "--events", script.events,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try RunTest.trace(result.stdout)
    let steps = trace.map { step in
      (step["finished"] as? String).map { "finished \($0)" } ?? RunTest.summary(step)
    }
    #expect(steps == script.steps)
    for (number, step) in trace.enumerated() where step["finished"] == nil {
      #expect(step["step"] as? Int == number)
      #expect(Set(step.keys).isSuperset(of: ["step", "event", "flow", "screen", "layers"]))
    }
    // Ends with the entry flow finished, or on a stable screen.
    if let last = steps.last, last.hasPrefix("finished ") {
      #expect(trace.dropLast().last?["layers"] as? [[String]] == [])
    } else {
      #expect(trace.last?["screen"] is String)
    }
  }

  @Test func everyExampleHasAScript() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: CLI.packageRoot.appendingPathComponent("Flows"), includingPropertiesForKeys: nil)
    let examples = Set(files.map(\.lastPathComponent).filter { $0.hasSuffix(".yaml") })
    #expect(!examples.isEmpty)
    #expect(examples.subtracting(Self.scripts.map(\.file)).isEmpty)
  }
}

@Suite("flowgraph run: tabs in the trace (SPEC §6.1)")
struct RunTabsTraceTests {
  @Test func everyStepWithATabBarHasItsTabs() throws {
    let result = try CLI.run([
      "run", "Flows/tabbed-app.yaml", "--trace", "json", "--outcome",
      "signIn=success(userId=ann)", "--events",
      "signInButtonPressed(email=a@b.c,password=x),postSelected(postId=7),tab:search,tab:nope",
    ])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines[0].contains("\"tabs\""))
    #expect(
      lines[2].contains(
        #""layers": [["feedHome", "post"]], "tabs": [{"layer": 0, "screen": "main", "selected": "feed", "names": ["feed", "search", "profile"], "stacks": [["feedHome", "post"], ["searchHome"], ["profileHome"]]}]"#
      ), "\(lines[2])")
    #expect(lines[3].contains(#""layers": [["searchHome"]]"#))
    #expect(lines[3].contains(#""selected": "search""#))
    #expect(result.stderr.contains("the tab bar has no tab 'nope'"), "\(result.stderr)")
  }

  @Test func tabNeedsANameAndTakesNoArguments() throws {
    let empty = try CLI.run(["run", "Flows/tabbed-app.yaml", "--events", "tab:"])
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("'tab:' needs a tab name"), "\(empty.stderr)")
    let arguments = try CLI.run(["run", "Flows/tabbed-app.yaml", "--events", "tab:feed(x=1)"])
    #expect(arguments.stderr.contains("is a system event and takes no arguments"))
  }
}

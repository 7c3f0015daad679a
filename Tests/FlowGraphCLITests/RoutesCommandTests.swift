import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph routes`, `--open`, `open:URL` and the trace's `pending` (SPEC §6.2).
@Suite("flowgraph routes and deep links in run")
struct RoutesCommandTests {
  @Test("every printed route, pasted into flowgraph run, ends on its screen")
  func routesReplay() throws {
    for file in ["Flows/login-app.yaml", "Flows/shop.yaml"] {
      let result = try CLI.run(["routes", file, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let routes = try #require(document["routes"] as? [[String: Any]])
      #expect(!routes.isEmpty)
      for route in routes {
        #expect(route["routable"] as? Bool == true)
        #expect(route["file"] as? String == file)
        let command = try #require(route["command"] as? String)
        let trace = try Paths.replay(command)
        #expect(trace.status == 0, "\(command)\n\(trace.stderr)")
        let last = try #require(Paths.lines(trace.stdout).last)
        #expect(last["screen"] as? String == route["screen"] as? String, "\(command)")
        #expect(last["flow"] as? String == route["flow"] as? String, "\(command)")
        // The same link opened by its URL ends there too.
        let open = try #require(route["openCommand"] as? String)
        let opened = try Paths.replay(open)
        #expect(opened.status == 0, "\(open)\n\(opened.stderr)")
        let end = try #require(Paths.lines(opened.stdout).last)
        #expect(end["screen"] as? String == route["screen"] as? String, "\(open)")
      }
    }
  }

  @Test("a link that routes only with a query item says so, and its URL carries it")
  func queryItemsARouteNeeds() throws {
    let folder = try ScratchFolder()
    try folder.write(
      """
      flowgraph: 1
      flows:
        reviews:
          start: list
          screens:
            list:
              actions:
                composeButtonPressed:
                  params: { draft: string }
                  present: editor
            editor:
              params:
                draft: { type: string, default: "" }
              deeplink: /reviews/new
              actions:
                sendButtonPressed: dismiss
      """, to: "reviews.yaml")
    let result = try CLI.run(["routes", "reviews.yaml"], in: folder.url)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        /reviews/new -> reviews/editor (reviews.yaml:14:19)
          flowgraph run reviews.yaml --events 'composeButtonPressed(draft=draft)'
          flowgraph run reviews.yaml --open '/reviews/new?draft=draft'
          needs: the URL must carry 'draft' (?draft=…): without it no route reaches the screen, and opening the link is not possible
        # 1 deep link, all routable

        """)
    // What `needs` says, the runtime does.
    let bare = try CLI.run(["run", "reviews.yaml", "--open", "/reviews/new"], in: folder.url)
    #expect(bare.status == 1)
    #expect(
      bare.stderr.contains(
        "no route from the entry flow's start reaches screen 'editor' with the link's values: the only way in is 'composeButtonPressed', whose param 'draft' the link does not carry"
      ), "\(bare.stderr)")
    let carried = try CLI.run(
      ["run", "reviews.yaml", "--open", "/reviews/new?draft=hi", "--trace", "json"],
      in: folder.url)
    #expect(carried.status == 0, "\(carried.stderr)")
    #expect(Paths.lines(carried.stdout).last?["screen"] as? String == "editor")
  }

  @Test("needs is true: a self-replace of the link's screen ends no route (review A2)")
  func needsLeavesOutAnEdgeFromTheLinksScreen() throws {
    let file = "Tests/Fixtures/cli/routes-needs-self-replace.yaml"
    #expect(
      try Self.routes(file) == """
        /search -> app/results (\(file):19:19)
          flowgraph run \(file) --events 'querySubmitted(q=q)'
          flowgraph run \(file) --open '/search?q=q&filter=top'
          needs: the URL must carry 'q' (?q=…): without it no route reaches the screen, and opening the link is not possible
        # 1 deep link, all routable

        """)
    let route = try Self.onlyRoute(file)
    #expect(route["needs"] as? [String] == ["q"])
    #expect(route["needsOneOf"] as? [[String]] == [["q"]])
    // The printed command opens the screen, with no link left pending.
    let open = try #require(route["openCommand"] as? String)
    let opened = try Paths.replay(open)
    #expect(opened.status == 0, "\(open)\n\(opened.stderr)")
    let end = try #require(Paths.lines(opened.stdout).last)
    #expect(end["screen"] as? String == "results")
    #expect(end["pending"] == nil)
    // Without 'q' the link does not open, with a filter or without one.
    for url in ["/search?filter=users", "/search"] {
      let refused = try CLI.run(["run", file, "--open", url])
      #expect(refused.status == 1, "\(url)")
      #expect(
        refused.stderr.contains(
          "no route from the entry flow's start reaches screen 'results' with the link's values: the only way in is 'querySubmitted', whose param 'q' the link does not carry"
        ), "\(url): \(refused.stderr)")
    }
    try Self.expectNeedsTrue(file, params: ["q", "filter"])
  }

  @Test("needs names each set of query items that opens the link when there are several")
  func needsOneOfSeveral() throws {
    let file = "Tests/Fixtures/cli/routes-needs-either.yaml"
    let text = try Self.routes(file)
    #expect(
      text.contains(
        "\n  needs: the URL must carry 'q' (?q=…) or 'filter' (?filter=…): with none of these no route reaches the screen, and opening the link is not possible\n"
      ), "\(text)")
    let route = try Self.onlyRoute(file)
    // No one param is needed: either opens the link.
    #expect(route["needs"] as? [String] == [])
    #expect(route["needsOneOf"] as? [[String]] == [["q"], ["filter"]])
    try Self.expectNeedsTrue(file, params: ["q", "filter"])
  }

  /// `flowgraph routes FILE` (all routable: exit 0).
  static func routes(_ file: String) throws -> String {
    let result = try CLI.run(["routes", file])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// The only route of `file`'s `routes --format json`.
  static func onlyRoute(_ file: String) throws -> [String: Any] {
    let result = try CLI.run(["routes", file, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let routes = try #require(document["routes"] as? [[String: Any]])
    #expect(routes.count == 1)
    return try #require(routes.first)
  }

  /// Opens the only link of `file` with every subset of `params` as query
  /// items: exactly the URLs that carry one whole set of `needsOneOf` open
  /// (exit 0, on the link's screen); every other is not possible (exit 1).
  static func expectNeedsTrue(_ file: String, params: [String]) throws {
    let route = try onlyRoute(file)
    let sets = try #require(route["needsOneOf"] as? [[String]])
    let needs = try #require(route["needs"] as? [String])
    let pattern = try #require(route["pattern"] as? String)
    let samples = try #require(route["link"] as? String).split(separator: "?").last.map {
      Dictionary(
        uniqueKeysWithValues: $0.split(separator: "&").map {
          let pair = $0.split(separator: "=", maxSplits: 1)
          return (String(pair[0]), String(pair[1]))
        })
    }
    for mask in 0..<(1 << params.count) {
      let carried = params.indices.filter { mask & (1 << $0) != 0 }.map { params[$0] }
      let query = carried.map { "\($0)=\(samples?[$0] ?? "x")" }.joined(separator: "&")
      let url = query.isEmpty ? pattern : pattern + "?" + query
      let opens = sets.isEmpty || sets.contains { $0.allSatisfy(carried.contains) }
      // A param `needs` names is in every URL that opens.
      if opens { #expect(needs.allSatisfy(carried.contains), "\(url)") }
      let result = try CLI.run(["run", file, "--open", url, "--trace", "json"])
      #expect(result.status == (opens ? 0 : 1), "\(url): \(result.stderr)")
      if opens {
        #expect(Paths.lines(result.stdout).last?["screen"] as? String == route["screen"] as? String)
      }
    }
  }

  @Test("the JSON document has the fields of the issue, with positions of the deeplink value")
  func jsonShape() throws {
    let result = try CLI.run(["routes", "Flows/login-app.yaml", "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let first = try #require((document["routes"] as? [[String: Any]])?.first)
    #expect(first["screen"] as? String == "post")
    #expect(first["flow"] as? String == "app")
    #expect(first["pattern"] as? String == "/posts/{postId}")
    #expect(first["line"] as? Int == 108)
    #expect(first["column"] as? Int == 19)
    #expect(first["events"] as? [String] == ["postSelected(postId=1)"])
    #expect(first["outcomes"] as? [String] == ["restoreSession=signedIn(token=token)"])
  }

  @Test("a stop is marked, and an unroutable link exits 1 with where routes stop")
  func stopsAndUnroutable() throws {
    let folder = try ScratchFolder()
    try folder.write(
      """
      flowgraph: 1
      entry: app
      tasks:
        signIn:
          input: { email: string, password: string }
          outcomes: { success: {}, failure: {} }
      flows:
        app:
          start: login
          screens:
            login:
              actions:
                signInButtonPressed:
                  params: { email: string, password: string }
                  run: signIn
                  outcomes: { success: { root: feed }, failure: stay }
            feed:
              actions:
                postTapped: { params: { postId: int }, push: post }
                composeTapped: { params: { draft: string }, push: compose }
            post:
              params: { postId: int }
              deeplink: /posts/{postId}
            compose:
              deeplink: /compose
      """, to: "stop.yaml")
    let result = try CLI.run(["routes", "stop.yaml"], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        /posts/{postId} -> app/post (stop.yaml:23:19)
          flowgraph run stop.yaml --outcome signIn=success --events 'signInButtonPressed(email=email,password=password),postTapped(postId=1)'
          flowgraph run stop.yaml --outcome signIn=success --open /posts/1
          stop: signInButtonPressed(email=email,password=password) (the user's own input; the link waits there)
        /compose -> app/compose (stop.yaml:25:19)
          unroutable: the only way in is 'composeTapped', whose param 'draft' the link does not carry
        # 2 deep links, 1 unroutable

        """)
  }

  @Test("--open is the first event after the start; pending is traced on every step while it waits")
  func openAndPending() throws {
    let result = try CLI.run([
      "run", "Flows/login-app.yaml", "--outcome", "restoreSession=signedOut",
      "--outcome", "signIn=invalidCredentials(message=no)", "--outcome", "signIn=success(token=t)",
      "--open", "https://example.com/posts/42/",
      "--events",
      "signInButtonPressed(email=a,password=b),okButtonPressed,signInButtonPressed(email=a,password=c)",
      "--trace", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = Paths.lines(result.stdout)
    #expect(
      trace.map { $0["event"] as? String } == [
        "start", "open:https://example.com/posts/42/", "signInButtonPressed(email=a,password=b)",
        "okButtonPressed", "signInButtonPressed(email=a,password=c)",
      ])
    #expect(
      trace.map { $0["pending"] as? String } == [
        nil, "https://example.com/posts/42/", "https://example.com/posts/42/",
        "https://example.com/posts/42/", nil,
      ])
    #expect(trace.last?["layers"] as? [[String]] == [["feed", "post"]])
  }

  @Test("a link pending in a tab bar: pending on every step, until cancelPendingLink drops it")
  func pendingInATabBar() throws {
    let result = try CLI.run([
      "run", "Tests/Fixtures/cli/deeplink-pending-in-tabs.yaml", "--outcome", "loadVideo=removed",
      "--open", "myapp://videos/12", "--events",
      "tab:search,queryChanged(q=cats),tab:home,cancelPendingLink,tab:search", "--trace", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = Paths.lines(result.stdout)
    let link = "myapp://videos/12"
    #expect(
      trace.map { $0["pending"] as? String } == [nil, link, link, link, link, nil, nil])
    // The user's own steps stand: each resume was undone (the task said
    // the video is gone again), and the trace lists no task for them.
    #expect(
      trace.map { $0["screen"] as? String } == [
        "feed", "feed", "discover", "discover", "feed", "feed", "discover",
      ])
    #expect(trace.dropFirst(2).allSatisfy { $0["tasks"] == nil })
  }

  @Test(
    "open:\"URL\" in --events takes JSON escapes; a URL that opens nothing exits 1 with the reason")
  func quotedAndRefused() throws {
    let quoted = try CLI.run([
      "run", "Flows/login-app.yaml", "--outcome", "restoreSession=signedIn(token=t)",
      "--events", #"open:"myapp://posts/7?x=a,b",cancelPendingLink"#,
    ])
    #expect(quoted.status == 1)
    #expect(
      quoted.stdout.contains(
        "step 1: open:myapp://posts/7?x=a,b [restoreSession: signedIn(token=t)] -> app/post"))
    #expect(quoted.stderr.contains("no deep link is pending"))
    let refused = try CLI.run([
      "run", "Flows/login-app.yaml", "--outcome", "restoreSession=signedIn(token=t)",
      "--open", "myapp://posts/forty-two",
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("segment '{postId}'"))
    #expect(refused.stderr.contains("'forty-two', which is not an int"))
  }

  @Test func aQueryItemThatIsNotACaseListsTheCases() throws {
    let result = try RunTest.run(
      yaml: """
        flowgraph: 1
        types:
          Language: { enum: [en, de, fr] }
        flows:
          app:
            start: home
            screens:
              home:
                actions: { settingsPressed: { push: settings } }
              settings:
                params: { language: { type: Language, default: en } }
                deeplink: /settings
        """, ["--open", "myapp://settings?language=fr-CH"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "query item 'language' of 'myapp://settings?language=fr-CH' is 'fr-CH', which is not a Language (param 'language' of screen 'settings'); the cases of Language are en, de, fr\n"
      ), "\(result.stderr)")
  }
}

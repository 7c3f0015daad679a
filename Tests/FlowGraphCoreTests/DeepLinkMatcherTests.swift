import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Testing

@Suite("Deep-link matching (SPEC §6.2)")
struct DeepLinkMatcherTests {
  static let text = """
    flowgraph: 1
    entry: app
    types:
      Tab: { enum: [feed, saved] }
    flows:
      app:
        start: home
        screens:
          home:
            deeplink: /
            actions:
              postTapped: { params: { postId: int }, push: post }
              newTapped: { push: newPost }
              userTapped: { params: { name: string }, push: user }
              searchTapped: { push: search }
              tabTapped: { params: { tab: Tab }, push: tabbed }
          post:
            params: { postId: int, ref: string?, draft: bool? }
            deeplink: /posts/{postId}
          newPost:
            deeplink: /posts/new
          user:
            params: { name: string }
            deeplink: /users/{name}
          search:
            params: { q: string?, page: int? }
            deeplink: /search
          tabbed:
            params: { tab: Tab }
            deeplink: /tabs/{tab}
    """

  static let graph = TestFlows.graph(text, file: "links.yaml")

  func match(_ url: String) -> (screen: String, values: [String: Value])? {
    guard case .success(let found) = DeepLinkMatcher(graph: Self.graph).match(url) else {
      return nil
    }
    return (Self.graph[found.screen].name, found.values)
  }

  func failure(_ url: String) -> String? {
    guard case .failure(let error) = DeepLinkMatcher(graph: Self.graph).match(url) else {
      return nil
    }
    return error.message
  }

  @Test("http(s) paths, custom schemes whose host is the first segment, bare paths")
  func urlForms() {
    for url in [
      "https://example.com/posts/42", "http://x/posts/42", "myapp://posts/42", "/posts/42",
      "HTTPS://example.com/posts/42/", "myapp://posts/42/", "myapp://user@posts:80/42",
      "https://example.com/posts/42#comments",
    ] {
      #expect(match(url)?.screen == "post", "\(url)")
      #expect(match(url)?.values == ["postId": .int(42)], "\(url)")
    }
    #expect(match("https://example.com")?.screen == "home")
    #expect(match("https://example.com/")?.screen == "home")
    #expect(match("/")?.screen == "home")
    #expect(match("myapp:///posts/42")?.screen == "post")
    // The host of an http URL is not a segment; only one trailing '/' is ignored.
    #expect(match("https://posts/42") == nil)
    #expect(match("/posts/42//") == nil)
  }

  @Test("literal segments win over {name}, case-sensitive")
  func literalsWin() {
    #expect(match("/posts/new")?.screen == "newPost")
    #expect(match("/Posts/42") == nil)
    #expect(failure("/posts/New")?.contains("'New', which is not an int") == true)
  }

  @Test("percent-decoding, '+' stays '+'")
  func percentDecoding() {
    #expect(match("/users/a%20b")?.values == ["name": .string("a b")])
    #expect(match("/users/a+b")?.values == ["name": .string("a+b")])
    #expect(match("/users/%C3%A9")?.values == ["name": .string("é")])
    #expect(match("/users/a%2Fb")?.values == ["name": .string("a/b")])
    #expect(match("/search?q=a%26b+c")?.values == ["q": .string("a&b+c")])
    #expect(failure("/users/a%2")?.contains("malformed percent escape") == true)
    #expect(failure("/users/%FF")?.contains("not UTF-8") == true)
  }

  @Test("query items: by name, first wins, path wins, ?flag is empty, unknown ignored")
  func queryItems() {
    #expect(match("/search?q=swift&page=2")?.values == ["q": .string("swift"), "page": .int(2)])
    #expect(match("/search?q=a&q=b")?.values == ["q": .string("a")])
    #expect(match("/search?q")?.values == ["q": .string("")])
    #expect(match("/search?other=1&&utm=x")?.values == [:])
    #expect(
      match("/posts/42?postId=7&ref=mail")?.values == ["postId": .int(42), "ref": .string("mail")])
    #expect(match("/posts/42?draft=true")?.values == ["postId": .int(42), "draft": .bool(true)])
  }

  @Test("values read as their types through the script value parser")
  func typedValues() {
    #expect(match("/tabs/saved")?.values == ["tab": .string("saved")])
    #expect(failure("/tabs/archive")?.contains("'archive', which is not a Tab") == true)
    #expect(failure("/posts/4.2")?.contains("segment '{postId}'") == true)
    #expect(failure("/search?page=two")?.contains("query item 'page'") == true)
    #expect(failure("/posts/42?draft=yes")?.contains("which is not a bool") == true)
  }

  @Test("an enum value that is not a case lists the cases, and a near one")
  func enumCases() {
    #expect(
      failure("/tabs/archive")
        == "segment '{tab}' of deep link '/tabs/{tab}' (screen 'tabbed') is 'archive', which is not a Tab; the cases of Tab are feed, saved"
    )
    #expect(
      failure("/tabs/savd")
        == "segment '{tab}' of deep link '/tabs/{tab}' (screen 'tabbed') is 'savd', which is not a Tab; the cases of Tab are feed, saved; did you mean 'saved'?"
    )
    let settings = TestFlows.graph(
      """
      flowgraph: 1
      types:
        Language: { enum: [en, de, fr] }
      flows:
        app:
          start: settings
          screens:
            settings:
              params: { language: Language? }
              deeplink: /settings
      """, file: "settings.yaml")
    let matcher = DeepLinkMatcher(graph: settings)
    guard case .failure(let error) = matcher.match("myapp://settings?language=EN") else {
      Issue.record("language=EN matched")
      return
    }
    #expect(
      error.message
        == "query item 'language' of 'myapp://settings?language=EN' is 'EN', which is not a Language (param 'language' of screen 'settings'); the cases of Language are en, de, fr; did you mean 'en'?"
    )
    guard case .success(let found) = matcher.match("myapp://settings?language=de") else {
      Issue.record("language=de did not match")
      return
    }
    #expect(found.values == ["language": .string("de")])
  }

  @Test("an integer that int cannot hold is out of range, not 'not an int'")
  func integersOutOfRange() {
    let range = "out of range for int (-9223372036854775808…9223372036854775807)"
    #expect(
      failure("/posts/9223372036854775808")
        == "segment '{postId}' of deep link '/posts/{postId}' (screen 'post') is '9223372036854775808', which is \(range)"
    )
    #expect(
      failure("/search?page=-99999999999999999999")
        == "query item 'page' of '/search?page=-99999999999999999999' is '-99999999999999999999', which is \(range) (param 'page' of screen 'search')"
    )
    #expect(match("/posts/9223372036854775807")?.values == ["postId": .int(Int.max)])
  }

  @Test("no pattern, not a URL: the reason is given")
  func noMatch() {
    #expect(
      failure("/nothing/here")
        == "no deep-link pattern matches '/nothing/here' (path '/nothing/here')")
    #expect(failure("posts/42")?.contains("is not a URL") == true)
    #expect(failure("")?.contains("is not a URL") == true)
  }

  @Test("hostile URLs never crash")
  func hostile() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("/:?#&=%+@.{}abcpostsnew420 \u{0}é%2F%zz//\\")
    let matcher = DeepLinkMatcher(graph: Self.graph)
    for _ in 0..<3000 {
      let length = Int.random(in: 0...24, using: &generator)
      let url = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      switch matcher.match(url) {
      case .success(let found): #expect(Self.graph[found.screen].deeplink != nil)
      case .failure(let error): #expect(!error.message.isEmpty)
      }
    }
    for url in [
      "%", "?", "#", "://", "a:", "a://", "/?=&=", "myapp://%",
      String(repeating: "/", count: 10_000),
    ] {
      _ = matcher.match(url)
    }
  }
}

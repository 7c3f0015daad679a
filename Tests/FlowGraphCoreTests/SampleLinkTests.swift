import FlowGraphYAML
import Testing

@testable import FlowGraphCore

/// The URLs path generation opens (SPEC §8, §6.2): made from a screen's
/// pattern and sample values, read back by the one matcher to the same
/// screen and values.
@Suite("Sample deep-link URLs")
struct SampleLinkTests {
  @Test("every screen's sample link matches its screen, with the params' sample values")
  func roundTrip() throws {
    let graph = DeepLinkMatcherTests.graph
    var urls: [String: String] = [:]
    for (index, screen) in graph.screens.enumerated() where screen.deeplink != nil {
      let url = try #require(graph.sampleLink(to: ScreenID(index)))
      urls[screen.name] = url
      guard case .success(let match) = DeepLinkMatcher(graph: graph).match(url) else {
        Issue.record("\(url) matches nothing")
        continue
      }
      #expect(match.screen == ScreenID(index), "\(url)")
      var expected: [String: Value] = [:]
      for param in screen.params { expected[param.name] = graph.sampleValue(for: param) }
      #expect(match.values == expected, "\(url)")
    }
    #expect(
      urls == [
        "home": "/", "post": "/posts/1?ref=ref&draft=true", "newPost": "/posts/new",
        "user": "/users/name", "search": "/search?q=q&page=1", "tabbed": "/tabs/feed",
      ])
  }

  @Test("a screen without a deep link has no sample link")
  func noLink() throws {
    let text = """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home: {}
      """
    let graph = try #require(FlowGraphLoader().validate(text: text, file: "a.yaml").graph)
    #expect(graph.sampleLink(to: ScreenID(0)) == nil)
  }

  @Test("reserved characters are percent-encoded, so a URL needs no quotes in a script")
  func encoding() {
    #expect(
      PercentEncoding.encode("https://example.com/a b,c") == "https%3A%2F%2Fexample.com%2Fa%20b%2Cc"
    )
    #expect(PercentEncoding.encode("[1,2]") == "%5B1%2C2%5D")
    #expect(PercentEncoding.encode("é") == "%C3%A9")
    #expect(
      PercentDecoding.decode(Array(PercentEncoding.encode("a/b?c=d&e é").utf8)) == "a/b?c=d&e é")
  }

  @Test("open:URL in the --events syntax: bare, or quoted with JSON escapes when it must be")
  func scriptText() {
    #expect(LinkOpener.scriptText(of: "/posts/1") == "open:/posts/1")
    #expect(LinkOpener.scriptText(of: "myapp://search?q=a,b") == #"open:"myapp://search?q=a,b""#)
    #expect(LinkOpener.scriptText(of: #"/a"b"#) == #"open:"/a\"b""#)
    #expect(LinkOpener.scriptText(of: "/a b") == #"open:"/a b""#)
  }
}

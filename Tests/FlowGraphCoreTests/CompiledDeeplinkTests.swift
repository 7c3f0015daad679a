import FlowGraphCore
import FlowGraphYAML
import Testing

/// The compiled formats' decoders (``GraphJSONDecoder``, ``CompiledGraph``)
/// refuse a screen's deep link exactly where the compiler reports
/// `invalid-deeplink`, with its message, and read every deep link it
/// accepts back equal; the JSON encoder refuses what they refuse.
@Suite struct CompiledDeeplinkTests {
  /// Every kind of deep link the compiler accepts: a param in the path, a
  /// literal path, an optional list bound by the query, a screen with a
  /// custom back (read field by field from the launch format).
  static let flow = """
    flowgraph: 1
    flows:
      app:
        start: home
        screens:
          home:
            actions:
              postTapped: { params: { postId: int }, push: post }
              userTapped: { params: { name: string }, push: user }
              searchTapped: { push: search }
              draftsTapped: { push: drafts }
              aboutTapped: { push: about }
          post:
            params: { postId: int }
            deeplink: /posts/{postId}
          user:
            params: { name: string }
            deeplink: /users/{name}
          search:
            params: { tags: list<int>? }
            deeplink: /search
          drafts:
            deeplink: /drafts
          about:
            back: { push: drafts }
            deeplink: /about

    """

  /// One deep link the compiler refuses, put on one screen of ``flow``.
  struct Case: Sendable, CustomTestStringConvertible {
    /// The screen's index (in the flow and the graph).
    var screen: Int
    var pattern: String
    /// The compiler's message (its first `invalid-deeplink` finding starts
    /// with it).
    var message: String
    /// What the decoders add: a "did you mean", or what to do.
    var more = ""

    var testDescription: String { "\(pattern) on screen \(screen)" }
  }

  static let cases: [Case] = [
    Case(
      screen: 1, pattern: "posts//x",
      message: "deep link 'posts//x' is malformed: a pattern starts with '/'"),
    Case(
      screen: 4, pattern: "/a/{b c}",
      message: "deep link '/a/{b c}' is malformed: '{b c}' does not hold a param name"),
    Case(
      screen: 1, pattern: "/posts/{id}",
      message: "'{id}' in deep link '/posts/{id}' is not a param of screen 'post'"),
    Case(
      screen: 1, pattern: "/posts/{postID}",
      message: "'{postID}' in deep link '/posts/{postID}' is not a param of screen 'post'",
      more: " (did you mean 'postId'?)"),
    Case(
      screen: 4, pattern: "/drafts/{x}",
      message: "'{x}' in deep link '/drafts/{x}' is not a param of screen 'drafts'"),
    Case(
      screen: 3, pattern: "/search/{tags}",
      message:
        "param 'tags' of screen 'search' is list<int>?, which a path segment cannot hold"),
    Case(
      screen: 1, pattern: "/drafts",
      message:
        "deep link '/drafts' does not bind param 'postId' of screen 'post', which is not optional",
      more:
        "; write '/drafts/{postId}', so that every link carries it, or make 'postId' optional or give it a default (a link then binds it by '?postId=…' when it has it)"
    ),
    Case(
      screen: 2, pattern: "/posts/{name}",
      message:
        "deep link '/posts/{name}' matches the same URLs as the deep link of screen 'post' in flow 'app'"
    ),
    Case(
      screen: 5, pattern: "/drafts",
      message:
        "deep link '/drafts' matches the same URLs as the deep link of screen 'drafts' in flow 'app'"
    ),
  ]

  static let names = ["home", "post", "user", "search", "drafts", "about"]
  static let patterns = ["", "/posts/{postId}", "/users/{name}", "/search", "/drafts", "/about"]

  /// ``flow`` compiled, with no finding of the compiler.
  func graph() throws -> FlowGraph {
    let loaded = FlowGraphLoader().load(text: Self.flow, file: "app.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    return try #require(loaded.graph)
  }

  /// `graph` with `pattern` as the deep link of screen `screen`.
  func graph(_ graph: FlowGraph, with pattern: String, on screen: Int) -> FlowGraph {
    var screens = Array(graph.screens)
    screens[screen].deeplink = pattern
    return FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry, sources: graph.sources)
  }

  @Test func aGraphWithDeepLinksReadsBackEqual() throws {
    let graph = try graph()
    #expect(graph.screens.map(\.deeplink) == Self.patterns.map { $0.isEmpty ? nil : $0 })
    let json = try GraphJSONEncoder().encode(graph)
    #expect(try GraphJSONDecoder().decode(json) == graph)
    #expect(try CompiledGraph.decode(CompiledGraph.encode(graph)) == graph)
  }

  @Test(arguments: cases)
  func theCompilerRefusesEachCase(_ refused: Case) throws {
    let text = Self.flow.replacingOccurrences(
      of: "deeplink: \(Self.patterns[refused.screen])\n", with: "deeplink: \"\(refused.pattern)\"\n"
    )
    let loaded = FlowGraphLoader().load(text: text, file: "app.yaml")
    let finding = loaded.diagnostics.first { $0.rule == .invalidDeeplink }
    #expect(finding?.message.hasPrefix(refused.message) == true, "\(loaded.diagnostics)")
  }

  @Test(arguments: cases)
  func theJSONDecoderRefusesEachCaseAtItsDeepLink(_ refused: Case) throws {
    let json = try GraphJSONEncoder().encode(try graph())
    let written = "\"deeplink\" : \"\(Self.patterns[refused.screen])\""
    try #require(json.components(separatedBy: written).count == 2)
    let broken = json.replacingOccurrences(
      of: written, with: "\"deeplink\" : \"\(refused.pattern)\"")
    #expect(
      throws: GraphJSONError(
        refused.message + refused.more, path: "flows[0].screens[\(refused.screen)].deeplink")
    ) {
      try GraphJSONDecoder().decode(broken)
    }
  }

  /// What the decoders refuse is not written: a graph built by hand, or
  /// compiled with the finding suppressed, holds it.
  @Test(arguments: cases)
  func theJSONEncoderRefusesEachCaseAtItsScreen(_ refused: Case) throws {
    let graph = graph(try graph(), with: refused.pattern, on: refused.screen)
    #expect(
      throws: GraphJSONError(
        refused.message + refused.more,
        path: "screen '\(Self.names[refused.screen])' of flow 'app'")
    ) {
      try GraphJSONEncoder().encode(graph)
    }
  }

  @Test(arguments: cases)
  func theLaunchFormatRefusesEachCaseAtItsScreen(_ refused: Case) throws {
    let bytes = CompiledGraph.encode(graph(try graph(), with: refused.pattern, on: refused.screen))
    do {
      _ = try CompiledGraph.decode(bytes)
      Issue.record("decoded a deep link the compiler refuses")
    } catch {
      #expect(
        error.message
          == "not a well-formed graph: screen '\(Self.names[refused.screen])' of flow 'app': "
          + refused.message + refused.more)
      #expect(error.offset != nil)
    }
  }
}

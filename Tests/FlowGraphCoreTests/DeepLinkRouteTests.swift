import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@Suite("Deep-link routes (SPEC §6.2)")
struct DeepLinkRouteTests {
  static func graph(_ text: String) -> FlowGraph {
    TestFlows.graph(text, file: "routes.yaml", validate: false)
  }

  /// The route as `event[outcomes] -> screen` items.
  static func describe(_ route: DeepLinkRoute?, in graph: FlowGraph) -> [String]? {
    guard let route else { return nil }
    return route.edges.enumerated().map { index, edge in
      var text: String
      switch edge.trigger {
      case .start: text = "start"
      case .action(let id): text = graph[id].name
      case .tab(let screen, let tab): text = "tab:" + (graph[screen].tabBar?.tabs[tab].name ?? "?")
      }
      if !edge.outcomes.isEmpty {
        text +=
          "["
          + edge.outcomes.map {
            "\(graph[$0.task].name)=\(graph[$0.task].outcomes[$0.outcome].name)"
          }
          .joined(separator: ",") + "]"
      }
      if route.stops.contains(index) { text += " (stop)" }
      return text + " -> " + graph[edge.target].name
    }
  }

  static let app = graph(
    """
    flowgraph: 1
    entry: app
    tasks:
      checkSession: { outcomes: { loggedIn: {}, loggedOut: {} } }
      signIn:
        input: { email: string, password: string }
        outcomes: { success: {}, failure: {} }
      load: { outcomes: { cached: {}, fresh: {} } }
    flows:
      app:
        start:
          run: checkSession
          outcomes: { loggedIn: feed, loggedOut: login }
        screens:
          login:
            actions:
              signInButtonPressed:
                params: { email: string, password: string }
                run: signIn
                outcomes: { success: { root: feed }, failure: stay }
          feed:
            actions:
              searchTapped: { push: search }
              postTapped:
                params: { postId: int }
                run: load
                outcomes: { cached: { push: post }, fresh: { push: post } }
              settingsTapped: { start: settings, mode: present }
              otherPostTapped: { params: { postId: int }, push: post }
          search:
            actions:
              resultTapped: { params: { postId: int }, push: post }
          post:
            params: { postId: int }
            deeplink: /posts/{postId}
            actions:
              backHome: { push: feed, popTo: feed, inclusive: true }
      settings:
        start:
          run: load
          outcomes: { cached: about, fresh: about }
        screens:
          about:
            deeplink: /about
            actions:
              closeTapped: dismiss
    """)

  @Test("the first shortest route: start outcomes and actions in declared order")
  func tieBreaks() {
    let forward = ForwardGraph(graph: Self.app)
    let post = Self.app.screen(named: "post", in: Self.app.flow(named: "app")!)!
    #expect(
      Self.describe(forward.route(to: post, carried: { $0 == "postId" }), in: Self.app) == [
        "start[checkSession=loggedIn] -> feed", "postTapped[load=cached] -> post",
      ])
    let about = Self.app.screen(named: "about", in: Self.app.flow(named: "settings")!)!
    #expect(
      Self.describe(forward.route(to: about, carried: { _ in false }), in: Self.app) == [
        "start[checkSession=loggedIn] -> feed", "settingsTapped[load=cached] -> about",
      ])
  }

  @Test("a stop ends no route; a route may pass through one")
  func stops() {
    let forward = ForwardGraph(graph: Self.app)
    let post = Self.app.screen(named: "post", in: Self.app.flow(named: "app")!)!
    #expect(forward.route(to: post, carried: { _ in false }) == nil)
    // Only through the login: the sign-in is a stop in the middle.
    let graph = Self.graph(
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
            post:
              params: { postId: int }
              deeplink: /posts/{postId}
      """)
    let target = graph.screen(named: "post", in: graph.flow(named: "app")!)!
    #expect(
      Self.describe(
        ForwardGraph(graph: graph).route(to: target, carried: { $0 == "postId" }), in: graph)
        == [
          "start -> login", "signInButtonPressed[signIn=success] (stop) -> feed",
          "postTapped -> post",
        ])
  }

  /// The link's screen `results` (params `q` and `filter`, with defaults)
  /// with a self-`replace` and a way back through `detail`, which the search
  /// reaches first from `results`; with `around`, `detail` is also reached
  /// through `more`, without `results`. `wayIn` is the action from the
  /// start's screen into `results`.
  static func wayBack(around: Bool, wayIn: String) -> FlowGraph {
    graph(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: discover
          screens:
            discover:
              actions:
                \(wayIn): { params: { \(wayIn == "querySubmitted" ? "q" : "password"): string }, push: results }
      \(around ? "          moreTapped: { push: more }" : "")
            more:
              actions:
                detailTapped: { push: detail }
            results:
              params:
                q: { type: string, default: "" }
                filter: { type: string, default: top }
              deeplink: /search
              actions:
                filterChanged: { params: { filter: string }, replace: results }
                detailTapped: { push: detail }
            detail:
              actions:
                allResultsTapped: { push: results }
      """)
  }

  @Test("a route shows its screen once, at its end: an edge that leaves the screen ends none")
  func aRouteShowsItsScreenOnce() {
    let graph = Self.wayBack(around: true, wayIn: "querySubmitted")
    let forward = ForwardGraph(graph: graph)
    let results = graph.screen(named: "results", in: graph.flow(named: "app")!)!
    // With 'q', the way in from the start's screen.
    #expect(
      Self.describe(forward.route(to: results, carried: { $0 == "q" }), in: graph) == [
        "start -> discover", "querySubmitted -> results",
      ])
    // Without 'q', not 'querySubmitted' (a stop) then 'filterChanged' from
    // the screen to itself, nor then 'detailTapped' and back: the link would
    // be at its screen after the stop. The way around it, through 'more',
    // reaches 'detail' without 'results' (a search of its own: the graph's
    // search reached 'detail' first from 'results').
    #expect(
      Self.describe(forward.route(to: results, carried: { $0 == "filter" }), in: graph) == [
        "start -> discover", "moreTapped -> more", "detailTapped -> detail",
        "allResultsTapped -> results",
      ])
    #expect(
      forward.waysIn(to: results).compactMap { edge -> String? in
        guard case .action(let id) = edge.trigger else { return nil }
        return graph[id].name
      } == ["querySubmitted", "allResultsTapped"])
    #expect(forward.linkValuesNeeded(to: results, carried: []) == [])
  }

  @Test("a screen only a result handler shows: the note names the handler, which is no way in")
  func aHandlersPushIsNoWayIn() {
    let graph = Self.graph(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: feed
          screens:
            feed:
              actions:
                helpButtonPressed:
                  start: support
                  mode: present
                  on: { contacted: { push: thanks } }
            thanks:
              deeplink: /thanks
        support:
          results: { contacted: {} }
          start: faq
          screens:
            faq:
              actions:
                contactButtonPressed: { finish: contacted }
      """)
    let forward = ForwardGraph(graph: graph)
    let thanks = graph.screen(named: "thanks", in: graph.flow(named: "app")!)!
    #expect(forward.route(to: thanks, carried: { _ in true }) == nil)
    #expect(
      forward.whereRoutesStop(to: thanks, carried: [])
        == "no push, present, replace, root or start on a screen that the entry flow's start leads to shows it; the handler of 'contacted' in action 'helpButtonPressed' of screen 'feed' shows it, but a result handler is not a way in: a link cannot make a child flow end with a result"
    )
  }

  @Test("a way back only through the link's screen is no way in")
  func aWayBackThroughTheScreenIsNone() {
    let graph = Self.wayBack(around: false, wayIn: "querySubmitted")
    let forward = ForwardGraph(graph: graph)
    let results = graph.screen(named: "results", in: graph.flow(named: "app")!)!
    #expect(forward.route(to: results, carried: { $0 == "filter" }) == nil)
    #expect(forward.linkValuesNeeded(to: results, carried: []) == [["q"]])
    #expect(
      forward.whereRoutesStop(to: results, carried: ["filter"])
        == "the only way in is 'querySubmitted', whose param 'q' the link does not carry")
  }

  @Test("for random graphs, a route exists exactly with the link values one needed set holds")
  func linkValuesNeededIsExact() {
    let pool = ["a", "b", "c"]
    var sets = 0
    var several = 0
    // The first 240 seeds' graphs are small; the next ones are ``rich``.
    for seed in UInt64(0)..<600 {
      var random = SeededGenerator(seed: seed &* 104_729)
      var maker = RandomGraphs(seed: seed, shape: RandomGraphs.shape(forSeed: seed))
      let base = maker.make()
      var screens = Array(base.screens)
      for index in screens.indices {
        // Every screen can be a link's: the pool's params, one of them
        // sometimes not (a value no link carries).
        screens[index].params = ParameterList(
          pool.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.map {
            Parameter(name: $0, type: .optional(.string))
          })
        for action in screens[index].actions.indices {
          screens[index].actions[action].params = ParameterList(
            pool.filter { _ in Bool.random(using: &random) }.map {
              Parameter(name: $0, type: Bool.random(using: &random) ? .string : .optional(.string))
            })
        }
      }
      let graph = FlowGraph(
        flows: base.flows, screens: screens, tasks: base.tasks, types: base.types,
        entry: base.entry)
      let forward = ForwardGraph(graph: graph)
      for target in graph.screens.indices.map(ScreenID.init) {
        let params = graph[target].params.map(\.name)
        let always = Set(params.prefix(1))
        let needed = forward.linkValuesNeeded(to: target, carried: always)
        for mask in 0..<(1 << params.count) {
          let carried = always.union(
            params.indices.filter { mask & 1 << $0 != 0 }.map { params[$0] })
          let routes = forward.route(to: target, carried: carried.contains) != nil
          let expected = needed.map {
            $0.isEmpty || $0.contains { $0.allSatisfy(carried.contains) }
          }
          #expect(routes == (expected ?? false), "seed \(seed), screen \(target), \(carried)")
        }
        if let needed {
          sets += needed.count
          if needed.count > 1 { several += 1 }
          // Smallest sets of params outside `always`, none holding another.
          for set in needed {
            #expect(!set.isEmpty && set.allSatisfy { params.contains($0) && !always.contains($0) })
            #expect(!needed.contains { $0 != set && Set($0).isSubset(of: set) })
          }
        }
      }
    }
    #expect(sets > 30)
    #expect(several > 3, "\(several)")
  }

  @Test("for random graphs, the route is the first shortest path an exhaustive search finds")
  func exhaustive() {
    for seed in UInt64(0)..<300 {
      var random = SeededGenerator(seed: seed &* 7919)
      var maker = RandomGraphs(seed: seed)
      let base = maker.make()
      // Give some actions a required or optional param from a small pool.
      let pool = ["a", "b"]
      var screens = Array(base.screens)
      for index in screens.indices {
        for action in screens[index].actions.indices where Bool.random(using: &random) {
          let name = pool.randomElement(using: &random)!
          screens[index].actions[action].params = [
            Parameter(name: name, type: Bool.random(using: &random) ? .string : .optional(.string))
          ]
        }
      }
      let graph = FlowGraph(
        flows: base.flows, screens: screens, tasks: base.tasks, types: base.types, entry: base.entry
      )
      let forward = ForwardGraph(graph: graph)
      let carried: (String) -> Bool = { $0 == "a" }
      for target in graph.screens.indices.map(ScreenID.init) {
        let expected = Self.bruteForce(forward, to: target, carried: carried)
        let actual = forward.route(to: target, carried: carried)?.edges
        #expect(actual == expected, "seed \(seed), screen \(target)")
      }
    }
  }

  /// Every path from the start (no screen twice), shortest first, in edge
  /// order; the first that ends at the target with a non-stop edge.
  static func bruteForce(_ forward: ForwardGraph, to target: ScreenID, carried: (String) -> Bool)
    -> [RouteEdge]?
  {
    var layer: [[RouteEdge]] = forward.startEdges.map { [$0] }
    for _ in 0...forward.graph.screens.count {
      for path in layer
      where path.last!.target == target && !forward.isStop(path.last!, carried: carried) {
        return path
      }
      var next: [[RouteEdge]] = []
      for path in layer where path.last!.target != target {
        // Only paths (SPEC §6.2): none comes back to a screen, so none
        // shows the target before its end.
        let visited = Set(path.map(\.target.index))
        for edge in forward.edges(from: path.last!.target)
        where !visited.contains(edge.target.index) {
          next.append(path + [edge])
        }
      }
      layer = next
    }
    return nil
  }

  @Test("the rule's page tells the truth: its failing example, its output, its passing example")
  func rulePage() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("docs/rules/unroutable-deeplink.md"), encoding: .utf8)
    func blocks(after heading: String) -> [String] {
      guard let start = page.range(of: "## \(heading)\n") else { return [] }
      let rest = page[start.upperBound...]
      let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
      return body.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element.drop { $0 != "\n" }.dropFirst())
      }
    }
    let failing = blocks(after: "Example that fails")
    #expect(failing.count == 2)
    let bad = FlowGraphLoader().validate(text: failing[0], file: "app.yaml").diagnostics
    #expect(bad.count == 1 && bad.allSatisfy { $0.rule == .unroutableDeeplink })
    for finding in bad {
      #expect(
        failing[1].contains(
          "app.yaml:\(finding.line ?? 0):\(finding.column ?? 0): error: \(finding.message) [unroutable-deeplink]"
        ))
      for note in finding.notes { #expect(failing[1].contains(note.message)) }
    }
    let passing = blocks(after: "Example that passes")
    #expect(FlowGraphLoader().validate(text: passing[0], file: "app.yaml").diagnostics.isEmpty)
  }
}

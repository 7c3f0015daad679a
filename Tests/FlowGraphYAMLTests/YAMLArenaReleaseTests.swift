import FlowGraphCore
import Testing

@testable import FlowGraphYAML

/// The compiler gives each flow's part of the YAML arena back as soon as the
/// flow is compiled: the release points, what survives a release, and the
/// files (with anchors) where nothing is released.
@Suite("YAML parser: releasing the arena")
struct YAMLArenaReleaseTests {
  typealias T = YAMLTestSupport

  @Test func aReleasePointEndsItsFlowsSubtree() throws {
    // Nodes, in document order: root 0, `flows` 1, its map 2, `a` 3, a's map
    // 4, `x` 5, the list 6, `1` 7, `2` 8, `b` 9, b's map 10, `y` 11, `3` 12,
    // `entry` 13, `a` 14. Collections: root, flows, a's map, the list, b's
    // map. Children, as each collection closes: the list's two, a's pair,
    // b's pair, the flows' two pairs, the root's two pairs.
    let (parsed, diagnostics) = T.parse("flows:\n  a:\n    x: [1, 2]\n  b:\n    y: 3\nentry: a\n")
    #expect(diagnostics.isEmpty)
    let document = try #require(parsed)
    #expect(document.mayRelease)
    let flows = try #require(document.root["flows"])
    let a = try #require(document.releasePoint(after: flows.pairs[0].value))
    #expect([a.nodes, a.collections, a.children] == [9, 4, 4])
    let b = try #require(document.releasePoint(after: flows.pairs[1].value))
    #expect([b.nodes, b.collections, b.children] == [13, 5, 6])
    #expect(document.releasePoint(after: flows.pairs[0].key) == nil)
  }

  @Test func whatFollowsAReleaseReadsTheSame() throws {
    // Large enough that the columns span many pages: a release must give back
    // whole pages below its point only, never the page the next flow starts on.
    let flowCount = 600
    var text = "flows:\n"
    for flow in 0..<flowCount {
      text += "  f\(flow):\n    screens:\n"
      for screen in 0..<3 {
        text += "      s\(flow)x\(screen): { title: \"t\(flow)\", actions: { go: [a, b] } }\n"
      }
    }
    let (parsed, _) = T.parse(text)
    let document = try #require(parsed)
    let flows = try #require(document.root["flows"]).pairs
    for cut in [1, 7, 250, 599] {
      document.release(upTo: try #require(document.releasePoint(after: flows[cut - 1].value)))
      for flow in cut..<flowCount {
        let screens = try #require(flows[flow].value["screens"]).pairs
        #expect(flows[flow].key.text == "f\(flow)")
        #expect(screens.count == 3)
        #expect(screens[2].key.text == "s\(flow)x2")
        #expect(screens[2].value["title"]?.text == "t\(flow)")
        #expect(screens[2].value["actions"]?["go"]?.items.map(\.text) == ["a", "b"])
      }
    }
  }

  @Test func aFileWithAnchorsIsNotReleased() throws {
    let (parsed, _) = T.parse("a: &x { k: v }\nb: *x\n")
    let document = try #require(parsed)
    #expect(!document.mayRelease)
    #expect(document.releasePoint(after: try #require(document.root["a"])) == nil)
  }

  @Test func aMergeKeyFromAnEarlierFlowStillCompiles() throws {
    // The second flow's actions merge a map anchored in the first flow: it
    // must still be there when the second flow is compiled.
    let loaded = FlowGraphLoader().validate(
      text: """
        flowgraph: 1
        entry: first
        flows:
          first:
            start: home
            screens:
              home:
                actions: &shared
                  closeButtonPressed: { finish: done }
            results: { done: {} }
          second:
            start: page
            screens:
              page:
                actions:
                  <<: *shared
                  nextButtonPressed: { push: page }
            results: { done: {} }
        """, file: "test.yaml")
    let graph = try #require(loaded.graph)
    let page = try #require(graph.screens.first { $0.name == "page" })
    #expect(page.actions.map(\.name).sorted() == ["closeButtonPressed", "nextButtonPressed"])
  }
}

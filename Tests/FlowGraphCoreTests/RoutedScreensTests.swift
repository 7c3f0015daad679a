import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphCore

/// ``RoutedScreens`` answers `unroutable-deeplink`'s question for every link
/// at once, without the forward graph's tables: it must give the answer of
/// ``ForwardGraph/hasRoute(to:carried:)`` for every linked screen.
@Suite struct RoutedScreensTests {
  /// Whether each linked screen has a route, both ways (screen index, routed
  /// by ``RoutedScreens``, routed by the forward graph).
  static func answers(_ graph: FlowGraph) -> [(Int, Bool, Bool)] {
    let routed = RoutedScreens(graph: graph)
    let forward = ForwardGraph(graph: graph)
    return graph.screens.indices.compactMap { index in
      guard graph.screens[index].deeplink != nil else { return nil }
      let params = graph.screens[index].params
      let expected = forward.hasRoute(to: ScreenID(index)) { name in
        params.contains { $0.name == name }
      }
      return (index, routed.hasRoute(to: index), expected)
    }
  }

  /// A route shows its screen once, at its end: an edge that routes to a
  /// screen from itself, or from a screen found only through it, proves no
  /// route; the same screen found around it does. (The way in from the
  /// start's screen is a stop: its param is not the screen's.)
  @Test(arguments: [true, false])
  func anEdgeBackToTheScreenIsNoRoute(around: Bool) {
    let answers = Self.answers(DeepLinkRouteTests.wayBack(around: around, wayIn: "signInTapped"))
    #expect(answers.count == 1)
    #expect(answers.first?.1 == around)
    #expect(answers.first?.2 == around)
  }

  @Test func everyLinkOfTheFlowFilesAndFixturesIsAnsweredAsTheForwardGraphDoes() {
    var files: [URL] = []
    for folder in ["Flows", "Tests/Fixtures"] {
      let root = TestPackage.root.appendingPathComponent(folder)
      let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = walk?.nextObject() as? URL {
        if url.pathExtension == "yaml" { files.append(url) }
      }
    }
    var links = 0
    var unrouted = 0
    for url in files {
      // (Some fuzz fixtures are not UTF-8.)
      guard let text = try? String(contentsOf: url, encoding: .utf8),
        let graph = FlowGraphLoader().load(text: text, file: url.lastPathComponent).graph
      else { continue }
      for (index, routed, expected) in Self.answers(graph) {
        #expect(routed == expected, "\(url.lastPathComponent): screen \(index)")
        links += 1
        if !expected { unrouted += 1 }
      }
    }
    #expect(links > 20)
    #expect(unrouted > 0)
  }

  @Test func randomGraphsWithLinksAndParamsAreAnsweredAsTheForwardGraphDoes() {
    var links = 0
    var unrouted = 0
    for seed in UInt64(1)...400 {
      var generator = RandomGraphs(seed: seed, shape: RandomGraphs.shape(forSeed: seed))
      let plain = generator.make()
      var random = SeededGenerator(seed: seed)
      let names = ["id", "kind"]
      // Links on some screens, params on screens and actions (required or
      // optional), so that some edges are stops.
      let screens = plain.screens.map { original -> Screen in
        var screen = original
        func someParams(_ optional: Bool) -> ParameterList {
          ParameterList(
            names.filter { _ in Bool.random(using: &random) }.map { name in
              Parameter(
                name: name, type: optional && Bool.random(using: &random) ? .optional(.int) : .int)
            })
        }
        screen.params = someParams(false)
        if Int.random(in: 0..<3, using: &random) == 0 { screen.deeplink = "/\(original.name)" }
        screen.actions = ActionList(
          original.actions.map { action in
            var changed = action
            changed.params = someParams(true)
            return changed
          })
        return screen
      }
      let graph = FlowGraph(
        flows: plain.flows, screens: Array(screens), tasks: plain.tasks, entry: plain.entry,
        sources: plain.sources)
      for (index, routed, expected) in Self.answers(graph) {
        #expect(routed == expected, "seed \(seed): screen \(index)")
        links += 1
        if !expected { unrouted += 1 }
      }
    }
    #expect(links > 200)
    #expect(unrouted > 20)
  }
}

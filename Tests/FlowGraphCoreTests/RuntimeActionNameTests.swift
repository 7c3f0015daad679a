import Testing

@testable import FlowGraphCore

/// The quick path's name lookup (the length and three words, then the whole
/// name when it is longer) must find exactly what a comparison of whole names
/// finds.
@Suite("Runtime action names")
struct RuntimeActionNameTests {
  /// Names of every length up to 40 bytes that differ from one another in
  /// one byte only (first, middle, last, and around the 8, 16 and 24 byte
  /// boundaries), plus non-ASCII ones.
  static let names: [String] = {
    var names: Set<String> = ["", "é", "ü1", "ñandú", "日本語のボタン", "x日本語のボタンが押された"]
    for length in 1...40 {
      let base = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
      names.insert(base)
      for position in Set([0, length / 2, length - 1, 7, 8, 15, 16, 23, 24]) where position < length
      {
        var bytes = Array(base.utf8)
        bytes[position] = UInt8(ascii: "Z")
        names.insert(String(decoding: bytes, as: UTF8.self))
      }
    }
    return names.sorted()
  }()

  static func graph(actions: [String]) -> FlowGraph {
    var b = GraphBuilder()
    b.entry = "main"
    b.flow(
      "main", start: .screen("home"),
      [GraphBuilder.screen("home", actions.map { GraphBuilder.action($0, .stay) })])
    return b.build()
  }

  @Test func everyNameIsFoundAndNoOtherIs() {
    let declared = Self.names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let graph = Self.graph(actions: declared)
    let engine = FlowEngine(graph: graph)
    for name in Self.names + ["zz", String(repeating: "a", count: 41), "home"] {
      let expected = graph.action(named: name, on: ScreenID(0))?.index
      #expect(engine.table.action(named: name, onScreen: 0) == expected, "\(name)")
    }
  }

  @Test func theFirstOfTwoActionsWithTheSameNameWins() {
    let graph = Self.graph(actions: [
      "okButtonPressedTwiceOverHere", "okButtonPressedTwiceOverHere",
    ])
    #expect(
      FlowEngine(graph: graph).table.action(named: "okButtonPressedTwiceOverHere", onScreen: 0) == 0
    )
  }

  @Test @MainActor func aCanonicallyEquivalentNameIsTakenAsTheGeneralPathTakesIt() async throws {
    // "café" declared precomposed, sent decomposed: other bytes, another
    // length. The quick path does not find it; the general path does.
    let graph = Self.graph(actions: ["caf\u{E9}"])
    #expect(FlowEngine(graph: graph).table.action(named: "cafe\u{301}", onScreen: 0) == nil)
    let paths = try ObservedPaths(graph)
    #expect(await paths.start() == nil)
    #expect(await paths.send(.action("cafe\u{301}"), "decomposed") == nil)
    #expect(await paths.send(.action("caf\u{E9}"), "precomposed") == nil)
    #expect(paths.general.runner.steps == 3)
  }
}

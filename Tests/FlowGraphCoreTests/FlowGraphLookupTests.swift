import Testing

@testable import FlowGraphCore

/// `FlowGraph`'s name lookups: the first of a duplicate name wins, and
/// `lookupsHoldEveryName` sees a duplicate (what the compiled reader's
/// uniqueness check relies on).
@Suite struct FlowGraphLookupTests {
  @Test func theFirstOfADuplicateNameWins() {
    let flows = [
      Flow(name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(1)]),
      Flow(name: "b", start: FlowStart(.invalid), screens: []),
      Flow(name: "a", start: FlowStart(.invalid), screens: []),
    ]
    let screens = [
      Screen(name: "home", flow: FlowID(0)), Screen(name: "home", flow: FlowID(0)),
    ]
    let tasks = [
      TaskDefinition(name: "t", outcomes: []), TaskDefinition(name: "t", outcomes: []),
    ]
    let graph = FlowGraph(flows: flows, screens: screens, tasks: tasks, entry: nil)
    #expect(graph.flow(named: "a") == FlowID(0))
    #expect(graph.flow(named: "b") == FlowID(1))
    #expect(graph.task(named: "t") == TaskID(0))
    #expect(graph.screen(named: "home", in: FlowID(0)) == ScreenID(0))
    #expect(!graph.lookupsHoldEveryName)
    var first = flows[0]
    first.screens = [ScreenID(0)]
    let unique = FlowGraph(
      flows: [first, flows[1]], screens: [screens[0]], tasks: [tasks[0]], entry: nil)
    #expect(unique.lookupsHoldEveryName)
  }

  /// Screen names must be unique within their flow only; a flow that lists
  /// one screen twice lists a name twice.
  @Test func screenNamesAreUniquePerFlow() {
    let screens = [
      Screen(name: "home", flow: FlowID(0)), Screen(name: "home", flow: FlowID(1)),
      Screen(name: "detail", flow: FlowID(1)),
    ]
    func graph(_ first: [Int], _ second: [Int]) -> FlowGraph {
      let flows = [
        Flow(name: "a", start: FlowStart(.invalid), screens: first.map(ScreenID.init)),
        Flow(name: "b", start: FlowStart(.invalid), screens: second.map(ScreenID.init)),
      ]
      return FlowGraph(flows: flows, screens: screens, entry: nil)
    }
    let apart = graph([0], [1, 2])
    #expect(apart.lookupsHoldEveryName)
    #expect(apart.screen(named: "home", in: FlowID(1)) == ScreenID(1))
    #expect(apart.screen(named: "detail", in: FlowID(0)) == nil)
    #expect(apart.screen(named: "home", in: FlowID(7)) == nil)
    #expect(!graph([0], [1, 0]).lookupsHoldEveryName)
    #expect(!graph([0], [2, 2]).lookupsHoldEveryName)
    #expect(graph([0], [2, 2]).screen(named: "detail", in: FlowID(1)) == ScreenID(2))
  }
}

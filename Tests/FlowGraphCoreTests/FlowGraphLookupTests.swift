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
}

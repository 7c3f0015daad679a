import Testing

@testable import FlowGraphCore

/// The validation's tables at 100,000 screens are tens of megabytes
/// (docs/performance.md, "Where memory goes at 100,000 screens").
@Suite struct AnalysisTablesTests {
  @Test func aTransitionOfTheProgramIsSixteenBytes() {
    #expect(MemoryLayout<IRTransition>.stride == 16)
  }

  @Test func listsAllocateOnTheFirstValueAndKeepInsertionOrder() {
    let lists = Adjacency<Int32>(nodeCount: 5)
    #expect(lists.first(3) == -1)
    #expect(Array(lists[3]).isEmpty)
    for value in 0..<40 { lists.append(Int32(value), to: value % 2 == 0 ? 3 : 1) }
    #expect(Array(lists[3]) == Array(stride(from: 0, to: 40, by: 2)))
    #expect(Array(lists[1]) == Array(stride(from: 1, to: 40, by: 2)))
    #expect(Array(lists[0]).isEmpty)
    #expect(lists.count == 40)
  }

  @Test func listsReadWhileTheyGrowGiveEveryValueOnceInOrder() {
    let lists = Adjacency<Int32>(nodeCount: 4)
    var expected: [[Int32]] = [[], [], [], []]
    for value in 0..<60 {
      let node = (value * 7) % 4 == 0 ? 2 : value % 4
      lists.append(Int32(value), to: node)
      expected[node].append(Int32(value))
      // Read every node after each append: each walk ends at its last value.
      for node in 0..<4 {
        var walked: [Int32] = []
        var position = lists.first(node)
        while position >= 0 {
          let (value, next) = lists.entry(position)
          walked.append(value)
          #expect(next == lists.next(position))
          position = next
        }
        #expect(walked == expected[node])
      }
    }
    lists.trim()
    for node in 0..<4 { #expect(Array(lists[node]) == expected[node]) }
    // A list trimmed before its first value stays open.
    let empty = Adjacency<Int32>(nodeCount: 2)
    empty.trim()
    empty.append(5, to: 1)
    empty.append(6, to: 1)
    #expect(Array(empty[1]) == [5, 6])
    empty.trim()
    #expect(Array(empty[1]) == [5, 6])
    #expect(empty.first(0) == -1)
  }

  @Test func aPackedLocalEffectIsEightBytesAndGivesBackEveryEffect() {
    #expect(MemoryLayout<PackedLocalEffect>.size == 8)
    #expect(MemoryLayout<(value: PackedLocalEffect, next: Int32)>.stride == 12)
    let large: Int32 = (1 << 28) - 1
    let effects: [LocalEffect] = [
      .intra(3, via: 7), .call(large, via: -1), .reset(0, via: Int32.max),
      .child(instance: 12, via: 4), .end(2), .escape(.pop), .escape(.popToRoot),
      .escape(.closeLayer), .escape(.layerClosed), .escape(.popTo(large)), .unknown,
    ]
    let lists = LocalEffectLists(nodeCount: 2, capacity: 4)
    for effect in effects { lists.append(effect, to: 1) }
    #expect(Array(lists[1]).map { "\($0)" } == effects.map { "\($0)" })
    #expect(Array(lists[0]).isEmpty)
  }

  @Test func aReservedTableGrowsPastItsRoomAndMovesOutItsValuesInOrder() {
    var table = ReservedTable<Int32>(capacity: 3)
    for value in 0..<40 { table.append(Int32(value)) }
    table[5] = 500
    #expect(table.count == 40)
    #expect(table[5] == 500)
    #expect(table[39] == 39)
    #expect(table.moveToArray() == (0..<40).map { $0 == 5 ? 500 : Int32($0) })
  }

  @Test func aReservedTableIsAStack() {
    var stack = ReservedTable<Int32>(capacity: 1)
    for value in 0..<3 { stack.append(Int32(value)) }
    stack.removeLast()
    stack.append(9)
    #expect(stack.count == 3)
    #expect([stack[0], stack[1], stack[2]] == [0, 1, 9])
    stack.free()
  }

  @Test func aReservedTableInPlaceFillsItsArrayAndMovesOutWhenItOutgrowsIt() {
    for total in [0, 4, 5, 30] {
      var table = ReservedTable<Int32>(inPlace: UnsafeMutableBufferPointer(start: nil, count: 0))
      let array = [Int32](unsafeUninitializedCapacity: 5) { room, count in
        table = ReservedTable(inPlace: room)
        for value in 0..<total { table.append(Int32(value)) }
        count = table.isInPlace ? table.count : 0
      }
      #expect(table.isInPlace == (total <= 5))
      let values = table.isInPlace ? array : table.moveToArray()
      #expect(values == (0..<total).map { Int32($0) })
    }
  }

  @Test func trimmedListsKeepEveryNodesValuesInOrder() {
    let lists = Adjacency<Int32>(nodeCount: 5)
    for value in 0..<40 { lists.append(Int32(value), to: value % 3) }
    lists.trim()
    #expect(Array(lists[0]) == Array(stride(from: 0, to: 40, by: 3)))
    #expect(Array(lists[1]) == Array(stride(from: 1, to: 40, by: 3)))
    #expect(Array(lists[2]) == Array(stride(from: 2, to: 40, by: 3)))
    #expect(Array(lists[4]).isEmpty)
    #expect(lists.count == 40)
    let empty = Adjacency<Int32>(nodeCount: 2)
    empty.trim()
    #expect(empty.first(1) == -1)
  }

  @Test func popsAndDismissesAreSettledWhereTheyRunAndPopToContextsAreKept() {
    let graph = FlowGraph(
      flows: [
        Flow(
          name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(1)])
      ],
      screens: [
        Screen(
          name: "x", flow: FlowID(0),
          actions: [
            Action(name: "back", transition: Transition(.pop)),
            Action(name: "go", transition: Transition(.push(ScreenID(1)))),
          ]),
        Screen(
          name: "y", flow: FlowID(0),
          actions: [
            Action(name: "back", transition: Transition(.pop)),
            Action(name: "close", transition: Transition(.dismiss)),
            Action(name: "home", transition: Transition(.popToRoot)),
            Action(name: "toX", transition: Transition(.popTo(ScreenID(0)))),
          ]),
      ],
      entry: FlowID(0))
    let run = AnalysisRun(program: AnalysisProgram(graph: graph))
    // `pop` on the first screen and `dismiss` outside a modal layer do
    // nothing; `pop` and `popToRoot` on the pushed screen do.
    #expect(run.popAttempts.status == [.runs, .none, .possible, .runs, .possible, .runs])
    #expect(run.popAttempts.popToLog.map(\.transition) == [5])
    #expect(PopRules(run: run).diagnostics().transitions == [0, 3])
  }

  @Test func theProgramIsSizedExactly() {
    // Two actions on each of two screens; one runs a task with two outcomes
    // and one starts a child with a result (its handler and `dismissed`).
    let graph = FlowGraph(
      flows: [
        Flow(
          name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(1)]),
        Flow(
          name: "b", results: [ResultDefinition(name: "done")],
          start: FlowStart(.screen(ScreenID(2))), screens: [ScreenID(2)]),
      ],
      screens: [
        Screen(
          name: "x", flow: FlowID(0),
          actions: [
            Action(name: "go", transition: Transition(.push(ScreenID(1)))),
            Action(
              name: "save",
              transition: Transition(.run(TaskID(0), outcomes: [.stay, Transition(.pop)]))),
          ]),
        Screen(
          name: "y", flow: FlowID(0),
          actions: [
            Action(name: "back", transition: Transition(.pop)),
            Action(
              name: "child",
              transition: Transition(
                .start(FlowID(1), mode: .present, handlers: .init(results: [.stay])))),
          ]),
        Screen(
          name: "z", flow: FlowID(1),
          actions: [Action(name: "end", transition: Transition(.finish(.declared(0))))]),
      ],
      tasks: [
        TaskDefinition(
          name: "save", outcomes: [OutcomeDefinition(name: "ok"), OutcomeDefinition(name: "no")])
      ],
      entry: FlowID(0))
    let program = AnalysisProgram(graph: graph)
    // 5 actions, 2 outcomes, 2 handlers.
    #expect(program.transitions.count == 9)
    // Compiled with room for exactly one transition per record (9), kept
    // without a copy.
    #expect(program.transitions.capacity == 9)
    #expect(program.nested.count == 4)
    // Only the nested transitions' sites are stored (2 outcomes, 2 handlers).
    #expect(program.nestedSites.count == 4)
    #expect(program.nestedSiteIDs == [2, 3, 6, 7])
    // The others' follow from their screens.
    let sites = (0..<9).map { program.site(of: Int32($0)).map { [$0.holder, $0.slot] } }
    #expect(
      sites == [
        [0, 0], [0, 1], [-2, 0], [-2, 1], [1, 0], [1, 1], [-6, 0], [-6, 1], [2, 0],
      ])
    #expect(program.site(of: 9) == nil)
  }

  @Test func aFlowsScreensAreOneRunOfIndicesOnlyWhenTheyFillIt() {
    let screen = { (name: String, flow: Int) in Screen(name: name, flow: FlowID(flow)) }
    let graph = FlowGraph(
      flows: [
        Flow(
          name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(1)]),
        Flow(
          name: "b", start: FlowStart(.screen(ScreenID(2))),
          screens: [ScreenID(2), ScreenID(4)]),
        Flow(name: "c", start: FlowStart(.screen(ScreenID(3))), screens: [ScreenID(3)]),
      ],
      screens: [screen("x", 0), screen("y", 0), screen("z", 1), screen("w", 2), screen("v", 1)],
      entry: FlowID(0))
    let program = AnalysisProgram(graph: graph)
    #expect(program.screenRun(of: 0) == 0..<2)
    #expect(program.screenRun(of: 1) == nil)
    #expect(program.screenRun(of: 2) == 3..<4)
  }

  @Test func listsBroughtIntoTheCachesAreUnchanged() {
    let lists = Adjacency<Int32>(nodeCount: 5)
    lists.loadIntoCaches()
    #expect(lists.first(0) == -1)
    for value in 0..<40 { lists.append(Int32(value), to: value % 3) }
    lists.loadIntoCaches()
    lists.trim()
    lists.loadIntoCaches()
    #expect(Array(lists[1]) == Array(stride(from: 1, to: 40, by: 3)))
    #expect(lists.count == 40)
  }
}

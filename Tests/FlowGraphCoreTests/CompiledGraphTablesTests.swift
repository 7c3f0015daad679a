import FlowGraphYAML
import Testing

@testable import FlowGraphCore

/// The launch-format reader writes the graph's tables record by record,
/// with the file's string table as the names (a name's id is its string
/// index): the tables it writes have the shape of the ones the compiler
/// writes (the same records in the same order), names each once, and every
/// name id of a record names one of them.
@Suite struct CompiledGraphTablesTests {
  @Test(arguments: CompiledGraphTests.flowFiles)
  func decodedTablesHaveTheCompilersShape(_ path: String) throws {
    let loaded = try ExportTestSupport.load(path)
    let graph = try #require(loaded.graph, "\(path) did not compile")
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(graph))
    #expect(decoded == graph)
    let (built, read) = (graph.tables, decoded.tables)
    #expect(read.screens.count == built.screens.count)
    #expect(read.actions.count == built.actions.count)
    #expect(read.transitions.count == built.transitions.count)
    #expect(read.parameters.count == built.parameters.count)
    #expect(read.arguments.count == built.arguments.count)
    #expect(read.tabBars.count == built.tabBars.count)
    // Record by record, not only as views: the same tags and ranges.
    for (left, right) in zip(read.transitions, built.transitions) {
      #expect(left.tag == right.tag && left.flags == right.flags)
      #expect(read.nested(of: left) == built.nested(of: right))
      #expect(read.arguments(of: left) == built.arguments(of: right))
      #expect(read.popTarget(of: left) == built.popTarget(of: right))
    }
    for (left, right) in zip(read.actions, built.actions) {
      #expect(left.transition == right.transition)
      #expect(read.params(of: left) == built.params(of: right))
    }
    // The side tables hold an entry only for what has one.
    #expect(read.transitionExtras.count == built.transitionExtras.count)
    #expect(read.actionParams.count == built.actionParams.count)
    #expect(read.screenExtras.count == built.screenExtras.count)
    #expect(CompilerTablesTests.sideTableProblems(read).isEmpty)
    for (index, (left, right)) in zip(read.screens, built.screens).enumerated() {
      #expect(read.actions(ofScreen: index) == built.actions(ofScreen: index))
      #expect(left.actionsEnd == right.actionsEnd && left.params == right.params)
      #expect(read.customBack(of: left) == built.customBack(of: right))
      #expect(read.tabBar(of: left) == built.tabBar(of: right))
    }
    #expect(Self.nameProblems(read).isEmpty, "\(path): \(Self.nameProblems(read))")
  }

  @Test func everyFeatureDecodesWithNamesInRange() throws {
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(ExportFixtures.everything))
    #expect(decoded == ExportFixtures.everything)
    #expect(Self.nameProblems(decoded.tables).isEmpty, "\(Self.nameProblems(decoded.tables))")
  }

  /// A target written more than 255 bytes after its key (a long comment in
  /// between) is too far for the record's offset: it is kept in the
  /// transition's extras, reads back where it was written, and survives the
  /// compiled format (written and read through the same fields).
  @Test func aFarTargetSpanReadsBackAndSurvivesTheCompiledFormat() throws {
    let comment = "# " + String(repeating: "far ", count: 80)
    let text = """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                nextButtonPressed:
                  push: \(comment)
                    detail
                backButtonPressed: { push: detail, popTo: home }
            detail:
              actions:
                doneButtonPressed: pop

      """
    let loaded = FlowGraphLoader().validate(text: text)
    let graph = try #require(loaded.graph)
    let home = try #require(graph.screens.first { $0.name == "home" })
    let far = home.actions[0].transition
    let record = graph.tables.transitions[Int(far.index)]
    #expect(record.flags.contains(.thirdSpan) && record.extras != noIndex)
    #expect(far.targetSpan != nil)
    let range = try #require(graph.range(far.targetSpan))
    #expect(range.start.line == 11 && range.start.column == 15)
    #expect(range.end.line == 11 && range.end.column == 21)
    let near = graph.tables.transitions[Int(home.actions[1].transition.index)]
    #expect(!near.flags.contains(.thirdSpan) && near.flags.contains(.secondSpan))
    #expect(Self.sideTableProblems(graph.tables).isEmpty)
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(graph))
    #expect(decoded == graph)
    let decodedHome = try #require(decoded.screens.first { $0.name == "home" })
    #expect(decodedHome.actions[0].transition.targetSpan == far.targetSpan)
    #expect(decodedHome.actions[1].transition.popTo == home.actions[1].transition.popTo)
    #expect(decoded.tables.transitionExtras.count == graph.tables.transitionExtras.count)
  }

  static func sideTableProblems(_ tables: GraphTables) -> [String] {
    CompilerTablesTests.sideTableProblems(tables)
  }

  /// What is wrong with the tables' names: a name held twice, a record's
  /// name id out of range.
  static func nameProblems(_ tables: GraphTables) -> [String] {
    var problems: [String] = []
    if Set(tables.names).count != tables.names.count { problems.append("a name twice") }
    let count = UInt32(tables.names.count)
    func check(_ id: UInt32, optional: Bool = false, _ what: String) {
      if id >= count && !(optional && id == noIndex) { problems.append("\(what) id \(id)") }
    }
    for screen in tables.screens {
      check(screen.name, "screen name")
      check(screen.title, optional: true, "title")
      check(screen.description, optional: true, "description")
      check(screen.deeplink, optional: true, "deep link")
    }
    for action in tables.actions { check(action.name, "action name") }
    for transition in tables.transitions where transition.tag == .select {
      check(transition.target, "tab name")
    }
    return problems
  }
}

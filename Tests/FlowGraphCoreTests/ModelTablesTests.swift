import FlowGraphCore
import Testing

/// The model is flat tables read through handles (docs/compact-model.md):
/// what a reader sees must be exactly what was written, and a handle must
/// behave as the value it stands for.
@Suite struct ModelTablesTests {
  @Test func screensCopiedOneByOneMakeAnEqualGraph() {
    let graph = ExportFixtures.everything
    // Each screen rebuilt from its parts gets tables of its own; the graph
    // made of them copies each into new tables.
    let rebuilt = graph.screens.map { screen in
      Screen(
        name: screen.name, flow: screen.flow, title: screen.title,
        description: screen.description, params: Array(screen.params),
        actions: screen.actions.map {
          Action(name: $0.name, params: Array($0.params), transition: $0.transition, span: $0.span)
        }, back: screen.back, dismissible: screen.dismissible, deeplink: screen.deeplink,
        span: screen.span, extentSpan: screen.extentSpan, tabBar: screen.tabBar,
        deeplinkSpan: screen.deeplinkSpan)
    }
    let copy = FlowGraph(
      flows: graph.flows, screens: rebuilt, tasks: graph.tasks, types: graph.types,
      entry: graph.entry, suppressions: graph.suppressions, sources: graph.sources)
    #expect(copy == graph)
    #expect(copy.screens == graph.screens)
    #expect(copy.tables !== graph.tables)
    for index in graph.screens.indices {
      #expect(copy.screens[index] == graph.screens[index])
      #expect(Array(copy.screens[index].actions) == Array(graph.screens[index].actions))
    }
  }

  @Test func aGraphOfAnotherGraphsScreensSharesItsTables() {
    let graph = ExportFixtures.everything
    let same = FlowGraph(
      flows: graph.flows, screens: Array(graph.screens), tasks: graph.tasks, types: graph.types,
      entry: graph.entry, suppressions: graph.suppressions, sources: graph.sources)
    #expect(same.tables === graph.tables)
    #expect(same == graph)
  }

  @Test func changingAScreenReadFromAGraphLeavesTheGraphAsItWas() {
    let graph = ExportFixtures.everything
    let home = ExportFixtures.home.index
    let before = graph.screens[home]
    var screen = graph.screens[home]
    screen.title = "Changed"
    screen.actions[0].name = "renamed"
    screen.actions[0].transition.span = nil
    screen.actions.removeLast()
    #expect(screen.title == "Changed")
    #expect(screen.actions[0].name == "renamed")
    #expect(screen.actions[0].transition.span == nil)
    #expect(screen.actions.count == before.actions.count - 1)
    #expect(graph.screens[home] == before)
    #expect(graph.screens[home].title != "Changed")
    #expect(graph.screens[home].actions[0].transition.span != nil)
    // What was not changed reads the same.
    #expect(screen.name == before.name)
    #expect(screen.flow == before.flow)
    #expect(Array(screen.params) == Array(before.params))
    #expect(screen.actions[1] == before.actions[1])
  }

  @Test func equalValuesAreEqualWhateverTablesHoldThem() {
    let nested = Transition(
      .run(
        TaskID(0),
        outcomes: [Transition(.push(ScreenID(1))), Transition(.finish(.dismissed))]),
      span: SourceSpan(file: 0, start: 3, end: 7))
    let again = Transition(
      .run(
        TaskID(0),
        outcomes: [Transition(.push(ScreenID(1))), Transition(.finish(.dismissed))]),
      span: SourceSpan(file: 0, start: 3, end: 7))
    #expect(nested == again)
    #expect(nested.hashValue == again.hashValue)
    #expect(nested != Transition(.run(TaskID(0), outcomes: [Transition(.push(ScreenID(1)))])))
    #expect(Transition(.finish(.dismissed)) != Transition(.finish(.declared(0))))
    #expect(Transition(.finish(.declared(-1))).kind == .finish(.declared(-1)))
    let popping = Transition(
      .push(ScreenID(4)), popTo: Transition.PopTarget(screen: ScreenID(2), inclusive: true))
    #expect(popping.popTo == Transition.PopTarget(screen: ScreenID(2), inclusive: true))
    #expect(Transition(.push(ScreenID(4))).popTo == nil)
    #expect(Transition(.select("feed")).kind == .select("feed"))
  }

  @Test func namesAreKeptOnce() {
    // Screen and action names are interned (titles and other free text are
    // kept as written): each text is in the name table once.
    let graph = ExportFixtures.everything
    let texts = Set(graph.screens.map(\.name) + graph.screens.flatMap { $0.actions.map(\.name) })
    #expect(texts.count > 1)
    for text in texts {
      #expect(graph.tables.names.count { $0 == text } == 1, "\(text)")
    }
  }

  @Test func emptyListsShareNoStateAndGrowOnTheirOwn() {
    var list: ArgumentList = []
    #expect(list.isEmpty)
    list.append(Argument(parameter: 0, source: .literal(.int(1))))
    #expect(list.count == 1)
    let other: ArgumentList = []
    #expect(other.isEmpty)
  }

  @Test func theReadingExampleOfTheEmbeddingGuideWorks() {
    // docs/embedding.md, "Reading the graph in Swift".
    let graph = ExportFixtures.everything
    var lines: [String] = []
    for screen in graph.screens {
      for action in screen.actions {
        if case .push(let target) = action.transition.kind {
          lines.append("\(screen.name) \(action.name) → \(graph[target].name)")
        }
      }
    }
    #expect(!lines.isEmpty)
    var changed = graph.screens[0]
    changed.title = "New"
    #expect(graph.screens[0].title != "New")
    let rebuilt = FlowGraph(
      flows: graph.flows, screens: Array(graph.screens).enumerated().map { $0 == 0 ? changed : $1 },
      tasks: graph.tasks, types: graph.types, entry: graph.entry, sources: graph.sources)
    #expect(rebuilt.screens[0].title == "New")
    #expect(rebuilt.screens != graph.screens)
    #expect(rebuilt.screens[1] == graph.screens[1])
  }
}

import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// The compiled graph's shape: dense ids, resolved transitions, arguments
/// with their sources in the target's param order, positions.
@Suite("Compiler graph")
struct CompilerGraphTests {
  private func compile(_ text: String) throws -> FlowGraph {
    let loaded = FlowGraphLoader().load(text: text, file: "test.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    return try #require(loaded.graph)
  }

  private func specExample() throws -> FlowGraph {
    let path = CompilerTestSupport.path("valid", "spec-example.yaml")
    let loaded = try FlowGraphLoader().load(path: path)
    #expect(loaded.diagnostics.isEmpty)
    return try #require(loaded.graph)
  }

  @Test func specExampleCompilesToDenseIDs() throws {
    let graph = try specExample()
    #expect(graph.flows.map(\.name) == ["app", "onboarding"])
    #expect(
      graph.screens.map(\.name) == [
        "login", "loginError", "home", "detail", "share", "page1", "page2",
      ])
    #expect(graph.flows[0].screens == (0..<5).map(ScreenID.init))
    #expect(graph.flows[1].screens == [ScreenID(5), ScreenID(6)])
    #expect(graph.screens.allSatisfy { $0.flow == FlowID($0.name.hasPrefix("page") ? 1 : 0) })
    #expect(graph.entry == FlowID(0))
    #expect(graph.tasks.map(\.name) == ["checkSession", "login"])
    #expect(graph.types.map(\.name) == ["Theme"])
    #expect(graph.types[0].cases == ["light", "dark"])
    #expect(graph.flow(named: "onboarding") == FlowID(1))
    #expect(graph.screen(named: "detail", in: FlowID(0)) == ScreenID(3))
  }

  @Test func specExampleStartIsATaskWhoseOutcomesPickScreens() throws {
    let graph = try specExample()
    let start = graph.flows[0].start
    #expect(
      start.kind
        == .run(
          TaskID(0),
          outcomes: [
            FlowStart(.screen(ScreenID(2)), span: start.kindOutcomeSpan(0)),
            FlowStart(.screen(ScreenID(0)), span: start.kindOutcomeSpan(1)),
          ]))
    #expect(graph.range(start.span)?.start.line == 21)
    #expect(graph.range(start.span)?.start.column == 7)
    #expect(graph.flows[1].start.kind == .screen(ScreenID(5)))
  }

  @Test func specExampleActionsCompileWithArguments() throws {
    let graph = try specExample()
    let login = graph.screens[0].actions[0]
    #expect(login.name == "loginButtonPressed")
    #expect(login.params.map(\.name) == ["email", "password"])
    #expect(login.params.map(\.type) == [.string, .string])
    guard case .run(let task, let outcomes) = login.transition.kind else {
      Issue.record("expected a run, got \(login.transition.kind)")
      return
    }
    #expect(task == TaskID(1))
    #expect(outcomes.map(\.kind) == [.root(ScreenID(2)), .present(ScreenID(1))])
    #expect(
      login.transition.arguments == [
        Argument(parameter: 0, source: .payload(0)), Argument(parameter: 1, source: .payload(1)),
      ])

    let home = graph.screens[2]
    #expect(home.actions.map(\.name) == ["rowSelected", "tutorialButtonPressed"])
    #expect(home.actions[0].transition.kind == .push(ScreenID(3)))
    #expect(home.actions[0].transition.arguments == [Argument(parameter: 0, source: .payload(0))])
    #expect(graph.range(home.actions[0].transition.span)?.start.line == 41)
    #expect(graph.range(home.actions[0].transition.span)?.start.column == 13)
    #expect(graph.range(home.actions[0].transition.targetSpan)?.start.column == 19)
    #expect(
      home.actions[1].transition.kind
        == .start(
          FlowID(1), mode: .present,
          handlers: .init(results: [
            Transition(.stay, span: home.actions[1].transition.handlerSpan(0)),
            Transition(.stay, span: home.actions[1].transition.handlerSpan(1)),
          ])))

    let detail = graph.screens[3]
    #expect(detail.params == [Parameter(name: "postId", type: .int, span: detail.params[0].span)])
    #expect(detail.deeplink == "/posts/{postId}")
    let share = detail.actions[0].transition
    #expect(share.kind == .present(ScreenID(4)))
    #expect(share.arguments.map(\.source) == [.screenParameter(0)])
    #expect(graph.range(share.arguments[0].span)?.start.line == 52)
    #expect(graph.range(share.arguments[0].span)?.start.column == 57)
    #expect(graph.screens[4].dismissible == false)
    #expect(graph.screens[1].actions[0].transition.kind == .dismiss)
    #expect(graph.screens[5].actions[1].transition.kind == .finish(.declared(1)))
    #expect(graph.flows[1].results.map(\.name) == ["completed", "skipped"])
  }

  @Test func argumentsComeFromPayloadThenScreenThenFlowInput() throws {
    let graph = try compile(
      """
      flowgraph: 1
      flows:
        app:
          input: { a: int, b: int, c: int }
          start: home
          screens:
            home:
              params: { a: int, b: int }
              actions:
                go:
                  params: { a: int }
                  push: target
            target:
              params: { c: int, b: int, a: int }
      """)
    let transition = graph.screens[0].actions[0].transition
    #expect(
      transition.arguments == [
        Argument(parameter: 0, source: .flowInput(2)),
        Argument(parameter: 1, source: .screenParameter(1)),
        Argument(parameter: 2, source: .payload(0)),
      ])
    #expect(graph.flows[0].start.arguments.map(\.source) == [.flowInput(0), .flowInput(1)])
  }

  @Test func withArgumentsAreSortedByTargetParamAndTypedByTheTarget() throws {
    let graph = try compile(
      """
      flowgraph: 1
      types:
        Theme: { enum: [light, dark] }
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go:
                  push: target
                  with: { tags: [1, 2], day: 2024-01-31, link: "https://a.b", theme: dark, ratio: 2, note: null }
            target:
              params:
                ratio: double
                theme: Theme
                link: url
                day: date
                tags: list<int>
                note: string?
      """)
    let arguments = graph.screens[0].actions[0].transition.arguments
    #expect(arguments.map(\.parameter) == [0, 1, 2, 3, 4, 5])
    #expect(
      arguments.map(\.source) == [
        .literal(.double(2)), .literal(.string("dark")), .literal(.url("https://a.b")),
        .literal(.date("2024-01-31")), .literal(.list([.int(1), .int(2)])), .literal(.null),
      ])
    #expect(arguments.allSatisfy { $0.span != nil })
    #expect(graph.screens[1].params.map(\.type)[1] == .named(TypeID(0)))
  }

  @Test func everyTransitionFormCompiles() throws {
    let graph = try compile(
      """
      flowgraph: 1
      entry: app
      tasks:
        check: { outcomes: { ok: {}, bad: {} } }
      flows:
        app:
          start: a
          screens:
            a:
              actions:
                p1: { push: b }
                p2: { present: b }
                p3: { replace: b }
                p4: { root: b }
                p5: { run: check, outcomes: { ok: stay, bad: { start: child, on: { done: stay } } } }
            b:
              back: false
              actions:
                k1: pop
                k2: popToRoot
                k3: dismiss
                k4: stay
                k5: { pop: a }
            c:
              back: { push: b }
        child:
          results: { done: {} }
          start: x
          screens:
            x:
              actions:
                end: { finish: done }
                cancel: { finish: dismissed }
      """)
    let a = graph.screens[0].actions.map(\.transition.kind)
    #expect(a[0] == .push(ScreenID(1)))
    #expect(a[1] == .present(ScreenID(1)))
    #expect(a[2] == .replace(ScreenID(1)))
    #expect(a[3] == .root(ScreenID(1)))
    let b = graph.screens[1]
    #expect(b.back == .disabled)
    #expect(
      b.actions.map(\.transition.kind) == [.pop, .popToRoot, .dismiss, .stay, .popTo(ScreenID(0))])
    guard case .custom(let back) = graph.screens[2].back else {
      Issue.record("expected a custom back")
      return
    }
    #expect(back.kind == .push(ScreenID(1)))
    #expect(
      graph.screens[3].actions.map(\.transition.kind) == [
        .finish(.declared(0)), .finish(.dismissed),
      ])
  }

  @Test func aFlowThatFailsToCompileIsStillInTheGraph() throws {
    let loaded = FlowGraphLoader().load(
      text: """
        flowgraph: 1
        entry: app
        flows:
          app:
            start: home
            screens:
              home:
                actions:
                  go: { start: broken }
          broken:
            start: nowhere
            screens:
              page:
                actions:
                  next: { push: missing }
        """, file: "test.yaml")
    #expect(
      CompilerTestSupport.summary(loaded.diagnostics) == [
        "undefined-reference@11:12", "undefined-reference@15:25",
      ])
    let graph = try #require(loaded.graph)
    #expect(graph.flows.map(\.name) == ["app", "broken"])
    #expect(graph.flows[1].start.kind == .invalid)
    #expect(graph.screens[1].actions[0].transition.kind == .invalid)
    guard case .start(let child, _, _) = graph.screens[0].actions[0].transition.kind else {
      Issue.record("the start of 'broken' did not resolve")
      return
    }
    #expect(child == FlowID(1))
  }

  @Test func argumentsToAParamOfUndefinedTypeAreNotTypeChecked() throws {
    let loaded = FlowGraphLoader().load(
      text: """
        flowgraph: 1
        flows:
          app:
            start: home
            screens:
              home:
                actions:
                  a: { push: detail, with: { theme: 3 } }
                  b: { push: detail, with: { theme: dark } }
              detail:
                params: { theme: Colour }
        """, file: "test.yaml")
    #expect(CompilerTestSupport.summary(loaded.diagnostics) == ["undefined-reference@11:26"])
    #expect(loaded.graph?.screens[0].actions.map(\.transition.arguments.count) == [1, 1])
  }
}

extension FlowStart {
  /// The span of the start that outcome `index` of this run start picks.
  fileprivate func kindOutcomeSpan(_ index: Int) -> SourceSpan? {
    guard case .run(_, let outcomes) = kind else { return nil }
    return outcomes[index].span
  }
}

extension Transition {
  /// The span of result handler `index` of this start transition.
  fileprivate func handlerSpan(_ index: Int) -> SourceSpan? {
    guard case .start(_, _, let handlers) = kind else { return nil }
    return handlers.results[index].span
  }
}

import FlowGraphCore
import FlowGraphYAML
import Testing

/// `unused-flow`, `unused-result` and `unused-task`: warnings at the name key,
/// silent where a transition that did not compile might have been the use.
@Suite("Usage rules")
struct UsageRulesTests {
  @Test func warningsPointAtTheNameKeys() {
    let loaded = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      tasks:
        sync: { outcomes: { done: {} } }
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go: { start: child, on: { ok: stay, never: stay } }
        child:
          results: { ok: {}, never: {} }
          start: { finish: ok }
        orphan:
          start: page
          screens:
            page: {}
      """)
    #expect(
      CompilerTestSupport.summary(loaded.diagnostics) == [
        "unused-task@4:3", "unused-result@13:24", "unused-flow@15:3",
      ])
    #expect(loaded.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(loaded.diagnostics[0].message == "task 'sync' is never run: no 'run' calls it")
  }

  @Test func aTransitionThatDidNotCompileSilencesWhatItMightHaveUsed() {
    // `start: onbording` is a typo for `onboarding`: one finding, not also
    // "onboarding is never started" or "its task is never run".
    let loaded = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      tasks:
        sync: { outcomes: { done: {} } }
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go: { start: onbording }
        onboarding:
          results: { done: {} }
          start: page
          screens:
            page:
              actions:
                next: { push: nowhere }
      """)
    #expect(
      CompilerTestSupport.summary(loaded.diagnostics) == [
        "undefined-reference@11:24", "undefined-reference@18:25",
      ])
    #expect(loaded.diagnostics[0].message.contains("did you mean 'onboarding'?"))
  }

  @Test func noUnusedFlowWithoutAnEntry() {
    let loaded = CompilerTestSupport.validate(
      """
      flowgraph: 1
      flows:
        a: { start: x, screens: { x: {} } }
        b: { start: y, screens: { y: {} } }
      """)
    #expect(CompilerTestSupport.summary(loaded.diagnostics) == ["missing-entry@2:1"])
  }

  @Test func aGraphBuiltInSwiftIsCheckedToo() {
    let graph = FlowGraph(
      flows: [
        Flow(name: "app", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)]),
        Flow(
          name: "extra", results: [ResultDefinition(name: "done")],
          start: FlowStart(.screen(ScreenID(1))), screens: [ScreenID(1)]),
      ],
      screens: [
        Screen(name: "home", flow: FlowID(0)),
        Screen(name: "page", flow: FlowID(1)),
      ],
      tasks: [TaskDefinition(name: "sync", outcomes: [OutcomeDefinition(name: "done")])],
      entry: FlowID(0))
    let findings = Validator().validate(graph)
    #expect(Set(findings.map(\.rule)) == [.unusedFlow, .unusedResult, .unusedTask])
    #expect(findings.allSatisfy { $0.range == nil })
  }
}

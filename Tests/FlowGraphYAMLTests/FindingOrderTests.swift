import FlowGraphCore
import FlowGraphYAML
import Testing

/// A finding that follows from another is listed right after it.
@Suite("Finding order")
struct FindingOrderTests {
  @Test func unusedResultComesAfterTheNoExitThatCausesIt() throws {
    let loaded = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go:
                  start: child
                  on: { done: stay }
        child:
          results: { done: {} }
          start: a
          screens:
            a:
              actions:
                next: { push: b }
            b:
              back: false
              actions:
                loop: stay
      """)
    #expect(loaded.diagnostics.map(\.rule) == [.noExit, .unusedResult])
    let consequence = try #require(loaded.diagnostics.last)
    #expect(consequence.follows == loaded.diagnostics.first?.range)
    #expect(consequence.notes.map(\.message).contains { $0.contains("'no-exit' error at line 19") })
  }

  @Test func anUnusedResultOfAFlowThatCanEndStaysInSourceOrder() throws {
    let loaded = CompilerTestSupport.validate(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go:
                  start: child
                  on: { done: stay, other: stay }
        child:
          results: { done: {}, other: {} }
          start: a
          screens:
            a:
              actions:
                doneButtonPressed: { finish: done }
      """)
    #expect(loaded.diagnostics.map(\.rule) == [.unusedResult])
    #expect(loaded.diagnostics.first?.follows == nil)
  }
}

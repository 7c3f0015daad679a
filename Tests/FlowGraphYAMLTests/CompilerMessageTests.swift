import FlowGraphCore
import FlowGraphYAML
import Testing

/// Messages: "did you mean" in the message and as a note, names quoted.
@Suite("Compiler messages")
struct CompilerMessageTests {
  private func findings(_ text: String) -> [Diagnostic] {
    FlowGraphLoader().load(text: text, file: "test.yaml").diagnostics
  }

  @Test(
    arguments: [
      (
        "list<int", "'list<int' is not a type expression: it is missing a '>'; write 'list<int>'",
        "list<int>"
      ),
      (
        "list<list<url",
        "'list<list<url' is not a type expression: it is missing 2 '>'; write 'list<list<url>>'",
        "list<list<url>>"
      ),
      (
        "map<int>",
        "'map<int>' is not a type expression; types are string, int, double, bool, url, date, list<T>, T? and the names in 'types'",
        nil
      ),
    ] as [(String, String, String?)])
  func anUnclosedListTypeIsClosed(_ type: String, _ message: String, _ fix: String?) {
    let found = findings(
      "flowgraph: 1\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        params: { a: \(type) }\n"
    )
    #expect(found.map(\.message) == [message])
    #expect(found.first?.fixes.map(\.replacement) == (fix.map { [$0] } ?? []))
  }

  @Test(arguments: [
    ("{ push: detial }", "undefined screen 'detial' in flow 'app'; did you mean 'detail'?"),
    ("{ push: Detail }", "undefined screen 'Detail' in flow 'app'; did you mean 'detail'?"),
    ("{ push: dteail }", "undefined screen 'dteail' in flow 'app'; did you mean 'detail'?"),
    ("{ push: xyz }", "undefined screen 'xyz' in flow 'app'"),
    ("{ run: chek, outcomes: {} }", "undefined task 'chek'; did you mean 'check'?"),
    (
      "{ push: detail, with: { postID: 1 } }",
      "screen 'detail' has no param 'postID'; did you mean 'postId'?"
    ),
    (
      "{ push: detail, with: { postId: $postID } }",
      "'$postID' names nothing in scope; did you mean '$postId'?"
    ),
  ])
  func didYouMean(_ transition: String, _ message: String) throws {
    let found = findings(
      """
      flowgraph: 1
      tasks:
        check: { outcomes: { ok: {} } }
      flows:
        app:
          input: { postId: int }
          start: home
          screens:
            home:
              params: { postId: int }
              actions:
                go: \(transition)
            detail:
              params: { postId: int }
      """)
    let finding = try #require(found.first, "no finding")
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(finding.message == message)
    if let suggestion = message.split(separator: ";").last, suggestion.contains("did you mean") {
      #expect(finding.notes.first?.message == suggestion.trimmingCharacters(in: .whitespaces))
    }
  }

  @Test(arguments: [
    (
      "presented",
      "'mode' must be push or present, not the string 'presented'; did you mean 'present'?"
    ),
    ("Push", "'mode' must be push or present, not the string 'Push'; did you mean 'push'?"),
    ("modal", "'mode' must be push or present, not the string 'modal'"),
  ])
  func aStartModeNearMissSuggestsTheMode(_ mode: String, _ message: String) throws {
    let found = findings(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                go: { start: child, mode: \(mode), on: { done: stay } }
        child:
          results: { done: {} }
          start: end
          screens:
            end: { actions: { close: { finish: done } } }
      """)
    #expect(found.map(\.message) == [message])
    let suggestion = message.contains("did you mean") ? mode == "Push" ? "push" : "present" : nil
    #expect(found.first?.fixes.map(\.replacement) == suggestion.map { [$0] } ?? [])
    #expect(found.first?.notes.map(\.message) == suggestion.map { ["did you mean '\($0)'?"] } ?? [])
  }

  @Test func unknownKeySuggestsTheAllowedKey() throws {
    let found = findings(
      "flowgraph: 1\nflows:\n  app:\n    strat: home\n    screens: { home: {} }\n")
    #expect(found.map(\.message) == ["unknown key 'strat' in flow 'app'; did you mean 'start'?"])
    #expect(found.first?.notes.map(\.message) == ["did you mean 'start'?"])
  }

  @Test func duplicateNameHasANoteAtTheFirstDefinition() throws {
    // Within one file the parser reports `duplicate-key`; across files the
    // compiler reports `duplicate-name` (see the broken fixture).
    let found = findings(
      "flowgraph: 1\nflows:\n  app: { start: a, screens: { a: {} } }\n  app: { start: b }\n")
    #expect(found.map(\.rule) == [.duplicateKey])
  }

  @Test func missingArgumentNamesTheScope() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          input: { userId: int }
          start: home
          screens:
            home:
              actions:
                go: { push: detail }
            detail:
              params: { postId: int }
      """)
    #expect(
      found.map(\.message) == [
        "screen 'detail' needs 'postId: int', and nothing in scope is named 'postId'; pass it with 'with: { postId: … }'"
      ])
    #expect(found.first?.notes.map(\.message) == ["in scope: the input of flow 'app' (userId)"])
  }
}

import FlowGraphCore
import FlowGraphYAML
import Testing

/// The messages of the graph rules and of values: a short headline, then
/// notes that say why and help that says how to fix.
@Suite("Graph and value messages")
struct GraphMessageTests {
  private func findings(_ yaml: String) -> [Diagnostic] {
    CompilerTestSupport.validate(yaml).diagnostics
  }

  @Test func aGrowingCycleOfModalLayersNamesTheActionThatAddsAndWhereSuppressGoes() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: thread
          screens:
            thread:
              actions:
                replyButtonPressed: { present: reply }
            reply:
              actions:
                quoteButtonPressed: { present: reply }
                sendButtonPressed: dismiss
      """)
    let finding = try #require(found.first)
    #expect(found.map(\.rule) == [.unboundedStack])
    #expect(
      finding.message
        == "cycle 'reply' → 'reply' can repeat forever, and each round opens 1 modal layer")
    let text = ([finding.message] + finding.notes.map(\.message)).joined(separator: "\n")
    #expect(!text.contains("nothing takes that back"))
    #expect(
      finding.notes.contains {
        $0.message == "action 'quoteButtonPressed' of screen 'reply' opens a modal layer each round"
          && $0.range?.start.line == 11
      })
    #expect(
      finding.notes.contains {
        $0.kind == .help && $0.message.contains("to the 'suppress' of screen 'reply'")
      })
  }

  @Test func aGrowingCycleIsNamedWhereItClosesThoughAReplaceOfItselfSharesItsComponent() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: account
          screens:
            account:
              actions:
                periodChanged: { replace: account }
                payButtonPressed: { push: receipt }
            receipt:
              actions:
                doneButtonPressed: { push: account }
      """)
    #expect(found.map(\.rule) == [.unboundedStack])
    let finding = try #require(found.first)
    #expect(
      finding.message
        == "cycle 'account' → 'receipt' → 'account' can repeat forever, and each round adds 2 screens"
    )
    #expect(finding.line == 12)
    #expect(finding.column == 32)
    #expect(
      finding.notes.filter { $0.kind == .note }.dropFirst().map(\.message) == [
        "action 'payButtonPressed' of screen 'account' pushes a screen each round",
        "action 'doneButtonPressed' of screen 'receipt' pushes a screen each round",
      ])
    #expect(
      finding.notes.last?.message.hasSuffix(
        "add 'unbounded-stack' to the 'suppress' of screen 'receipt', where this cycle closes")
        == true)
  }

  @Test func anUnreachableScreenSaysWhyAndFoldsTheScreensOnlyItShows() throws {
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
                tourButtonPressed:
                  start: tour
                  on: { finished: { push: after }, skipped: stay }
            after:
              actions:
                moreButtonPressed: { push: more }
            more: {}
            orphan: {}
        tour:
          results: { finished: {}, skipped: {} }
          start: page
          screens:
            page:
              actions:
                skipButtonPressed: { finish: skipped }
      """)
    #expect(found.map(\.rule) == [.unreachableScreen, .unreachableScreen, .unusedResult])
    #expect(
      found[0].notes.map(\.message) == [
        "it is only shown from the handler of 'finished', which flow 'tour' never produces",
        "screen 'more' is unreachable too: only 'after' shows it",
      ])
    #expect(found[0].notes.last?.range?.start.line == 15)
    #expect(found[1].message == "screen 'orphan' is unreachable from the start of flow 'app'")
    #expect(
      found[1].notes.map(\.message) == [
        "no transition shows it ('push', 'present', 'replace' or 'root'), and it is not the flow's start"
      ])
  }

  @Test func aScreenOnlyAnImpossibleTransitionShowsPointsAtItAndFollowsIt() throws {
    let found = findings(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: accounts
          screens:
            disputeFiled: {}
            help: {}
            accounts:
              back: { push: help }
              actions:
                accountSelected: { push: account }
            account:
              actions:
                receiptButtonPressed: { push: receipt }
                disputeButtonPressed: { push: dispute }
            receipt: {}
            dispute:
              actions:
                submitted:
                  push: disputeFiled
                  popTo: receipt
      """)
    // Each unreachable screen is listed right after the transition that
    // alone would show it, with a note there.
    #expect(
      found.map { "\($0.rule)@\($0.line ?? 0)" } == [
        "invalid-pop@10", "unreachable-screen@8", "invalid-pop@21", "unreachable-screen@7",
      ])
    #expect(
      found[1].notes.map(\.message) == [
        "it is only shown from the custom 'back' of screen 'accounts', which can never run (the 'invalid-pop' error there)"
      ])
    #expect(found[1].notes.first?.range == found[0].range)
    #expect(
      found[3].notes.map(\.message) == [
        "it is only shown from 'push' with 'popTo: receipt' on screen 'dispute', which is never possible (the 'invalid-pop' error there)"
      ])
    #expect(found[3].notes.first?.range == found[2].range)
    #expect(found[3].notes.first?.range?.start.column == 13)
  }

  @Test func aScreenShownFromAHandlerOfAnImpossibleStartOrANeverProducedResultSaysBoth() throws {
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
                detailButtonPressed: { push: detail }
                tourButtonPressed:
                  start: tour
                  on: { finished: { push: after }, skipped: stay }
            detail:
              actions:
                wizardButtonPressed:
                  start: tour
                  popTo: after
                  on: { finished: { push: after }, skipped: stay }
            after: {}
        tour:
          results: { finished: {}, skipped: {} }
          start: page
          screens:
            page:
              actions:
                skipButtonPressed: { finish: skipped }
      """)
    let finding = try #require(found.first { $0.rule == .unreachableScreen })
    #expect(
      finding.notes.map(\.message) == [
        "it is only shown from the handler of 'finished', which flow 'tour' never produces",
        "and from a transition inside 'start' with 'popTo: after' on screen 'detail', which is never possible (the 'invalid-pop' error there)",
      ])
    #expect(finding.notes.last?.range?.start.line == 16)
    // Not only impossible transitions show it: listed at its own place.
    #expect(finding.follows == nil)
  }

  @Test func aCustomBackOnAFirstScreenIsReportedWithHelp() throws {
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
                tourButtonPressed:
                  start: tour
                  mode: present
                  on: { done: stay }
        tour:
          results: { done: {} }
          start: page
          screens:
            page:
              back: { finish: done }
              actions:
                closeButtonPressed: { root: page }
      """)
    // A presented child's first screen is the first of its layer.
    #expect(found.map(\.rule) == [.invalidPop])
    let finding = try #require(found.first { $0.rule == .invalidPop })
    #expect(finding.message == "the custom 'back' of screen 'page' can never run")
    #expect(finding.line == 18)
    #expect(finding.column == 17)
    #expect(finding.notes.map(\.kind) == [.note, .note, .help])
    // The dead back was the flow's only way to produce 'done'.
    #expect(
      finding.notes[1].message
        == "it is the only 'finish: done' of flow 'tour', so that result is never produced")
  }

  @Test func anImpossiblePushWithInclusiveSaysInclusive() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                detailPressed: { push: detail }
            detail:
              actions:
                againPressed: { push: detail, popTo: other, inclusive: true }
                backButtonPressed: pop
            other:
              actions:
                backButtonPressed: pop
      """)
    let finding = try #require(found.first { $0.rule == .invalidPop })
    #expect(
      finding.message
        == "'push' with 'popTo: other' and 'inclusive' on screen 'detail' is never possible")
  }

  @Test func aQueryInADeepLinkIsNotPartOfAPattern() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home:
              params: { tab: string? }
              deeplink: /home?tab={tab}
      """)
    #expect(found.map(\.rule) == [.invalidDeeplink])
    #expect(found.first?.message.contains("a query string ('?…') is not part of a pattern") == true)
    #expect(
      found.first?.message
        == "deep link '/home?tab={tab}' is malformed: a query string ('?…') is not part of a pattern: a pattern matches the URL's path, and the URL's query items bind the screen's params by name by themselves ('?tab=…'); write '/home', or, for a param that every link must carry, '/home/{tab}'"
    )
  }

  /// A screen `card` with `params` and `deeplink`, pushed from `home` by
  /// an action with the same params.
  private static func card(params: String, deeplink: String) -> String {
    """
    flowgraph: 1
    flows:
      app:
        start: home
        screens:
          home:
            actions:
              cardPressed: { params: { \(params) }, push: card }
          card:
            params: { \(params) }
            deeplink: \(deeplink)
            actions:
              backButtonPressed: pop
    """
  }

  /// The alternatives of an advice about a deep link's params: each
  /// pattern it says to write (the one written when it names none), and
  /// whether it says to make the params optional or give them defaults.
  private static func alternatives(of advice: String, written: String) -> [(String, Bool)] {
    advice.components(separatedBy: ", or").map { alternative in
      // After the reason ("…is not optional and has no default: write …").
      let clause = alternative.components(separatedBy: ": ").last ?? alternative
      var pattern = written
      if let quote = clause.range(of: "write '") ?? clause.range(of: "'/") {
        let start = clause[quote.lowerBound...].firstIndex(of: "/") ?? quote.upperBound
        pattern = String(clause[start...].prefix { $0 != "'" })
      }
      return (pattern, clause.contains("optional or give"))
    }
  }

  /// Applies every alternative of each `invalid-deeplink` advice about
  /// params, with `required` declared as is or, where the alternative says
  /// so, `optional`; then the advice of what that leaves (a help), until
  /// none is left. Returns the patterns written, in order.
  private func applyingTheAdvice(
    required: String, optional: String, deeplink: String, depth: Int = 0
  ) throws -> [String] {
    let found = findings(Self.card(params: required, deeplink: deeplink)).filter {
      $0.rule == .invalidDeeplink
    }
    guard let finding = found.first else { return [] }
    #expect(depth < 2, "\(finding.message)")
    guard depth < 2 else { return [] }
    let advice =
      finding.notes.first { $0.kind == .help }?.message
      ?? finding.message.components(separatedBy: "; ").dropFirst().joined(separator: "; ")
    var written: [String] = []
    for (pattern, makesOptional) in Self.alternatives(of: advice, written: deeplink) {
      written.append(pattern)
      if makesOptional {
        let left = findings(Self.card(params: optional, deeplink: pattern)).filter {
          $0.rule == .invalidDeeplink
        }
        #expect(left.isEmpty, "\(pattern) with \(optional): \(left.map(\.message))")
      } else {
        written += try applyingTheAdvice(
          required: required, optional: optional, deeplink: pattern, depth: depth + 1)
      }
    }
    return written
  }

  /// The one finding of ``card(params:deeplink:)``, an `invalid-deeplink`.
  private func onlyFinding(params: String, deeplink: String) throws -> Diagnostic {
    let found = findings(Self.card(params: params, deeplink: deeplink))
    #expect(found.map(\.rule) == [.invalidDeeplink])
    return try #require(found.first)
  }

  /// A param every link must carry, written in a pattern's query.
  struct RequiredInQuery: Sendable, CustomTestStringConvertible {
    /// The param, declared required, and the ways to make it optional.
    var required: String
    var optional: [String]
    var deeplink: String
    /// The end of the malformed pattern's message.
    var reason: String
    /// The help of `does not bind` once the query is dropped.
    var help: String
    /// The patterns the advice (and then the help) says to write.
    var written: [String]
    var testDescription: String { required }
  }

  @Test(arguments: [
    RequiredInQuery(
      required: "cardId: string",
      optional: ["cardId: string?", #"cardId: { type: string, default: "" }"#],
      deeplink: "/cards?id={cardId}",
      reason:
        "('?cardId=…'); param 'cardId' is not optional and has no default: write '/cards/{cardId}', so that every link carries it, or make 'cardId' optional or give it a default and write '/cards'",
      help:
        "write '/cards/{cardId}', so that every link carries it, or make 'cardId' optional or give it a default (a link then binds it by '?cardId=…' when it has it)",
      written: ["/cards/{cardId}", "/cards"]),
    // A path segment cannot hold a list: the only way is optional.
    RequiredInQuery(
      required: "ids: list<int>", optional: ["ids: list<int>?"], deeplink: "/cards?ids={ids}",
      reason:
        "('?ids=…'); param 'ids' is not optional and has no default: make 'ids' optional or give it a default and write '/cards' (a list cannot be a path segment; a link binds it by '?ids=…')",
      help:
        "make 'ids' optional or give it a default (a list cannot be a path segment; a link binds it by '?ids=…')",
      written: ["/cards"]),
  ])
  func aRequiredParamWrittenInTheQueryIsShownItsPathSegment(_ param: RequiredInQuery) throws {
    // The advice, applied, must not lead to another error: '/cards' alone
    // does not bind a required param; '/cards/{cardId}' does, and so does
    // '/cards' with the param optional or with a default.
    let message = try onlyFinding(params: param.required, deeplink: param.deeplink).message
    #expect(message.hasSuffix(param.reason), "\(message)")
    for optional in param.optional {
      #expect(
        try applyingTheAdvice(
          required: param.required, optional: optional, deeplink: param.deeplink)
          == param.written)
    }
    // Following the query form without making the param optional: the
    // error's help names the ways out, and each leaves no finding.
    let unbound = try onlyFinding(params: param.required, deeplink: "/cards")
    let name = param.required.prefix { $0 != ":" }
    #expect(
      unbound.message
        == "deep link '/cards' does not bind param '\(name)' of screen 'card', which is not optional"
    )
    #expect(unbound.notes == [.help(param.help)])
    #expect(
      try applyingTheAdvice(
        required: param.required, optional: param.optional[0], deeplink: "/cards")
        == param.written)
  }

  @Test func anOptionalParamWrittenInTheQueryMayStayThereOrGoInThePath() throws {
    #expect(
      try applyingTheAdvice(
        required: "cardId: string?", optional: "cardId: string?", deeplink: "/cards?id={cardId}")
        == ["/cards", "/cards/{cardId}"])
  }

  @Test func aDeepLinkShapeUsedAgainNamesItsFirstScreenEachTime() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                openButtonPressed: { push: post, with: { id: 1 } }
                otherButtonPressed: { push: draft, with: { key: 2 } }
                thirdButtonPressed: { push: note, with: { n: 3 } }
            post:
              params: { id: int }
              deeplink: /posts/{id}
            draft:
              params: { key: int }
              deeplink: /posts/{key}
            note:
              params: { n: int }
              deeplink: /posts/{n}
      """)
    // The shape's first screen is kept: the third is not compared with the
    // second.
    #expect(
      found.filter { $0.rule == .invalidDeeplink }.map(\.message) == [
        "deep link '/posts/{key}' matches the same URLs as the deep link of screen 'post' in flow 'app'",
        "deep link '/posts/{n}' matches the same URLs as the deep link of screen 'post' in flow 'app'",
      ])
  }

  @Test func aWrongEnumValueListsTheCasesAtTheValue() throws {
    let found = findings(
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
                a: { push: detail, with: { theme: purple, ids: [1, x, 3] } }
            detail:
              params: { theme: Theme, ids: list<int> }
      """)
    #expect(
      found.map(\.message) == [
        "'theme' of screen 'detail' is Theme, but the value is the string \"purple\"; the cases of Theme are light, dark",
        "'ids' of screen 'detail' is list<int>, but the value is a list whose item 2 is the string \"x\"",
      ])
    #expect(found.map(\.column) == [45, 58])
  }

  @Test func aWrongEnumDefaultListsTheCasesAsAWithDoes() throws {
    let found = findings(
      """
      flowgraph: 1
      types:
        Theme: { enum: [light, dark] }
      flows:
        app:
          start: home
          screens:
            home:
              params:
                theme: { type: Theme, default: ligth }
                other: { type: Theme?, default: purple }
                themes: { type: list<Theme>, default: [dark, drak] }
      """)
    #expect(
      found.map(\.message) == [
        "the default of 'theme' is the string \"ligth\", but 'theme' is Theme; the cases of Theme are light, dark; did you mean 'light'?",
        "the default of 'other' is the string \"purple\", but 'other' is Theme?; the cases of Theme are light, dark",
        "the default of 'themes' is a list whose item 2 is the string \"drak\", but 'themes' is list<Theme>; the cases of Theme are light, dark; did you mean 'dark'?",
      ])
    #expect(found.map(\.column) == [42, 43, 49])
    #expect(
      found.map { $0.notes.map(\.message) } == [
        ["did you mean 'light'?", "'theme' is declared here"], ["'other' is declared here"],
        ["'themes' is declared here"],
      ])
    // The case replaces the one value it is meant for, not a list.
    #expect(found.map { $0.fixes.map(\.replacement) } == [["light"], [], []])
  }

  @Test func aScreenOnlyATabsScreensHandlerShowsIsNotSaidToBeShownByNothing() throws {
    let found = findings(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: main
          screens:
            main:
              tabs:
                home: feed
                other: more
              on:
                expired: { root: gone }
            gone: {}
        feed:
          results: { expired: {} }
          start: list
          screens:
            list: {}
        more:
          start: x
          screens:
            x: {}
      """)
    #expect(found.map(\.rule) == [.unreachableScreen, .unusedResult])
    #expect(
      found.first?.notes.map(\.message) == [
        "it is only shown from the handler of 'expired', which flow 'feed' never produces"
      ])
  }

  @Test func aStuckScreenThatTurnedTheGestureOffIsToldToTurnItOn() throws {
    let app = """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                playButtonPressed: { start: player, mode: present }
        player:
          start: video
          screens:
            video:
              dismissible: false
              actions:
                nextButtonPressed: { replace: video }
      """
    let found = findings(app)
    #expect(found.map(\.rule) == [.noExit])
    #expect(
      found.first?.notes.last?.message
        == "add a way out to 'video', such as a 'finish' action or a back that is not disabled, or let the gesture dismiss it (remove 'dismissible: false')"
    )
    let applied = app.replacingOccurrences(of: "        dismissible: false\n", with: "")
    #expect(findings(applied).isEmpty)
  }

  @Test func aCaseThatYAMLReadsAsABooleanIsOnlySuggested() throws {
    let found = findings(
      """
      flowgraph: 1
      types:
        Answer: { enum: ["yes", maybe] }
      flows:
        app:
          start: home
          screens:
            home:
              params:
                a: { type: Answer, default: yse }
                b: { type: Answer, default: mabye }
      """)
    #expect(
      found.map { $0.notes.first?.message } == ["did you mean 'yes'?", "did you mean 'maybe'?"])
    #expect(found.map { $0.fixes.map(\.replacement) } == [[], ["maybe"]])
  }

  @Test func theScopeNoteSaysWhatIsNotInScopeWhereNoActionRan() throws {
    let found = findings(
      """
      flowgraph: 1
      entry: app
      tasks:
        load: { outcomes: { ok: { n: int } } }
      flows:
        app:
          input: { userId: int }
          start: { run: load, outcomes: { ok: detail } }
          screens:
            home:
              actions:
                go:
                  start: child
                  on:
                    done: { run: load, outcomes: { ok: { replace: detail } } }
            detail:
              params: { postId: int }
              actions:
                c: { replace: home }
        child:
          results: { done: {} }
          start: x
          screens:
            x:
              actions:
                d: { finish: done }
      """)
    #expect(found.map(\.rule) == [.missingArgument, .missingArgument])
    #expect(
      found.map { $0.notes.first?.message ?? "" } == [
        "in scope: the payload of outcome 'ok' (n); the input of flow 'app' (userId); a flow's start has no screen and no action, so no params of theirs are in scope",
        "in scope: the payload of outcome 'ok' (n); the input of flow 'app' (userId); a task run from a result handler has no action, so no action's params are in scope",
      ])
  }

  @Test func screensThatOnlyShowEachOtherAreOneFinding() throws {
    let found = findings(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home: {}
            first:
              actions: { nextButtonPressed: { push: second } }
            second:
              actions: { nextButtonPressed: { replace: first } }
      """)
    #expect(found.map(\.rule) == [.unreachableScreen])
    #expect(found.first?.message == "screen 'first' is unreachable from the start of flow 'app'")
    #expect(
      found.first?.notes.map(\.message) == [
        "screen 'second' is unreachable too: only 'first' shows it"
      ])
  }
}

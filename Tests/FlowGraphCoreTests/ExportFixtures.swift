import FlowGraphCore

/// Graphs built in Swift for the export tests: one that uses every part of the
/// model (every transition kind, argument source, literal and type).
enum ExportFixtures {
  static let file = "Flows/app.yaml"

  /// A range on `line` of the fixture file, `length` columns wide.
  static func range(_ line: Int, _ column: Int, _ length: Int = 4, file: String = file)
    -> SourceRange
  {
    let offset = line * 100 + column
    return SourceRange(
      file: file, start: SourcePosition(line: line, column: column, offset: offset),
      end: SourcePosition(line: line, column: column + length, offset: offset + length))
  }

  // Flow ids.
  static let app = FlowID(0)
  static let onboarding = FlowID(1)
  // Screen ids: app's, then onboarding's.
  static let login = ScreenID(0)
  static let loginError = ScreenID(1)
  static let home = ScreenID(2)
  static let detail = ScreenID(3)
  static let share = ScreenID(4)
  static let settings = ScreenID(5)
  static let page1 = ScreenID(6)
  static let page2 = ScreenID(7)
  // Task ids.
  static let checkSession = TaskID(0)
  static let loginTask = TaskID(1)

  /// The SPEC's example, extended so that every kind of transition, argument
  /// source, literal and type occurs at least once.
  static var everything: FlowGraph {
    var sources = SourceMap()
    /// The span of ``range(_:_:_:file:)``, kept in the graph's map.
    func at(_ line: Int, _ column: Int, _ length: Int = 4) -> SourceSpan {
      sources.span(for: range(line, column, length))
    }
    let theme = TypeDefinition(name: "Theme", cases: ["light", "dark"], span: at(4, 3))
    let tasks = [
      TaskDefinition(
        name: "checkSession",
        outcomes: [
          OutcomeDefinition(name: "loggedIn", span: at(8, 17)),
          OutcomeDefinition(name: "loggedOut", span: at(8, 31)),
        ], span: at(7, 3)),
      TaskDefinition(
        name: "login",
        input: [
          Parameter(name: "email", type: .string, span: at(10, 14)),
          Parameter(name: "password", type: .string, span: at(10, 29)),
        ],
        outcomes: [
          OutcomeDefinition(
            name: "success", payload: [Parameter(name: "token", type: .string, span: at(12, 20))],
            span: at(12, 7)),
          OutcomeDefinition(name: "invalidCredentials", span: at(13, 7)),
        ], span: at(9, 3)),
    ]
    let appFlow = Flow(
      name: "app", description: "The app's root flow.",
      input: [Parameter(name: "launchCount", type: .optional(.int), span: at(16, 14))],
      start: FlowStart(
        .run(
          checkSession,
          outcomes: [
            FlowStart(.screen(home), span: at(19, 19)),
            FlowStart(.screen(login), span: at(20, 20)),
          ]), span: at(18, 7)),
      screens: [login, loginError, home, detail, share, settings], span: at(15, 3),
      extentSpan: at(15, 3, 900))
    let onboardingFlow = Flow(
      name: "onboarding",
      input: [Parameter(name: "theme", type: .named(TypeID(0)), span: at(60, 14))],
      results: [
        ResultDefinition(
          name: "completed", payload: [Parameter(name: "score", type: .double)], span: at(61, 16)),
        ResultDefinition(name: "skipped", span: at(61, 30)),
      ],
      start: FlowStart(.screen(page1), span: at(62, 12)),
      screens: [page1, page2], span: at(59, 3), extentSpan: at(59, 3, 400))
    let screens = [
      Screen(
        name: "login", flow: app, title: "Log in",
        actions: [
          Action(
            name: "loginButtonPressed",
            params: [
              Parameter(name: "email", type: .string, span: at(25, 22)),
              Parameter(name: "password", type: .string, span: at(25, 37)),
            ],
            transition: Transition(
              .run(
                loginTask,
                outcomes: [
                  Transition(.root(home), span: at(28, 26), targetSpan: at(28, 32)),
                  Transition(.present(loginError), span: at(29, 37), targetSpan: at(29, 46)),
                ]),
              arguments: [
                Argument(parameter: 0, source: .payload(0)),
                Argument(parameter: 1, source: .payload(1)),
              ], span: at(26, 13), targetSpan: at(26, 18)),
            span: at(24, 11))
        ], back: .disabled, span: at(22, 7), extentSpan: at(22, 7, 300)),
      Screen(
        name: "loginError", flow: app,
        actions: [
          Action(
            name: "okButtonPressed", transition: Transition(.dismiss, span: at(32, 28)),
            span: at(32, 11))
        ],
        span: at(30, 7)),
      Screen(
        name: "home", flow: app, title: "Home \"feed\" <b>&amp;</b>",
        description: "Line one\nline two",
        actions: [
          Action(
            name: "rowSelected", params: [Parameter(name: "postId", type: .int, span: at(36, 23))],
            transition: Transition(
              .push(detail), arguments: [Argument(parameter: 0, source: .payload(0))],
              span: at(37, 13),
              targetSpan: at(37, 19)),
            span: at(35, 11)),
          Action(
            name: "tutorialButtonPressed",
            transition: Transition(
              .start(
                onboarding, mode: .present,
                handlers: Transition.ResultHandlers(
                  results: [
                    Transition(.stay, span: at(43, 26)),
                    Transition(.push(settings), span: at(44, 24), targetSpan: at(44, 30)),
                  ],
                  dismissed: Transition(.replace(settings), span: at(45, 26)))),
              arguments: [
                Argument(parameter: 0, source: .literal(.string("dark")), span: at(40, 20))
              ], span: at(39, 13), targetSpan: at(39, 20)),
            span: at(38, 11)),
          Action(
            name: "settingsButtonPressed",
            transition: Transition(.push(settings), span: at(46, 13)), span: at(46, 11)),
        ], span: at(33, 7)),
      Screen(
        name: "detail", flow: app,
        params: [Parameter(name: "postId", type: .int, span: at(48, 17))],
        actions: [
          Action(
            name: "shareButtonPressed",
            transition: Transition(
              .present(share),
              arguments: [Argument(parameter: 0, source: .screenParameter(0), span: at(51, 58))],
              span: at(51, 33), targetSpan: at(51, 42)),
            span: at(51, 11)),
          Action(
            name: "homeButtonPressed", transition: Transition(.popTo(home), span: at(52, 30)),
            span: at(52, 11)),
          Action(
            name: "topButtonPressed", transition: Transition(.popToRoot, span: at(53, 29)),
            span: at(53, 11)),
        ], back: .custom(Transition(.pop, span: at(50, 13))), deeplink: "/posts/{postId}",
        span: at(47, 7)),
      Screen(
        name: "share", flow: app,
        params: [Parameter(name: "postId", type: .int, span: at(55, 17))],
        actions: [
          Action(
            name: "doneButtonPressed", transition: Transition(.dismiss, span: at(57, 30)),
            span: at(57, 11))
        ],
        dismissible: false, span: at(54, 7)),
      Screen(
        name: "settings", flow: app,
        params: [
          Parameter(name: "tags", type: .list(.string)),
          Parameter(name: "since", type: .optional(.date)),
          Parameter(name: "site", type: .url), Parameter(name: "ratio", type: .double),
          Parameter(name: "beta", type: .bool),
          Parameter(name: "grid", type: .list(.optional(.named(TypeID(0))))),
        ],
        actions: [
          Action(
            name: "resetPressed",
            transition: Transition(
              .replace(settings),
              arguments: [
                Argument(
                  parameter: 0, source: .literal(.list([.string("a"), .string("b, \"c\"")]))),
                Argument(parameter: 1, source: .literal(.null)),
                Argument(parameter: 2, source: .literal(.url("https://example.com/a?b=1"))),
                Argument(parameter: 3, source: .literal(.double(0.1))),
                Argument(parameter: 4, source: .literal(.bool(true))),
                Argument(parameter: 5, source: .literal(.list([.string("dark"), .null]))),
              ])),
          Action(name: "staySilently", transition: Transition(.stay)),
          Action(name: "broken", transition: Transition(.invalid, span: at(58, 20))),
        ], back: .pop),
      Screen(
        name: "page1", flow: onboarding, title: "Welcome",
        actions: [
          Action(
            name: "nextToPage2ButtonPressed",
            transition: Transition(.push(page2), span: at(65, 39)), span: at(65, 11)),
          Action(
            name: "skipButtonPressed",
            transition: Transition(.finish(.declared(1)), span: at(66, 32)), span: at(66, 11)),
        ], span: at(63, 7)),
      Screen(
        name: "page2", flow: onboarding,
        params: [Parameter(name: "theme", type: .named(TypeID(0)))],
        actions: [
          Action(
            name: "completeButtonPressed",
            transition: Transition(
              .finish(.declared(0)),
              arguments: [Argument(parameter: 0, source: .literal(.double(-2.5e-10)))],
              span: at(69, 36)),
            span: at(69, 11)),
          Action(
            name: "cancelPressed", transition: Transition(.finish(.dismissed)), span: at(70, 11)),
          Action(
            name: "themePicked", params: [Parameter(name: "choice", type: .named(TypeID(0)))],
            transition: Transition(
              .replace(page2),
              arguments: [Argument(parameter: 0, source: .flowInput(0))])),
          Action(
            name: "numberTapped",
            transition: Transition(
              .run(
                TaskID(0),
                outcomes: [Transition(.replace(page1)), Transition(.finish(.declared(1)))]))),
        ], span: at(67, 7)),
    ]
    return FlowGraph(
      flows: [appFlow, onboardingFlow], screens: screens, tasks: tasks, types: [theme], entry: app,
      suppressions: [
        Suppression(file: file, range: nil, rules: ["unused-task", "unbounded-stack"]),
        Suppression(file: "Flows/other.yaml", range: range(47, 7, 100), rules: ["no-exit"]),
      ], sources: sources)
  }

  /// The smallest graph: one flow, one screen, no positions.
  static var tiny: FlowGraph {
    FlowGraph(
      flows: [Flow(name: "main", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
      screens: [Screen(name: "only", flow: FlowID(0))], entry: FlowID(0))
  }
}

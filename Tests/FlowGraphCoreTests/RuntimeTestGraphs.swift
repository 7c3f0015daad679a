import FlowGraphCore

/// Graphs the runtime tests share.
enum RuntimeGraphs {
  typealias B = GraphBuilder

  /// The SPEC §2 example: a session check, login with an error modal, a list
  /// with details and a share modal, and an onboarding child flow.
  /// Changed versions of ``app(_:)``, for restoration tests.
  enum AppVariant {
    case original
    /// The share screen is gone (detail's share button does nothing).
    case withoutShare
    /// `postId` is a string everywhere.
    case stringPostID
    /// Onboarding has a third page (nothing else changes).
    case extraPage
  }

  static func app(_ variant: AppVariant = .original) -> FlowGraph {
    let postID: ValueType = variant == .stringPostID ? .string : .int
    var b = GraphBuilder()
    b.entry = "app"
    b.task("checkSession", outcomes: ["loggedIn": [:], "loggedOut": [:]])
    b.task(
      "login", input: ["email": .string, "password": .string],
      outcomes: ["success": ["token": .string], "invalidCredentials": [:]])
    b.flow(
      "app",
      start: .run(
        "checkSession", outcomes: ["loggedIn": .screen("home"), "loggedOut": .screen("login")]),
      [
        B.screen(
          "login",
          [
            B.action(
              "loginButtonPressed", ["email": .string, "password": .string],
              .run(
                "login",
                outcomes: ["success": .root("home"), "invalidCredentials": .present("loginError")]))
          ]),
        B.screen("loginError", [B.action("okButtonPressed", .dismiss)]),
        B.screen(
          "home",
          [
            B.action("rowSelected", ["postId": postID], .push("detail")),
            B.action(
              "tutorialButtonPressed",
              .start("onboarding", mode: .present, on: ["completed": .stay, "skipped": .stay])),
          ]),
        B.screen(
          "detail", params: ["postId": postID],
          [
            B.action(
              "shareButtonPressed",
              variant == .withoutShare ? .stay : .present("share", with: ["postId": .ref("postId")])
            )
          ]),
      ]
        + (variant == .withoutShare
          ? []
          : [
            B.screen(
              "share", params: ["postId": postID], dismissible: false,
              [B.action("doneButtonPressed", .dismiss)])
          ]))
    b.flow(
      "onboarding", results: ["completed": [:], "skipped": [:]], start: .screen("page1"),
      [
        B.screen(
          "page1",
          [
            B.action("nextToPage2ButtonPressed", .push("page2")),
            B.action("skipButtonPressed", .finish("skipped")),
          ]),
        B.screen("page2", [B.action("completeButtonPressed", .finish("completed"))]),
      ] + (variant == .extraPage ? [B.screen("page3")] : []))
    return b.build()
  }

  /// A flat stack: `a` pushes `b` pushes `c` pushes `b`…, with pops of every kind.
  static func stack() -> FlowGraph {
    var b = GraphBuilder()
    b.flow(
      "main", results: ["done": [:]], start: .screen("a"),
      [
        B.screen(
          "a", [B.action("next", .push("b")), B.action("pop", .pop), B.action("up", .popToRoot)]),
        B.screen(
          "b",
          [
            B.action("next", .push("c")), B.action("pop", .pop), B.action("up", .popToRoot),
            B.action("swap", .replace("c")),
          ]),
        B.screen(
          "c",
          [
            B.action("next", .push("b")), B.action("toA", .popTo("a")),
            B.action("toB", .popTo("b")),
            B.action("up", .popToRoot), B.action("reset", .root("a")),
            B.action("done", .finish("done")),
            B.action("pop", .pop),
          ]),
      ])
    return b.build()
  }

  /// A parent with children in both modes, handlers for every result, and a
  /// grandchild, to check how flows end.
  static func family() -> FlowGraph {
    var b = GraphBuilder()
    b.entry = "parent"
    b.task("decide", outcomes: ["show": [:], "skip": [:]])
    b.flow(
      "parent", start: .screen("p1"),
      [
        B.screen(
          "p1",
          [
            B.action(
              "pushChild",
              .start(
                "child", mode: .push,
                on: ["done": .push("p2", with: ["note": .ref("note")]), "dismissed": .push("p3")])),
            B.action(
              "presentChild",
              .start(
                "child", mode: .present,
                on: ["done": .push("p2", with: ["note": .ref("note")]), "dismissed": .push("p3")])),
            B.action("quickChild", .start("quick", mode: .present, on: ["done": .push("p3")])),
            B.action("openModal", .present("m1")),
            B.action("openP4", .push("p4", with: ["id": .literal(.int(42))])),
            B.action("fragileChild", .start("child", mode: .push, on: ["done": .pop])),
            B.action(
              "withInput", .start("withInput", mode: .push, with: ["userId": .literal(.int(5))])),
          ]),
        B.screen(
          "p4", params: ["id": .int],
          [B.action("child", .start("child", mode: .push, on: ["done": .push("p5")]))]),
        B.screen("p5", params: ["id": .int]),
        B.screen("p2", params: ["note": .string]),
        B.screen("p3", [B.action("up", .popToRoot)]),
        B.screen(
          "m1",
          [
            B.action("pushChildInModal", .start("child", mode: .push, on: ["done": .stay])),
            B.action("close", .dismiss),
          ]),
      ])
    b.flow(
      "child", results: ["done": ["note": .string]], start: .screen("c1"),
      [
        B.screen(
          "c1",
          [
            B.action("next", .push("c2")),
            B.action("finish", .finish("done", with: ["note": .literal(.string("from c1"))])),
            B.action("cancel", .finish("dismissed")),
            B.action("pop", .pop),
            B.action("dismiss", .dismiss),
            B.action("grandchild", .start("child", mode: .present, on: ["dismissed": .push("c2")])),
            B.action("reset", .root("c2")),
          ]),
        B.screen(
          "c2",
          [
            B.action("finish", .finish("done", with: ["note": .literal(.string("from c2"))])),
            B.action("present", .present("c3")),
            B.action("reset", .root("c1")),
            B.action("pushGrandchild", .start("child", mode: .push)),
          ]),
        B.screen(
          "c3",
          [
            B.action("finish", .finish("done", with: ["note": .literal(.string("from c3"))])),
            B.action("close", .dismiss),
            B.action("reset", .root("c1")),
          ]),
      ])
    b.flow(
      "quick", results: ["done": [:]],
      start: .run("decide", outcomes: ["show": .screen("q1"), "skip": .finish("done")]),
      [B.screen("q1", [B.action("finish", .finish("done"))])])
    b.flow(
      "withInput", input: ["userId": .int, "note": .optional(.string)], start: .screen("w1"),
      [B.screen("w1", params: ["userId": .int])])
    return b.build()
  }
}

import Foundation
import Testing

@Suite("flowgraph run: events that are not possible, outcomes, input, invalid files")
struct RunErrorTests {
  private func run(_ events: String, _ extra: [String] = []) throws -> CLI.Result {
    try RunTest.run(yaml: valuesFlow, ["--events", events] + extra)
  }

  @Test func anUnknownActionStopsWithExit1AndThePossibleEvents() throws {
    let result = try run("opne")
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        error: event 1 (opne): screen 'home' of flow 'main' has no action 'opne' (did you mean 'open'?); its actions: open, fetch, doneButtonPressed
        possible events: open(text: string, count: int, ratio: double, flag: bool, link: url, day: date, tags: list<string>, theme: Theme, note: string?), fetch(count: int), doneButtonPressed

        """)
    #expect(result.stdout == "step 0: start -> main/home, layers [home]\n")
  }

  @Test(arguments: [
    ("fetch", "error: event 1 (fetch): action 'fetch' of screen 'home' needs 'count' (int)"),
    (
      "fetch(count=three)",
      "error: event 1 (fetch(count=three)): 'count' of action 'fetch' of screen 'home' must be int, not 'three'"
    ),
    (
      "fetch(count=1.5)",
      "error: event 1 (fetch(count=1.5)): 'count' of action 'fetch' of screen 'home' must be int, not '1.5'"
    ),
    (
      "fetch(count=1,cuont=2)",
      "error: event 1 (fetch(count=1,cuont=2)): action 'fetch' of screen 'home' has no field 'cuont' (did you mean 'count'?)"
    ),
    (
      #"open(text=a,count=1,ratio=x,flag=true,link=l,day=d,tags=[],theme=dark)"#,
      "'ratio' of action 'open' of screen 'home' must be double, not 'x'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=yes,link=l,day=d,tags=[],theme=dark)"#,
      "'flag' of action 'open' of screen 'home' must be bool, not 'yes'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=true,link=nolink,day=d,tags=[],theme=dark)"#,
      "'link' of action 'open' of screen 'home' must be url, not 'nolink'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=true,link=a:b,day=2024-13-01,tags=[],theme=dark)"#,
      "'day' of action 'open' of screen 'home' must be date, not '2024-13-01'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=true,link=a:b,day=2024-12-01,tags=[1],theme=dark)"#,
      "'tags' of action 'open' of screen 'home' must be list<string>, not '[1]'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=true,link=a:b,day=2024-12-01,tags=[],theme=blue)"#,
      "'theme' of action 'open' of screen 'home' must be Theme (one of light, dark), not 'blue'"
    ),
    (
      #"open(text=a,count=1,ratio=1,flag=true,link=a:b,day=2024-12-01,tags=[],theme=ligth)"#,
      "'theme' of action 'open' of screen 'home' must be Theme (one of light, dark), not 'ligth' (did you mean 'light'?)"
    ),
    (
      "back",
      "'back' is not possible on screen 'home': it is the first screen of its layer, with nothing below it"
    ),
    (
      "dismiss",
      "'dismiss' is not possible on screen 'home': no modal layer is open (the base layer cannot be dismissed)"
    ),
  ])
  func impossibleEventsStopWithTheirReason(events: String, message: String) throws {
    let result = try run(events, ["--outcome", "load=loaded(title=T)"])
    #expect(result.status == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("\npossible events: "))
  }

  @Test func disabledBackAndUndismissableModalsAreNotPossible() throws {
    let open = #"open(text=a,count=1,ratio=1,flag=true,link=a:b,day=2024-12-01,tags=[],theme=dark)"#
    let back = try run("\(open),back")
    #expect(back.status == 1)
    #expect(
      back.stderr.hasPrefix(
        "error: event 2 (back): 'back' is not possible on screen 'detail': its back is disabled (back: false)\npossible events: closeButtonPressed\n"
      ))
    let gesture = try run(
      "fetch(count=1),dismiss", ["--outcome", "load=failed(message=no,code=7)"])
    #expect(gesture.status == 1)
    #expect(
      gesture.stderr.hasPrefix(
        "error: event 2 (dismiss): 'dismiss' is not possible on screen 'failure': it is not dismissible (dismissible: false)\n"
      ))
  }

  @Test func anEventAfterTheFinishStopsWithExit1() throws {
    let result = try run("doneButtonPressed,fetch(count=1)", ["--trace", "json"])
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("{\"finished\": \"done\"}\n"))
    #expect(
      result.stderr == """
        error: event 2 (fetch(count=1)): the run has finished: flow 'main' ended with 'done'; nothing can happen after that
        possible events: none (the run has finished)

        """)
  }

  @Test func outcomesAreUsedInOrderAndTheLastRepeats() throws {
    let result = try run(
      "fetch(count=1),okButtonPressed,fetch(count=2),back,fetch(count=3)",
      [
        "--outcome", "load=failed(message=no,code=7)", "--outcome", "load=loaded(title=\"A, B\")",
        "--trace", "json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let steps = try RunTest.trace(result.stdout)
    let outcomes = steps.compactMap {
      ($0["tasks"] as? [[String: Any]])?.first?["outcome"] as? String
    }
    #expect(outcomes == ["failed", "loaded", "loaded"])
    #expect(
      result.stdout.contains(
        #""tasks": [{"task": "load", "outcome": "loaded", "payload": {"title": "A, B"}}]"#))
    #expect(steps.map(RunTest.summary).last == "fetch(count=3) -> main/titled [home,titled]")
  }

  @Test(arguments: [
    (
      ["--outcome", "lod=loaded(title=x)"],
      "error: --outcome 'lod=loaded(title=x)': there is no task 'lod' (did you mean 'load'?); its tasks: load"
    ),
    (
      ["--outcome", "load=loadd"],
      "error: --outcome 'load=loadd': task 'load' has no outcome 'loadd' (did you mean 'loaded'?); its outcomes: loaded(title: string), failed(message: string, code: int)"
    ),
    (
      ["--outcome", "load=loaded"],
      "error: --outcome 'load=loaded': outcome 'loaded' of task 'load' needs 'title' (string)"
    ),
    (
      ["--outcome", "load=failed(message=x,code=x)"],
      "error: --outcome 'load=failed(message=x,code=x)': 'code' of outcome 'failed' of task 'load' must be int, not 'x'"
    ),
    (
      ["--outcome", "load"],
      "error: --outcome 'load' must be TASK=OUTCOME or TASK=OUTCOME(field=value,…)"
    ),
  ])
  func wrongOutcomesAreBadArguments(arguments: [String], message: String) throws {
    let result = try run("fetch(count=1)", arguments)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\n")
    #expect(result.stdout == "")
  }

  @Test func aTaskWithoutAnOutcomeIsABadArgument() throws {
    let result = try run("fetch(count=1)")
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: event 1 (fetch(count=1)): task 'load' runs, but no --outcome was given for it; give one of: loaded(title: string), failed(message: string, code: int), e.g. --outcome load=loaded(title=x)\n"
    )
  }

  /// A regression: `scale: .inf` for a `double` param validated clean, and
  /// `flowgraph run` then refused the step ("must be double, not double
  /// inf"). The compiler and the runtime type values by one rule now, so the
  /// file is refused before it runs (SPEC §4: exit 2).
  @Test func aNonFiniteDoubleIsATypeMismatchBeforeTheRun() throws {
    let yaml = """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                zoomButtonPressed: { push: canvas, with: { scale: .inf } }
            canvas:
              params: { scale: double }
      """
    let result = try RunTest.run(yaml: yaml, ["--events", "zoomButtonPressed"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr.contains(
        ":8:61: error: 'scale' of screen 'canvas' is double, but the value is .inf, which is not a finite number [type-mismatch]"
      ), "\(result.stderr)")
  }

  /// The `--outcome` that the message suggests works when given: the outcome
  /// needs a payload, so the example carries one.
  @Test func theSuggestedOutcomeRuns() throws {
    let failed = try run("fetch(count=1)")
    let suggested = try #require(failed.stderr.split(separator: "e.g. --outcome ").last)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let result = try run("fetch(count=1)", ["--outcome", suggested])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
  }

  @Test func flowInputIsTyped() throws {
    let yaml = """
      flowgraph: 1
      flows:
        main:
          input: { userId: int, note: string? }
          start: home
          screens:
            home:
              params: { userId: int }
      """
    let good = try RunTest.run(
      yaml: yaml, ["--input", "userId=7", "--input", #"note="a, b""#, "--trace", "json"])
    #expect(good.status == 0, "\(good.stderr)")
    let missing = try RunTest.run(yaml: yaml, [])
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "error: flow 'main' needs the input 'userId' (int): give it with --input userId=VALUE\n")
    let mistyped = try RunTest.run(yaml: yaml, ["--input", "userId=seven"])
    #expect(mistyped.status == 2)
    #expect(
      mistyped.stderr
        == "error: --input: 'userId' of the input of flow 'main' must be int, not 'seven'\n")
    let unknown = try RunTest.run(yaml: yaml, ["--input", "userId=1", "--input", "user=1"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "error: --input: flow 'main' has no input 'user' (did you mean 'userId'?); its input: userId (int), note (string?)\n"
    )
  }

  @Test func anInvalidFileIsNotRun() throws {
    let yaml = """
      flowgraph: 1
      flows:
        main:
          start: home
          screens:
            home:
              actions:
                next: { push: detial }
            detail: {}
      """
    let result = try RunTest.run(yaml: yaml, ["--events", "next"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("flow.yaml:8:25: error: "), "\(result.stderr)")
    #expect(result.stderr.contains("[undefined-reference]"))
  }

  @Test func warningsDoNotBlockTheRun() throws {
    let yaml = """
      flowgraph: 1
      tasks:
        unused: { outcomes: { ok: {} } }
      flows:
        main:
          start: home
          screens:
            home: {}
      """
    let result = try RunTest.run(yaml: yaml, ["--trace", "json"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: "))
    #expect(result.stderr.contains("[unused-task]"))
    #expect(result.stdout.hasPrefix(#"{"step": 0"#))
  }
}

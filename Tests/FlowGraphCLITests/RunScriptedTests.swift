import Foundation
import Testing

@Suite("flowgraph run: scripted events")
struct RunScriptedTests {
  @Test func theDefaultOutputIsOneLineAStep() throws {
    let result = try CLI.run([
      "run", "Flows/onboarding.yaml", "--events",
      "nextToPage2ButtonPressed,nextToPage3ButtonPressed,completeButtonPressed",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        step 0: start -> tutorial/page1, layers [page1]
        step 1: nextToPage2ButtonPressed -> tutorial/page2, layers [page1, page2]
        step 2: nextToPage3ButtonPressed -> tutorial/page3, layers [page1, page2, page3]
        step 3: completeButtonPressed -> finished, no layers
        finished: completed

        """)
    #expect(result.stderr == "")
  }

  @Test func theJSONTraceHasStepZeroAndTheFinish() throws {
    let result = try CLI.run([
      "run", "Flows/onboarding.yaml", "--trace", "json", "--events",
      "nextToPage2ButtonPressed, skipButtonPressed",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {"step": 0, "event": "start", "flow": "tutorial", "screen": "page1", "layers": [["page1"]]}
        {"step": 1, "event": "nextToPage2ButtonPressed", "flow": "tutorial", "screen": "page2", "layers": [["page1", "page2"]], "transitions": ["push page2"]}
        {"step": 2, "event": "skipButtonPressed", "flow": null, "screen": null, "layers": [], "transitions": ["finish skipped"]}
        {"finished": "skipped"}

        """)
  }

  @Test func argumentsAreTypedQuotedAndListed() throws {
    let event =
      #"open(theme=dark, count=3,ratio=2,flag=true,link=https://example.com/a?b=c,day=2024-05-01T10:00Z,tags=["a","b, c"],text="a, b \"q\" (x)")"#
    let result = try RunTest.run(yaml: valuesFlow, ["--trace", "json", "--events", event])
    #expect(result.status == 0, "\(result.stderr)")
    let steps = try RunTest.trace(result.stdout)
    #expect(
      steps.last?["event"] as? String
        == #"open(text="a, b \"q\" (x)",count=3,ratio=2.0,flag=true,link=https://example.com/a?b=c,day=2024-05-01T10:00Z,tags=["a","b, c"],theme=dark)"#
    )
    #expect(RunTest.summary(steps[1]) == #"\#(steps[1]["event"]!) -> main/detail [home,detail]"#)
  }

  @Test func theEventFieldCanBeSentBackAsAnEvent() throws {
    let first = try RunTest.run(
      yaml: valuesFlow,
      [
        "--trace", "json", "--events",
        #"open(text="x,y",count=1,ratio=1.5,flag=false,link=mailto:a@b.c,day=2024-01-01,tags=[],theme=light,note=null)"#,
      ])
    let event = try #require(try RunTest.trace(first.stdout).last?["event"] as? String)
    let second = try RunTest.run(yaml: valuesFlow, ["--trace", "json", "--events", event])
    #expect(second.status == 0)
    #expect(try RunTest.trace(second.stdout).last?["event"] as? String == event)
  }

  @Test func anEventsFileHasOneEventALine() throws {
    let script = """
      # Walk the tutorial.
      nextToPage2ButtonPressed

      nextToPage3ButtonPressed\r
        completeButtonPressed
      """
    let folder = try RunTest.folder(["events.txt": script])
    defer { try? FileManager.default.removeItem(at: folder) }
    let flows = CLI.packageRoot.appendingPathComponent("Flows/onboarding.yaml").path
    let result = try CLI.run(
      ["run", flows, "--events-file", "events.txt", "--trace", "json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("{\"finished\": \"completed\"}\n"))
    let bad = try RunTest.folder(["events.txt": "nextToPage2ButtonPressed\nrowSelected(a=1,b\n"])
    defer { try? FileManager.default.removeItem(at: bad) }
    let malformed = try CLI.run(["run", flows, "--events-file", "events.txt"], in: bad)
    #expect(malformed.status == 2)
    #expect(
      malformed.stderr
        == "error: events.txt:2:18: argument 'b' of 'rowSelected' needs a value: b=VALUE\n")
    #expect(malformed.stdout == "")
  }

  @Test(arguments: [
    ("a(b=1", "column 2: '(' of 'a' is never closed"),
    ("a,,b", "column 3: event 2 is empty"),
    ("a,", "column 3: event 2 is empty"),
    (#"a(t="x)"#, "column 5: the quote is never closed"),
    (#"é(t="x\qy")"#, #"column 7: '\q' is not a JSON escape"#),
    (#"a(t="\u12")"#, #"column 6: '\u' needs four hex digits"#),
    (#"a(t="\ud83d")"#, #"column 6: a lone surrogate in '\u' escapes"#),
    ("a(t=[1,2)", "column 5: '[' is never closed"),
    ("back(x=1)", "column 1: 'back' is a system event and takes no arguments"),
    ("a(x=1,x=2)", "column 7: argument 'x' is given twice in 'a'"),
    ("a(x)", "column 4: argument 'x' of 'a' needs a value: x=VALUE"),
    (
      #"a(t=x"y)"#,
      #"column 6: a value with '"' must be written in double quotes, with JSON escapes"#
    ),
    ("a b", "column 3: expected ',' between events, found 'b'"),
  ])
  func malformedEventsAreBadArguments(events: String, message: String) throws {
    let result = try CLI.run(["run", "Flows/onboarding.yaml", "--events", events])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: --events: \(message)\n"), "\(result.stderr)")
    #expect(result.stdout == "")
  }

  @Test func eventsFileDashReadsTheEventsFromStandardInput() throws {
    let result = try CLI.run(
      ["run", "Flows/onboarding.yaml", "--events-file", "-", "--trace", "json"],
      input: "# the tutorial\nnextToPage2ButtonPressed\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try RunTest.trace(result.stdout).map { $0["screen"] as? String } == ["page1", "page2"])
    let malformed = try CLI.run(
      ["run", "Flows/onboarding.yaml", "--events-file", "-"], input: "rowSelected(a=1,b\n")
    #expect(malformed.status == 2)
    #expect(
      malformed.stderr
        == "error: <stdin>:1:18: argument 'b' of 'rowSelected' needs a value: b=VALUE\n")
  }

  @Test func eventsPipedWithoutEventsFileAreNotIgnoredSilently() throws {
    let result = try CLI.run(
      ["run", "Flows/onboarding.yaml"], input: "nextToPage2ButtonPressed\n")
    #expect(result.status == 0)
    #expect(result.stdout == "step 0: start -> tutorial/page1, layers [page1]\n")
    #expect(result.stderr.hasPrefix("note: standard input is not a terminal"))
    #expect(result.stderr.contains("--events-file -"))
    // Nothing on standard input, or a trace for a machine: no note.
    let quiet = try CLI.run(["run", "Flows/onboarding.yaml"])
    #expect(quiet.stderr == "")
    let traced = try CLI.run(
      ["run", "Flows/onboarding.yaml", "--trace", "json"], input: "nextToPage2ButtonPressed\n")
    #expect(traced.stderr == "")
  }

  @Test func eventsAndAnEventsFileTogetherAreABadArgument() throws {
    let result = try CLI.run([
      "run", "Flows/onboarding.yaml", "--events", "a", "--events-file", "x",
    ])
    #expect(result.status == 2)
  }

  @Test func withoutEventsTheRunStartsAndStops() throws {
    let result = try CLI.run(["run", "Flows/onboarding.yaml", "--trace", "json"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"step": 0, "event": "start", "flow": "tutorial", "screen": "page1", "layers": [["page1"]]}"#
        + "\n")
  }

  @Test func anotherFlowCanBeStarted() throws {
    let result = try CLI.run([
      "run", "Flows/shop.yaml", "--flow", "checkout", "--input", "cartId=c1", "--trace", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try RunTest.trace(result.stdout).first?["flow"] as? String == "checkout")
    let unknown = try CLI.run(["run", "Flows/shop.yaml", "--flow", "chekout"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "error: --flow: there is no flow 'chekout' (did you mean 'checkout'?); the file's flows: shop, checkout\n"
    )
  }
}

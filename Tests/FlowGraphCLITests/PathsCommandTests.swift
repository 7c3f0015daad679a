import Foundation
import Testing

/// `flowgraph paths`: every printed run exits 0 under `flowgraph run`, and
/// together the runs take every transition that is not proven impossible,
/// checked by replaying them with `--trace json` (SPEC §8, issue 20).
@Suite("flowgraph paths: runs that take every possible transition")
struct PathsCommandTests {
  static let examples: [String] = {
    let folder = CLI.packageRoot.appendingPathComponent("Flows")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Flows/" + $0 }
  }()

  @Test("the examples are found")
  func examplesAreFound() {
    #expect(Self.examples.count >= 7)
  }

  @Test("every run exits 0 and the runs take every action and outcome", arguments: examples)
  func everyExampleIsCovered(file: String) throws {
    let document = try Paths.document(["paths", file, "--format", "json"])
    let runs = try #require(document["runs"] as? [[String: Any]])
    #expect(!runs.isEmpty)
    #expect((document["impossible"] as? [Any])?.isEmpty == true)
    #expect((document["uncovered"] as? [Any])?.isEmpty == true)
    #expect(document["covered"] as? Int == document["possible"] as? Int)
    let lowerBound = try #require(document["lowerBound"] as? Int)
    #expect(runs.count <= 2 * lowerBound, "\(runs.count) runs, lower bound \(lowerBound)")

    var taken = Paths.Taken()
    var claimed = Set<String>()
    var claimedLinks = Set<String>()
    var claimedTabs = Set<String>()
    for run in runs {
      claimed.formUnion(
        (run["takes"] as? [String] ?? []).filter {
          $0.hasPrefix("back on screen") || $0.hasPrefix("dismiss gesture on screen")
        })
      claimedLinks.formUnion(
        (run["takes"] as? [String] ?? []).filter { $0.hasPrefix("deep link ") })
      claimedTabs.formUnion(
        (run["takes"] as? [String] ?? []).filter { $0.hasPrefix("selecting tab ") })
      let command = try #require(run["command"] as? String)
      let trace = try Paths.replay(command)
      #expect(trace.status == 0, "\(command)\n\(trace.stderr)")
      taken.add(trace: trace.stdout)
      let ends = try #require(run["ends"] as? [String: Any])
      let last = try #require(Paths.lines(trace.stdout).last(where: { $0["step"] != nil }))
      #expect(ends["screen"] as? String == last["screen"] as? String)
    }
    // Back and the gesture: what the runs say they take is what the traces show.
    #expect(taken.systemEvents == claimed)
    let graph = try Paths.document(["graph", file, "--format", "json"])
    let expected = Paths.Taken(graph: graph)
    #expect(
      expected.actions.subtracting(taken.actions).isEmpty,
      "never taken: \(expected.actions.subtracting(taken.actions).sorted())")
    #expect(
      expected.outcomes.subtracting(taken.outcomes).isEmpty,
      "never returned: \(expected.outcomes.subtracting(taken.outcomes).sorted())")
    // Every tab of every tab bar: selected while its bar is the top layer.
    #expect(taken.tabSelections == expected.tabSelections)
    #expect(claimedTabs == expected.tabSelections)
    // Every deep link: opened, and the trace shows it taken.
    let links = try Paths.expectedLinks(file)
    #expect(links.allSatisfy { $0.routable }, "\(file) has an unroutable deep link")
    #expect(claimedLinks == Set(links.map(\.takes)))
    for link in links {
      #expect(taken.tookLink(link), "never taken: \(link.takes)\nopened: \(taken.opened)")
    }
  }

  /// Flow files written for other tests: every one that runs gets runs that
  /// exit 0, within twice the lower bound.
  static let corpus: [String] = {
    let root = CLI.packageRoot
    var files: [String] = []
    for folder in [
      "Tests/Fixtures/valid", "Tests/Fixtures/analysis", "Tests/Fixtures/schema/accept",
      "Tests/Fixtures/paths",
    ] {
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(folder).path)) ?? []
      files += names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }
    return files
  }()

  @Test("other flow files: every run exits 0", arguments: corpus)
  func corpusRuns(file: String) throws {
    let result = try CLI.run(["paths", file, "--format", "json"])
    // Files with errors are not run (exit 2, like `flowgraph run`).
    guard result.status == 0 else {
      #expect(result.status == 2)
      return
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let runs = try #require(document["runs"] as? [[String: Any]])
    let lowerBound = try #require(document["lowerBound"] as? Int)
    #expect(runs.count <= 2 * lowerBound)
    if document["exhaustive"] as? Bool == true {
      #expect(document["covered"] as? Int == document["possible"] as? Int)
    }
    for run in runs {
      let command = try #require(run["command"] as? String)
      let replay = try Paths.replay(command)
      #expect(replay.status == 0, "\(command)\n\(replay.stderr)")
    }
  }

  @Test("the output is deterministic")
  func deterministic() throws {
    let first = try CLI.run(["paths", "Flows/login-app.yaml", "--format", "json"])
    let second = try CLI.run(["paths", "Flows/login-app.yaml", "--format", "json"])
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
  }

  @Test("the text output: one command a line, ready to paste, then the summary")
  func textGolden() throws {
    let result = try CLI.run(["paths", "Flows/onboarding.yaml"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        flowgraph run Flows/onboarding.yaml --events nextToPage2ButtonPressed,skipButtonPressed
        flowgraph run Flows/onboarding.yaml --events nextToPage2ButtonPressed,nextToPage3ButtonPressed,completeButtonPressed
        flowgraph run Flows/onboarding.yaml --events nextToPage2ButtonPressed,nextToPage3ButtonPressed,startOverButtonPressed,nextToPage2ButtonPressed,back,nextToPage2ButtonPressed,nextToPage3ButtonPressed,back,back,skipButtonPressed
        # 3 runs take 8 of the 8 possible transitions; any set of runs that takes them needs at least 3.
        # Covered (8):
        #   Flows/onboarding.yaml:51:39: action 'nextToPage2ButtonPressed' on screen 'page1'
        #   Flows/onboarding.yaml:54:32: action 'skipButtonPressed' on screen 'page1'
        #   Flows/onboarding.yaml:56:7: back on screen 'page2'
        #   Flows/onboarding.yaml:61:39: action 'nextToPage3ButtonPressed' on screen 'page2'
        #   Flows/onboarding.yaml:62:32: action 'skipButtonPressed' on screen 'page2'
        #   Flows/onboarding.yaml:64:7: back on screen 'page3'
        #   Flows/onboarding.yaml:67:36: action 'completeButtonPressed' on screen 'page3'
        #   Flows/onboarding.yaml:70:35: action 'startOverButtonPressed' on screen 'page3'

        """)
    // Pasted into a shell, every line runs.
    for line in result.stdout.split(separator: "\n") where !line.hasPrefix("#") {
      #expect(try Paths.replay(String(line)).status == 0, "\(line)")
    }
  }

  @Test("arguments, outcomes and input are quoted for the shell and typed from their types")
  func quoting() throws {
    let document = try Paths.document(["paths", "Flows/checkout.yaml", "--format", "json"])
    let runs = try #require(document["runs"] as? [[String: Any]])
    let run = try #require(runs.first { ($0["outcomes"] as? [String])?.isEmpty == false })
    #expect(run["input"] as? [String] == ["cartId=cartId"])
    #expect((run["events"] as? [String])?.contains("shippingSpeedChosen(speed=standard)") == true)
    #expect((run["outcomes"] as? [String])?.contains("placeOrder=placed(orderId=orderId)") == true)
    #expect(
      (run["command"] as? String)?.contains("--outcome 'placeOrder=placed(orderId=orderId)'")
        == true)
  }

  @Test("transitions that are never possible are listed with their positions, not covered")
  func impossible() throws {
    let file = "Tests/Fixtures/paths/impossible.yaml"
    let document = try Paths.document(["paths", file, "--format", "json"])
    #expect(document["covered"] as? Int == 6)
    #expect(document["possible"] as? Int == 6)
    #expect(document["exhaustive"] as? Bool == true)
    let places = try Paths.impossiblePlaces(document)
    #expect(
      places == [
        "13:30 action 'backButtonPressed' on screen 'home': it is never possible [invalid-pop]",
        "14:31 action 'closeButtonPressed' on screen 'home': it is never possible [invalid-dismiss]",
        "20:22 handler 'never' of 'start: wizard' (action 'wizardButtonPressed' on screen 'home'): flow 'wizard' never ends with 'never' [unused-result]",
        "21:28 handler 'dismissed' of 'start: wizard' (action 'wizardButtonPressed' on screen 'home'): no run can take it (every state a run can reach was explored)",
        "27:30 action 'goButtonPressed' on screen 'orphan': screen 'orphan' is unreachable [unreachable-screen]",
      ])
    let impossible = try #require(document["impossible"] as? [[String: Any]])
    #expect(impossible.allSatisfy { $0["file"] as? String == file })
    for run in try #require(document["runs"] as? [[String: Any]]) {
      #expect(try Paths.replay(run["command"] as! String).status == 0)
    }
  }

  @Test(
    "deep links: opened with URLs from their patterns and sample values; unroutable ones listed")
  func deepLinks() throws {
    let file = "Tests/Fixtures/paths/deeplinks.yaml"
    let document = try Paths.document(["paths", file, "--format", "json"])
    let runs = try #require(document["runs"] as? [[String: Any]])
    let opens = runs.flatMap { ($0["events"] as? [String] ?? []).filter { $0.hasPrefix("open:") } }
    #expect(
      opens == [
        "open:/home", "open:/vault/items/1?highlight=highlight",
        "open:/web/https%3A%2F%2Fexample.com%2Ftarget/2026-01-01",
        "open:/filter/recent?ids=%5B1%5D&ratio=1.5&on=true",
      ])
    #expect(document["covered"] as? Int == 12)
    #expect(document["possible"] as? Int == 12)
    #expect(
      try Paths.impossiblePlaces(document) == [
        "23:19 deep link '/vault' to screen 'vault': no route reaches it: the only way in is 'unlockButtonPressed', whose param 'passcode' the link does not carry [unroutable-deeplink]"
      ])
    var taken = Paths.Taken()
    var traces = ""
    for run in runs {
      let command = try #require(run["command"] as? String)
      let trace = try Paths.replay(command)
      #expect(trace.status == 0, "\(command)\n\(trace.stderr)")
      taken.add(trace: trace.stdout)
      traces += trace.stdout
    }
    let links = try Paths.expectedLinks(file)
    #expect(links.filter(\.routable).count == 4)
    // The stop: the link to an item waits on 'home' for the passcode.
    #expect(links.first { $0.screen == "item" }?.stop == "app/home")
    for link in links where link.routable {
      #expect(taken.tookLink(link), "never taken: \(link.takes)\nopened: \(taken.opened)")
    }
    // The link values are the sample values, read back as their types.
    let steps = Paths.lines(traces).filter { ($0["event"] as? String)?.hasPrefix("open:") == true }
    let params = steps.compactMap { $0["params"] as? [String: Any] }.map {
      $0.mapValues { "\($0)" }
    }
    #expect(
      params.contains(["target": "https://example.com/target", "day": "2026-01-01"]),
      "\(params)")
    #expect(
      params.contains { $0["tab"] == "recent" && $0["ratio"] == "1.5" && $0["on"] == "1" },
      "\(params)")
    // The printed URL form is what `--open` takes too.
    for open in opens {
      let result = try CLI.run(["run", file, "--open", String(open.dropFirst("open:".count))])
      #expect(result.status == 0, "\(open): \(result.stderr)")
    }
  }

  @Test(
    "deep links when every run ends the flow: inside a run, which goes on from a state the link leads back to"
  )
  func deepLinksWhenRunsFinish() throws {
    let file = "Tests/Fixtures/paths/deeplinks-finish.yaml"
    let result = try CLI.run(["paths", file])
    #expect(result.status == 0)
    let commands = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      commands == [
        "flowgraph run \(file) --events 'unlockButtonPressed(passcode=passcode),itemSelected(itemId=1),back,back,doneButtonPressed'",
        "flowgraph run \(file) --events 'open:/items/1,cancelPendingLink,open:/home,unlockButtonPressed(passcode=passcode),itemSelected(itemId=1),doneButtonPressed'",
      ])
    #expect(
      result.stdout.contains(
        "# 2 runs take 8 of the 8 possible transitions; any set of runs that takes them needs at least 2."
      ))
    var taken = Paths.Taken()
    for command in commands {
      let trace = try Paths.replay(String(command))
      #expect(trace.status == 0, "\(command)\n\(trace.stderr)")
      taken.add(trace: trace.stdout)
    }
    for link in try Paths.expectedLinks(file) {
      #expect(taken.tookLink(link), "never taken: \(link.takes)\nopened: \(taken.opened)")
    }
  }

  @Test("tab selections: every tab of a tab bar that is shown, selected while it is the top layer")
  func tabSelections() throws {
    let file = "Tests/Fixtures/paths/tabs.yaml"
    let document = try Paths.document(["paths", file, "--format", "json"])
    #expect(document["covered"] as? Int == 13)
    #expect(document["possible"] as? Int == 13)
    let places = try Paths.impossiblePlaces(document)
    #expect(places.count == 3)
    for (place, expected) in zip(
      places,
      [
        "26:11 selecting tab 'inbox' of screen 'spare'",
        "27:11 selecting tab 'archive' of screen 'spare'",
        "29:17 handler 'done' of 'start: inbox' (tab 'inbox' of screen 'spare')",
      ])
    {
      #expect(place.hasPrefix(expected + ": "), "\(place)")
    }
    var taken = Paths.Taken()
    var claimed = Set<String>()
    for run in try #require(document["runs"] as? [[String: Any]]) {
      claimed.formUnion((run["takes"] as? [String] ?? []).filter { $0.hasPrefix("selecting tab") })
      let command = try #require(run["command"] as? String)
      let trace = try Paths.replay(command)
      #expect(trace.status == 0, "\(command)\n\(trace.stderr)")
      taken.add(trace: trace.stdout)
    }
    let hub: Set = [
      "selecting tab 'inbox' of screen 'hub'", "selecting tab 'archive' of screen 'hub'",
    ]
    #expect(taken.tabSelections == hub)
    #expect(claimed == hub)
  }

  @Test(
    "--flow with a flow other than the entry: deep links (which start the entry flow) are not its items"
  )
  func deepLinksOutsideTheEntry() throws {
    let all = try Paths.document(["paths", "Flows/shop.yaml", "--format", "json"])
    let checkout = try Paths.document([
      "paths", "Flows/shop.yaml", "--flow", "checkout", "--format", "json",
    ])
    let runs = try #require(checkout["runs"] as? [[String: Any]])
    #expect(!runs.isEmpty)
    #expect(
      runs.allSatisfy { ($0["events"] as? [String])?.contains { $0.hasPrefix("open:") } == false })
    let takes = runs.flatMap { $0["takes"] as? [String] ?? [] }
    #expect(!takes.contains { $0.hasPrefix("deep link") })
    #expect((all["possible"] as? Int ?? 0) > (checkout["possible"] as? Int ?? 0))
  }

  /// Re-record after an intended change with
  /// `flowgraph paths Tests/Fixtures/paths/impossible.yaml --format json > Tests/Fixtures/paths/impossible.paths.json`.
  @Test("the JSON document, recorded")
  func jsonGolden() throws {
    let result = try CLI.run(["paths", "Tests/Fixtures/paths/impossible.yaml", "--format", "json"])
    #expect(result.status == 0)
    let recorded = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Tests/Fixtures/paths/impossible.paths.json"),
      encoding: .utf8)
    #expect(result.stdout == recorded)
    // The warning about the result no `finish` produces goes to standard error.
    #expect(result.stderr.contains("[unused-result]"))
  }

  @Test("--flow: only the runs of that flow and the flows it starts")
  func flowOption() throws {
    let document = try Paths.document([
      "paths", "Tests/Fixtures/paths/impossible.yaml", "--flow", "wizard", "--format", "json",
    ])
    let runs = try #require(document["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    #expect(runs.first?["flow"] as? String == "wizard")
    #expect(
      runs.first?["command"] as? String
        == "flowgraph run Tests/Fixtures/paths/impossible.yaml --flow wizard --events finishButtonPressed"
    )
    let ends = runs.first?["ends"] as? [String: Any]
    #expect(ends?["finished"] as? String == "done")
    #expect(ends?["screen"] is NSNull)
    #expect(document["possible"] as? Int == 1)
    #expect(try Paths.replay(runs.first!["command"] as! String).status == 0)
  }

  @Test("an unbounded stack: the exploration ends within its budget and says what it missed")
  func unbounded() throws {
    let file = "Tests/Fixtures/paths/unbounded.yaml"
    let full = try Paths.document(["paths", file, "--format", "json"])
    #expect(full["exhaustive"] as? Bool == false)
    #expect(full["covered"] as? Int == full["possible"] as? Int)
    let small = try Paths.document(["paths", file, "--format", "json", "--max-states", "3"])
    #expect(small["exhaustive"] as? Bool == false)
    let uncovered = try #require(small["uncovered"] as? [[String: Any]])
    #expect(
      uncovered.map { $0["what"] as? String } == ["action 'doneButtonPressed' on screen 'share'"])
    #expect((small["impossible"] as? [Any])?.isEmpty == true)
    for run in try #require(small["runs"] as? [[String: Any]]) {
      #expect(try Paths.replay(run["command"] as! String).status == 0)
    }
    let text = try CLI.run(["paths", file, "--max-states", "3"])
    #expect(text.stdout.contains("# Not covered: the exploration stopped at its budget"))
  }

  @Test(
    "bad input exits 2",
    arguments: [
      ["paths", "Tests/Fixtures/cli/undefined-screen.yaml"],
      ["paths", "Tests/Fixtures/cli/no-such-file.yaml"],
      ["paths", "Flows/onboarding.yaml", "--flow", "tutorail"],
      ["paths", "Flows/onboarding.yaml", "--format", "yaml"],
      ["paths", "Flows/onboarding.yaml", "--max-states", "0"],
      ["paths"],
    ])
  func badInput(arguments: [String]) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(!result.stderr.isEmpty)
  }

  @Test("an unknown flow gets a suggestion")
  func unknownFlow() throws {
    let result = try CLI.run(["paths", "Flows/onboarding.yaml", "--flow", "tutorail"])
    #expect(result.stderr.contains("there is no flow 'tutorail' (did you mean 'tutorial'?)"))
  }
}

/// Helpers: running the printed commands and reading their traces.
enum Paths {
  /// Runs a printed `flowgraph run …` command line through `/bin/sh`, with
  /// `--trace json` added.
  static func replay(_ command: String) throws -> CLI.Result {
    let prefix = "flowgraph "
    precondition(command.hasPrefix(prefix), command)
    let binary = "'" + CLI.executable.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", binary + " " + command.dropFirst(prefix.count) + " --trace json"]
    process.currentDirectoryURL = CLI.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// The JSON document a command prints (it must exit 0).
  static func document(_ arguments: [String]) throws -> [String: Any] {
    let result = try CLI.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// A document's `impossible` entries as `LINE:COLUMN WHAT`.
  static func impossiblePlaces(_ document: [String: Any]) throws -> [String] {
    let impossible = try #require(document["impossible"] as? [[String: Any]])
    return impossible.map { "\($0["line"]!):\($0["column"]!) \($0["what"]!)" }
  }

  /// The JSON objects of a trace, one a line.
  static func lines(_ trace: String) -> [[String: Any]] {
    trace.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// A deep link as `flowgraph routes` reports it, and where opening it
  /// must leave the user: its screen, or, when its route has a stop, the
  /// screen where the first stop waits (with the link pending).
  struct ExpectedLink {
    var pattern: String
    var flow: String
    var screen: String
    var routable: Bool
    /// Where the link waits (`flow/screen`), when its route has a stop.
    var stop: String?
    /// The item as `takes` words it.
    var takes: String { "deep link '\(pattern)' to screen '\(screen)'" }

    /// Whether `url`'s path fits the pattern: literal segments equal,
    /// `{name}` segments non-empty (enough to tell the links of one file apart).
    func fits(_ url: String) -> Bool {
      let path = url.prefix { $0 != "?" }
      let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      let expected = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      guard segments.count == expected.count else { return false }
      return zip(segments, expected).allSatisfy { actual, wanted in
        wanted.hasPrefix("{") ? !actual.isEmpty : actual == wanted
      }
    }
  }

  /// The deep links of a file, from `flowgraph routes --format json`; for a
  /// route with a stop, its command replayed to see where the stop is.
  static func expectedLinks(_ file: String) throws -> [ExpectedLink] {
    let result = try CLI.run(["routes", file, "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
    var links: [ExpectedLink] = []
    for route in document["routes"] as? [[String: Any]] ?? [] {
      var link = ExpectedLink(
        pattern: route["pattern"] as? String ?? "", flow: route["flow"] as? String ?? "",
        screen: route["screen"] as? String ?? "", routable: route["routable"] as? Bool == true)
      if let stop = (route["stops"] as? [Int])?.first, let command = route["command"] as? String {
        // Step N of the trace is where the user is before event N (0-based).
        let steps = lines(try replay(command).stdout).filter { $0["step"] != nil }
        let before = try #require(steps.count > stop ? steps[stop] : nil)
        link.stop = "\(before["flow"]!)/\(before["screen"]!)"
      }
      links.append(link)
    }
    return links
  }

  /// What runs took (from traces) or what a graph has (from `graph --format json`):
  /// `flow/screen/action` and `task=outcome`.
  struct Taken {
    /// A step that opened a link: its URL, where it left the user, the
    /// pending link after it.
    struct Opened: CustomStringConvertible {
      var url: String
      var place: String
      var pending: String?
      var description: String { "\(url) -> \(place)\(pending.map { " pending \($0)" } ?? "")" }
    }

    var actions: Set<String> = []
    var outcomes: Set<String> = []
    /// `back on screen 'S'` and `dismiss gesture on screen 'S'`, as `takes` words them.
    var systemEvents: Set<String> = []
    /// The `open:` steps, in order.
    var opened: [Opened] = []
    /// `selecting tab 'T' of screen 'S'`, as `takes` words it.
    var tabSelections: Set<String> = []

    /// Whether an `open:` step took `link`: it ended on the link's screen
    /// with nothing pending, or, with a stop on the route, with the link
    /// pending where the stop waits.
    func tookLink(_ link: ExpectedLink) -> Bool {
      opened.contains { step in
        guard link.fits(step.url) else { return false }
        if let stop = link.stop { return step.pending == step.url && step.place == stop }
        return step.pending == nil && step.place == "\(link.flow)/\(link.screen)"
      }
    }

    init() {}

    /// Every action of every screen, every outcome of every task, every tab
    /// of every tab bar.
    init(graph: [String: Any]) {
      for flow in graph["flows"] as? [[String: Any]] ?? [] {
        for screen in flow["screens"] as? [[String: Any]] ?? [] {
          for tab in screen["tabs"] as? [[String: Any]] ?? [] {
            tabSelections.insert("selecting tab '\(tab["name"]!)' of screen '\(screen["name"]!)'")
          }
          for action in screen["actions"] as? [[String: Any]] ?? [] {
            actions.insert("\(flow["name"]!)/\(screen["name"]!)/\(action["name"]!)")
          }
        }
      }
      for task in graph["tasks"] as? [[String: Any]] ?? [] {
        for outcome in task["outcomes"] as? [[String: Any]] ?? [] {
          outcomes.insert("\(task["name"]!)=\(outcome["name"]!)")
        }
      }
    }

    /// Adds a trace's steps: each event on the screen before it, each task's outcome.
    mutating func add(trace: String) {
      var place: String?
      var tabBar: String?
      for line in Paths.lines(trace) where line["step"] != nil {
        if let event = line["event"] as? String, event.hasPrefix("tab:"), let tabBar {
          tabSelections.insert(
            "selecting tab '\(event.dropFirst("tab:".count))' of screen '\(tabBar)'")
        }
        if let event = line["event"] as? String, let place, event != "start" {
          let name = event.prefix { $0 != "(" }
          let screen = place.split(separator: "/").last.map(String.init) ?? ""
          switch name {
          case "back": systemEvents.insert("back on screen '\(screen)'")
          case "dismiss": systemEvents.insert("dismiss gesture on screen '\(screen)'")
          case _ where name.hasPrefix("open:") || name.hasPrefix("tab:"): break
          default: actions.insert("\(place)/\(name)")
          }
        }
        if let event = line["event"] as? String, event.hasPrefix("open:") {
          opened.append(
            Opened(
              url: String(event.dropFirst("open:".count)),
              place: "\(line["flow"] ?? "")/\(line["screen"] ?? "")",
              pending: line["pending"] as? String))
        }
        for task in line["tasks"] as? [[String: Any]] ?? [] {
          outcomes.insert("\(task["task"]!)=\(task["outcome"]!)")
        }
        // The tab bar `tab:NAME` acts on next: the top layer's, if it is one.
        let top = (line["layers"] as? [Any])?.count ?? 0
        tabBar =
          (line["tabs"] as? [[String: Any]])?.first { $0["layer"] as? Int == top - 1 }?["screen"]
          as? String
        if let flow = line["flow"] as? String, let screen = line["screen"] as? String {
          place = "\(flow)/\(screen)"
        } else {
          place = nil
        }
      }
    }
  }
}

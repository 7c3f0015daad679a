import FlowGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The paths a new user tries first: folders with other YAML in them,
/// standard input, a path that does not exist, a compiled graph, CRLF files.
@Suite("flowgraph validate: inputs")
struct ValidateInputsTests {
  static let flow = """
    flowgraph: 1
    flows:
      app:
        start: welcome
        screens:
          welcome:
            actions:
              nextButtonPressed: { push: tipz }
          tips: {}

    """

  @Test func aLargeFileWithAMistakeShowsItsExcerpt() throws {
    // Past a megabyte, `validate` reads the file into pages it gives back
    // flow by flow as they compile: the excerpt of a load finding comes from
    // the file, read again.
    var text = "flowgraph: 1\nentry: flow0\nflows:\n"
    for flow in 0..<400 {
      text += "  flow\(flow):\n    start: screen0\n    screens:\n"
      for screen in 0..<20 {
        let target = flow == 399 && screen == 19 ? "screen99" : "screen\(screen + 1)"
        text += "      screen\(screen):\n        title: Screen \(screen) of flow \(flow)\n"
        text += "        actions:\n"
        if screen < 19 || flow == 399 {
          text += "          nextButtonPressed: { push: \(target) }\n"
        }
        if screen > 0 { text += "          backButtonPressed: pop\n" }
      }
    }
    let scratch = try ScratchFolder(files: ["big.yaml": text])
    defer { scratch.remove() }
    #expect(text.utf8.count > 1 << 20)
    let line =
      text.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("push: screen99") }.map { $0 + 1 } ?? 0
    let result = try CLI.run(["validate", "big.yaml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("big.yaml:\(line):38: error: "), "\(result.stdout)")
    #expect(result.stdout.contains("\(line) |           nextButtonPressed: { push: screen99 }\n"))
  }

  @Test func foldersSkipYAMLThatIsNotAFlowFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("name: App\ntargets:\n  App:\n    type: application\n", to: "project.yml")
    try scratch.write(".github: {}\n", to: "ci/workflow.yaml")
    try scratch.write(
      "flowgraph: 1\nflows:\n  app:\n    start: home\n    screens:\n      home: {}\n",
      to: "Flows/app.yaml")
    let result = try CLI.run(["validate"], in: scratch.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == "no errors, no warnings in 1 file\n")
    #expect(result.stderr.isEmpty)

    let verbose = try CLI.run(["validate", "--verbose", "."], in: scratch.url)
    #expect(verbose.status == 0)
    #expect(
      verbose.stderr
        == "skipped 2 YAML files with no top-level 'flowgraph' key: ci/workflow.yaml, project.yml\n"
    )
  }

  @Test func aFileNamedExplicitlyIsAlwaysValidated() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("name: App\n", to: "project.yml")
    let result = try CLI.run(["validate", "project.yml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("[unsupported-version]"), "\(result.stdout)")
  }

  @Test func aFlowFileWithQuotedOrFlowStyleKeyIsFoundInAFolder() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "\"flowgraph\": 1\nflows: { app: { start: home, screens: { home: {} } } }\n", to: "a.yaml")
    try scratch.write(
      "{flowgraph: 1, flows: {app: {start: home, screens: {home: {}}}}}\n", to: "b.yml")
    let result = try CLI.run(["validate", "."], in: scratch.url)
    #expect(result.stdout == "no errors, no warnings in 2 files\n", "\(result.stderr)")
  }

  @Test func standardInputIsReadForADash() throws {
    let result = try CLI.run(["validate", "-"], input: Self.flow)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix("<stdin>:8:38: error: undefined screen 'tipz'"), "\(result.stdout)")
    #expect(result.stdout.contains("8 |           nextButtonPressed: { push: tipz }\n"))
    #expect(result.stdout.hasSuffix("1 error, no warnings in 1 file\n"))
  }

  @Test func latin1OnStandardInputIsTheFindingItIsInAFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Bytes a String cannot hold (0xE9, Latin-1's é), piped in as they are.
    let bytes =
      Array("flowgraph: 1\nflows:\n  a:\n    start: s\n    screens:\n      s: { title: \"Caf".utf8)
      + [0xE9] + Array("\" }\n".utf8)
    try Data(bytes).write(to: scratch.url.appendingPathComponent("latin1.yaml"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "cat latin1.yaml | \"$0\" validate -", CLI.executable.path]
    process.currentDirectoryURL = scratch.url
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(
      text.hasPrefix("<stdin>:6:23: error: byte 0xE9 does not begin a valid UTF-8 sequence"),
      "\(text)")
  }

  @Test func aMissingPathPrintsNoSummaryThatContradictsTheExit() throws {
    let result = try CLI.run(["validate", "nope.yaml"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(result.stderr == "error: cannot read 'nope.yaml': no such file or folder\n")

    let mixed = try CLI.run(["validate", "nope.yaml", "Tests/Fixtures/cli/clean.yaml"])
    #expect(mixed.status == 2)
    #expect(mixed.stdout == "no errors, no warnings in 1 file; 1 path could not be read\n")
  }

  @Test func aFolderWithNoFlowFileIsAnErrorNotACleanRun() throws {
    // A CI step pointed at the wrong, existing folder must not pass.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let empty = try CLI.run(["validate", "empty"], in: scratch.url)
    #expect(empty.status == 2)
    #expect(empty.stdout.isEmpty, "\(empty.stdout)")
    #expect(
      empty.stderr
        == "error: no flow files in folder 'empty': it has no '*.yaml' or '*.yml' file\n")

    try scratch.write("name: App\n", to: "config/project.yml")
    let other = try CLI.run(["validate", "config"], in: scratch.url)
    #expect(other.status == 2)
    #expect(
      other.stderr
        == "error: no flow files in folder 'config': its YAML file ('config/project.yml') has no top-level 'flowgraph' key; a flow file starts with 'flowgraph: 1'\n"
    )

    try scratch.write(Self.flow.replacingOccurrences(of: "tipz", with: "tips"), to: "app.yaml")
    let mixed = try CLI.run(["validate", "--format", "json", "empty", "app.yaml"], in: scratch.url)
    #expect(mixed.status == 2)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [String: Any])
    let unreadable = try #require(report["unreadable"] as? [[String: String]])
    #expect(unreadable.map { $0["file"] } == ["empty"])
  }

  @Test func jsonAndSARIFNameThePathsThatCouldNotBeRead() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // A launch-format graph cut short: its header announces more than the file holds.
    let whole = scratch.url.appendingPathComponent("whole.fgc").path
    let compiled = try CLI.run(["compile", "Tests/Fixtures/cli/clean.yaml", "-o", whole])
    #expect(compiled.status == 0, "\(compiled.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    try bytes.prefix(bytes.count / 2).write(to: scratch.url.appendingPathComponent("cut.fgc"))
    let json = try CLI.run(
      ["validate", "--format", "json", "nope.yaml", "cut.fgc"], in: scratch.url)
    #expect(json.status == 2)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let unreadable = try #require(report["unreadable"] as? [[String: String]])
    #expect(unreadable.map { $0["file"] } == ["nope.yaml", "cut.fgc"])
    #expect(unreadable[0]["message"] == "cannot read 'nope.yaml': no such file or folder")
    #expect(unreadable[1]["message"]?.isEmpty == false)
    #expect(unreadable[1]["message"]?.hasPrefix("cut.fgc") == false)

    let sarif = try CLI.run(["validate", "--format", "sarif", "cut.fgc"], in: scratch.url)
    #expect(sarif.status == 2)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect((invocation["toolExecutionNotifications"] as? [Any])?.count == 1)

    // A clean run has neither.
    let clean = try CLI.run(["validate", "--format", "json", "Tests/Fixtures/cli/clean.yaml"])
    #expect(clean.status == 0)
    #expect(!clean.stdout.contains("unreadable"))
  }

  @Test(.timeLimit(.minutes(1))) func aFIFOIsReadOnceWithItsFindingsExcerpted() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(Self.flow, to: "app.yaml")
    let fifo = scratch.url.appendingPathComponent("piped.yaml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // A writer that writes the flow once, as `<(cat app.yaml)` would.
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "cat app.yaml > piped.yaml"]
    writer.currentDirectoryURL = scratch.url
    try writer.run()
    let result = try CLI.run(["validate", "piped.yaml"], in: scratch.url)
    writer.waitUntilExit()
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("piped.yaml:8:38: error: undefined screen 'tipz'"), "\(result.stdout)"
    )
    #expect(result.stdout.contains("8 |           nextButtonPressed: { push: tipz }\n"))
  }

  @Test func crlfFilesGetTheExcerptAndCaret() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(Self.flow.replacingOccurrences(of: "\n", with: "\r\n"), to: "app.yaml")
    let result = try CLI.run(["validate", "app.yaml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("app.yaml:8:38: error: "), "\(result.stdout)")
    #expect(result.stdout.contains("8 |           nextButtonPressed: { push: tipz }\n"))
    #expect(
      result.stdout.contains("  |                                      ^~~~\n"), "\(result.stdout)")
  }

  /// A file saved as Latin-1: the finding is at the 0xE9 (not the space
  /// after it, where libyaml stopped), names it, and says what to do.
  @Test func aLatin1FileIsReportedAtItsAccentedByte() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let text = "flowgraph: 1\nflows:\n  app:\n    start: menu\n    screens:\n      menu:\n"
    let bytes =
      Array(text.utf8) + Array("        title: \"Caf".utf8) + [0xE9] + Array(" menu\"\n".utf8)
    try Data(bytes).write(to: scratch.url.appendingPathComponent("latin1.yaml"))
    let result = try CLI.run(["validate", "latin1.yaml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "latin1.yaml:7:20: error: byte 0xE9 does not begin a valid UTF-8 sequence: the file looks"
          + " like Latin-1 (Windows-1252), where 0xE9 is 'é'; save it as UTF-8 [yaml-syntax]\n"
          + "  |\n7 |         title: \"Caf\u{FFFD} menu\"\n  |                    ^\n"),
      "\(result.stdout)")
  }

  @Test func crlfYAMLShapeMistakesGetTheExcerptToo() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let text = "flowgraph: 1\nflows:\n  app:\n    start:app\n    screens:\n      app: {}\n"
    try scratch.write(text.replacingOccurrences(of: "\n", with: "\r\n"), to: "app.yaml")
    let result = try CLI.run(["validate", "app.yaml"], in: scratch.url)
    #expect(
      result.stdout.hasPrefix("app.yaml:4:10: error: missing space after ':'"), "\(result.stdout)")
    #expect(result.stdout.contains("4 |     start:app\n"))
  }

  @Test func compiledGraphsAreValidatedAndRun() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let flows = CLI.packageRoot.appendingPathComponent("Flows/onboarding.yaml").path
    let compiled = try CLI.run(["compile", flows, "-o", "onboarding.json"], in: scratch.url)
    #expect(compiled.status == 0, "\(compiled.stderr)")
    // Detected by content too, whatever the file's name.
    try FileManager.default.copyItem(
      at: scratch.url.appendingPathComponent("onboarding.json"),
      to: scratch.url.appendingPathComponent("onboarding.graph"))
    for name in ["onboarding.json", "onboarding.graph"] {
      let validated = try CLI.run(["validate", name], in: scratch.url)
      #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
      #expect(validated.stdout == "no errors, no warnings in 1 file\n")
      let run = try CLI.run(
        ["run", name, "--events", "skipButtonPressed"], in: scratch.url)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout.hasPrefix("step 0: start -> "), "\(run.stdout)")
    }
  }
}

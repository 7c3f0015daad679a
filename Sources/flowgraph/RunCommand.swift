import ArgumentParser
import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flowgraph run FILE`: runs a flow, interactively on a terminal or from an
/// event script (SPEC §4).
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a flow: interactively on a terminal, or from a script of events.",
    discussion: """
      Without --events, --events-file or --trace, and with a terminal on standard \
      input, the run is interactive: it shows the current flow, screen and layers, \
      lists the possible events, and asks which outcome each task takes. Otherwise \
      the events are applied in order and each step is printed.

      Events: an action name, back, dismiss, tab:NAME (selects a tab of the tab \
      bar; the selected tab again pops it to its first screen), or an action with \
      arguments: rowSelected(postId=3,text="a, b"). Values with ',' ')' or '"' go in double \
      quotes with JSON escapes; a list is a JSON array. open:URL opens a deep link \
      (open:"myapp://search?q=a,b" when the URL has a ','); cancelPendingLink drops \
      the link that waits for the user.

      Exit status: 0 every event was applied, 1 an event was not possible (or came \
      after the run finished), 2 the run could not start or go on as asked (an \
      invalid file, a bad argument, a malformed event, a task with no --outcome).
      """
  )

  @ArgumentParser.Argument(
    help: "The flow file to run (.yaml), or a compiled graph (.fgc or .json).")
  var file: String

  @Option(help: "The flow to start (default: the file's entry flow).")
  var flow: String?

  @Option(help: "Comma-separated events to apply in order.")
  var events: String?

  @Option(
    name: .customLong("open"),
    help: ArgumentHelp(
      "Open a deep link as the first event (after the start): myapp://posts/42.",
      valueName: "url"))
  var openURL: String?

  @Option(
    help: ArgumentHelp(
      "A file of events, one a line ('#' starts a comment line); - reads them from standard input.",
      valueName: "file"))
  var eventsFile: String?

  @Option(
    help: ArgumentHelp(
      "The outcome a task's hook returns: TASK=OUTCOME or TASK=OUTCOME(field=value,…). Repeat it: a task's outcomes are used in order, the last one repeating.",
      valueName: "task=outcome"))
  var outcome: [String] = []

  @Option(
    name: .customLong("input"),
    help: ArgumentHelp(
      "A value of the started flow's input: NAME=VALUE (repeat for each).", valueName: "name=value")
  )
  var inputs: [String] = []

  @Option(
    help: ArgumentHelp(
      "Print a trace instead of the step lines: json writes one JSON object per step on standard output.",
      valueName: "format"))
  var trace: TraceFormat?

  @OptionGroup var limits: InputOptions

  func validate() throws {
    if events != nil && eventsFile != nil {
      throw ValidationError("Give --events or --events-file, not both.")
    }
  }

  func run() async throws {
    var script: [ScriptedEvent]?
    do {
      script = try readScript()
    } catch {
      throw error.exit()
    }
    if let openURL {
      let link = ScriptedEvent(
        name: "open:", arguments: [], source: "open:" + openURL, url: openURL)
      script = [link] + (script ?? [])
    }
    let graph = try GraphSource.load(file, input: limits, allowErrors: false).graph
    do {
      let setup = try makeSetup(graph)
      if let script {
        try await ScriptedRun(
          setup: setup, events: script, writer: StepWriter(graph: graph, format: trace)
        ).run()
      } else if trace == nil && Terminal.stdinIsTerminal {
        try await InteractiveSession(setup: setup, command: replayCommand).run()
      } else {
        if trace == nil, Terminal.stdinHasPipedInput {
          Console.error(
            "note: standard input is not a terminal, so the run is not interactive and reads no events from it; "
              + "give the events with --events, --events-file FILE, or --events-file - (one a line on standard input)\n"
          )
        }
        try await ScriptedRun(
          setup: setup, events: [], writer: StepWriter(graph: graph, format: trace)
        ).run()
      }
    } catch {
      throw error.exit()
    }
  }

  /// The events of `--events` or `--events-file` (exit 2 when malformed).
  private func readScript() throws(RunFailure) -> [ScriptedEvent]? {
    if let events {
      do {
        return try EventScriptParser.parseList(events)
      } catch {
        throw .usage(
          "error: --events: column \(error.column): \(error.message)\n  \(events)\n  "
            + String(repeating: " ", count: max(0, error.column - 1)) + "^")
      }
    }
    guard let eventsFile else { return nil }
    let text: String
    if eventsFile == "-" {
      text = String(decoding: Console.readStandardInput(), as: UTF8.self)
    } else {
      do {
        text = try String(contentsOfFile: eventsFile, encoding: .utf8)
      } catch {
        throw .usage("error: --events-file: cannot read '\(eventsFile)'")
      }
    }
    var script: [ScriptedEvent] = []
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (number, line) in lines.enumerated() {
      let trimmed = line.trimmingWhitespace()
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      do {
        script.append(try EventScriptParser.parseOne(String(line)))
      } catch {
        let name = eventsFile == "-" ? "<stdin>" : eventsFile
        throw .usage("error: \(name):\(number + 1):\(error.column): \(error.message)")
      }
    }
    return script
  }

  private func makeSetup(_ graph: FlowGraph) throws(RunFailure) -> RunSetup {
    let flowID = try FlowSelection.flow(named: flow, in: graph)
    let input = try FlowInputArguments.parse(inputs, for: graph.flows[flowID.index], graph: graph)
    let outcomes = try OutcomeScript(outcome, graph: graph)
    return RunSetup(graph: graph, flow: flowID, input: input, outcomes: outcomes)
  }
}

extension Error {
  /// The exit code of a run failure (printing its message), or the error itself.
  fileprivate func exit() -> any Error {
    (self as? RunFailure)?.exit() ?? self
  }
}

extension RunCommand {
  /// The file and the options an interactive session is replayed with.
  var replayCommand: [String] {
    var command = [file]
    if let flow { command += ["--flow", flow] }
    for input in inputs { command += ["--input", input] }
    return command
  }
}

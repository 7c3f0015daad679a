import ArgumentParser
import FlowGraphCore

/// `flowgraph paths FILE`: a small set of `flowgraph run` command lines that
/// together take every possible transition (SPEC §8).
struct PathsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "paths",
    abstract: "Print runs that together take every possible transition, for UI tests.",
    discussion: """
      Each run is a 'flowgraph run' command line (events, task outcomes, input) that \
      exits 0; together they take every action wherever it is possible, every task \
      outcome, every result handler, back and the dismiss gesture wherever they are \
      possible, every tab selection ('tab:NAME'), and every deep link (an 'open:URL' \
      event whose URL is the link's pattern with sample values). A summary says what is \
      covered and what is provably never possible.

      Without --flow, runs start from the entry flow and from every flow that no \
      'start' names. See docs/paths.md.

      Exit status: 0 the runs were printed, 2 the command could not run (bad \
      arguments, an unreadable path, an invalid flow file).
      """
  )

  @ArgumentParser.Argument(help: "The flow file (.yaml), or a compiled graph (.fgc or .json).")
  var file: String

  @Option(
    help:
      "Only the runs that start this flow (default: the entry flow and every flow nothing starts).")
  var flow: String?

  @Option(help: "text (default): one command a line, then the summary; json: one document.")
  var format: PathsFormat = .text

  @Option(
    help: ArgumentHelp(
      "The most runtime states explored per started flow; what lies beyond is reported as not covered.",
      valueName: "n"))
  var maxStates: Int = PathBudget().maximumStates

  @OptionGroup var limits: InputOptions

  func validate() throws {
    guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1.") }
  }

  func run() throws {
    let graph = try GraphSource.load(file, input: limits, allowErrors: false).graph
    let selected: FlowID?
    let entry: FlowID?
    do {
      selected = try flow.map { name throws(RunFailure) in
        try FlowSelection.flow(named: name, in: graph)
      }
      entry = try? FlowSelection.flow(named: nil, in: graph)
    } catch {
      throw error.exit()
    }
    var budget = PathBudget()
    budget.maximumStates = maxStates
    let plan = PathGenerator(graph: graph, budget: budget).generate(flow: selected)
    let report = PathsReport(plan: plan, graph: graph, file: file, entry: entry)
    switch format {
    case .text: Console.out(report.text())
    case .json: Console.out(try report.json())
    }
  }
}

/// What `flowgraph paths` writes.
enum PathsFormat: String, CaseIterable, ExpressibleByArgument {
  /// Shell command lines, then the summary as `#` comments.
  case text
  /// One JSON document for test harnesses.
  case json
}

import ArgumentParser
import FlowGraphCore

/// `flowgraph routes FILE`: each deep link's route as the events and task
/// outcomes `flowgraph run` would apply (SPEC §6.2).
struct RoutesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routes",
    abstract: "Print each deep link's route as the events and outcomes 'flowgraph run' applies.",
    discussion: """
      For every screen with a deeplink, in source order: the route from the entry \
      flow's start (the shortest, first in file order), as a 'flowgraph run' command \
      line with sample values for the link's params. A stop is an event whose params \
      the link does not carry (the user's own input, such as a password): the link \
      waits there. See docs/deeplinks.md.

      Exit status: 0 every deep link is routable, 1 one is not (unroutable-deeplink), \
      2 the command could not run (bad arguments, an unreadable path, an invalid flow \
      file).
      """
  )

  @ArgumentParser.Argument(help: "The flow file (.yaml), or a compiled graph (.fgc or .json).")
  var file: String

  @Option(help: "text (default): a block per deep link; json: one document.")
  var format: RoutesFormat = .text

  @OptionGroup var limits: InputOptions

  func run() throws {
    let source = try GraphSource.load(file, input: limits, allowErrors: true)
    // An unroutable link is this command's answer, not a reason to refuse.
    let blocking = source.diagnostics.filter {
      $0.severity == .error && $0.rule != .unroutableDeeplink
    }
    if !blocking.isEmpty {
      LoadedFlowFile.printDiagnostics(blocking, sources: source.sources)
      throw ExitCode(2)
    }
    let report = RoutesReport(graph: source.graph, file: file)
    switch format {
    case .text: Console.out(report.text())
    case .json: Console.out(try report.json())
    }
    if report.document.routes.contains(where: { !$0.routable }) { throw ExitCode(1) }
  }
}

/// What `flowgraph routes` writes.
enum RoutesFormat: String, CaseIterable, ExpressibleByArgument {
  /// A block per deep link: the pattern, the command line, the stops.
  case text
  /// One JSON document.
  case json
}

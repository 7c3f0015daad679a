import ArgumentParser
import FlowGraphCore
import FlowGraphYAML
import Foundation

/// `flowgraph validate [PATH…]`: every rule of SPEC §3 on flow files and folders.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check flow files against every rule of DSL v1.",
    discussion: """
      Folders are searched recursively for *.yaml and *.yml files (hidden folders \
      such as .build and .git are skipped). A file that another given file imports \
      is checked through that import rather than on its own. With no PATH, the \
      current folder is checked.

      Exit status: 0 when nothing is at error severity, 1 when errors were found, \
      2 when the command could not run (bad arguments, a path that cannot be read).
      """
  )

  /// The output formats.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif
  }

  @ArgumentParser.Argument(help: "Flow files or folders to check (default: the current folder).")
  var paths: [String] = []

  @Option(help: "The output format: text, json or sarif.")
  var format: Format = .text

  @Flag(help: "Report warnings as errors (and exit 1 when there are any).")
  var warningsAsErrors = false

  @OptionGroup var input: InputOptions

  func run() throws {
    let (files, missing) = FlowFileFinder().files(in: paths.isEmpty ? ["."] : paths)
    var couldNotRun = !missing.isEmpty
    for path in missing { Console.error("error: \(path)\n") }

    let validation = ValidationRun(loader: FlowGraphLoader(limits: input.limits))
    let outcome = validation.validate(files)
    for failure in outcome.unreadable { Console.error("error: \(failure)\n") }
    couldNotRun = couldNotRun || !outcome.unreadable.isEmpty

    let diagnostics =
      warningsAsErrors
      ? outcome.diagnostics.map { finding in
        var finding = finding
        if finding.severity == .warning { finding.severity = .error }
        return finding
      } : outcome.diagnostics
    let fallbackFile = files.first ?? paths.first ?? "."
    switch format {
    case .text:
      var renderer = TextDiagnosticRenderer(
        sources: outcome.sources, color: Terminal.useColor(onTerminal: Terminal.stdoutIsTerminal))
      let summary = ValidationSummary(files: outcome.fileCount, diagnostics: diagnostics)
      Console.out(renderer.render(diagnostics) + summary.sentence + "\n")
    case .json:
      let report = JSONDiagnosticReport(
        diagnostics: diagnostics, files: outcome.fileCount, fallbackFile: fallbackFile)
      Console.out(try report.rendered())
    case .sarif:
      let report = SARIFReport(
        diagnostics: diagnostics, toolVersion: FlowgraphCommand.configuration.version,
        fallbackFile: fallbackFile)
      Console.out(try report.rendered())
    }
    if couldNotRun { throw ExitCode(2) }
    if diagnostics.hasErrors { throw ExitCode(1) }
  }
}

import ArgumentParser
import FlowGraphCore
import FlowGraphYAML

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flowgraph validate [PATH…]`: every rule of SPEC §3 on flow files and folders.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check flow files against every rule of DSL v1 and 1.1.",
    discussion: """
      Folders are searched recursively for *.yaml and *.yml flow files (hidden \
      folders such as .build and .git are skipped, and so are YAML files whose top \
      level has no 'flowgraph' key: --verbose says which). A file named explicitly is \
      always checked; '-' reads a flow file from standard input, and a compiled graph \
      (a .fgc launch file or the JSON that 'compile' writes) is checked as well. A file that another given \
      file imports is checked through that import rather than on its own. With no \
      PATH, the current folder is checked.

      Formats: text (compiler style), json, sarif (SARIF 2.1.0, for code scanning), \
      github (GitHub Actions workflow annotations).

      Exit status: 0 when nothing is at error severity, 1 when errors were found, \
      2 when the command could not run (bad arguments, a path that cannot be read, \
      a folder with no flow file in it).
      """
  )

  /// The output formats.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, github
  }

  @ArgumentParser.Argument(
    help: "Flow files or folders to check, '-' for standard input (default: the current folder)."
  )
  var paths: [String] = []

  @Option(help: "The output format: text, json, sarif or github.")
  var format: Format = .text

  @Flag(help: "Report warnings as errors (and exit 1 when there are any).")
  var warningsAsErrors = false

  @Flag(help: "Say which YAML files in folders were skipped as not flow files.")
  var verbose = false

  @OptionGroup var input: InputOptions

  func run() throws {
    let found = FlowFileFinder().files(in: paths.isEmpty ? ["."] : paths)
    let files = found.files
    var unreadable = found.unreadable.map {
      UnreadablePath(file: $0.path, printed: "error: \($0)")
    }
    if verbose, !found.skipped.isEmpty {
      let count = found.skipped.count
      Console.error(
        "skipped \(count) YAML file\(count == 1 ? "" : "s") with no top-level 'flowgraph' key: "
          + found.skipped.joined(separator: ", ") + "\n")
    }

    let validation = ValidationRun(loader: FlowGraphLoader(limits: input.limits))
    let outcome = validation.validate(files)
    unreadable += outcome.unreadable
    for path in unreadable { Console.error("\(path.line)\n") }
    let couldNotRun = !unreadable.isEmpty

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
      var output = renderer.render(diagnostics)
      // The summary says what was checked; a path that could not be read
      // (exit 2) is said on standard error, and no summary claims success.
      if !couldNotRun || outcome.fileCount > 0 {
        output += summary.sentence
        if couldNotRun {
          let count = unreadable.count
          output += "; \(count) path\(count == 1 ? "" : "s") could not be read"
        }
        output += "\n"
      }
      Console.out(output)
    case .json:
      let report = JSONDiagnosticReport(
        diagnostics: diagnostics, files: outcome.fileCount, unreadable: unreadable,
        fallbackFile: fallbackFile)
      Console.out(try report.rendered())
    case .sarif:
      let report = SARIFReport(
        diagnostics: diagnostics, unreadable: unreadable,
        toolVersion: FlowgraphCommand.configuration.version, fallbackFile: fallbackFile)
      Console.out(try report.rendered())
    case .github:
      Console.out(GitHubAnnotations(diagnostics: diagnostics).rendered())
    }
    if couldNotRun { throw ExitCode(2) }
    if diagnostics.hasErrors { throw ExitCode(1) }
  }
}

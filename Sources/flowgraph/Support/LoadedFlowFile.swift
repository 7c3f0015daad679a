import ArgumentParser
import FlowGraphCore
import FlowGraphYAML

/// Loading one flow file for a subcommand that needs a graph (`run`, `graph`,
/// `compile`): the validator's findings decide whether the command goes on.
enum LoadedFlowFile {
  /// Loads and validates `path`. Unreadable files exit 2 with a message. When
  /// the file has error-severity findings and `allowErrors` is false, the
  /// findings are printed to standard error and the command exits 2.
  /// Warnings are printed to standard error and do not block.
  static func load(
    _ path: String, input: InputOptions, allowErrors: Bool = false
  ) throws -> (graph: FlowGraph?, diagnostics: [Diagnostic], sources: [String: String]) {
    let loaded: LoadedFlows
    do {
      loaded = try FlowGraphLoader(limits: input.limits).validate(path: path)
    } catch {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
    if loaded.diagnostics.hasErrors && !allowErrors || loaded.graph == nil {
      printDiagnostics(loaded.diagnostics, sources: loaded.sources)
      throw ExitCode(2)
    }
    if !allowErrors {
      printDiagnostics(loaded.diagnostics, sources: loaded.sources)
    }
    return (loaded.graph, loaded.diagnostics, loaded.sources)
  }

  /// Prints findings to standard error in the text format.
  static func printDiagnostics(_ diagnostics: [Diagnostic], sources: [String: String]) {
    guard !diagnostics.isEmpty else { return }
    var renderer = TextDiagnosticRenderer(
      sources: sources, color: Terminal.useColor(onTerminal: Terminal.stderrIsTerminal))
    Console.error(renderer.render(diagnostics))
  }
}

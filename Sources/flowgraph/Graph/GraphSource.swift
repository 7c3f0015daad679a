import ArgumentParser
import FlowGraphCore
import Foundation

/// The graph a drawing or compile command works on, with its findings: from a
/// flow file (YAML, through the loader and validator) or from a compiled graph
/// (`.json`, through the core's decoder and the validator).
struct GraphSource {
  var graph: FlowGraph
  var diagnostics: [Diagnostic]
  var sources: [String: String]

  /// Whether `path` names a compiled graph rather than a flow file.
  static func isCompiledGraph(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".json")
  }

  /// Loads `path`. With `allowErrors`, a graph with errors is returned (its
  /// findings are not printed); without, findings are printed to standard
  /// error and errors exit 2, as for `run`.
  static func load(_ path: String, input: InputOptions, allowErrors: Bool) throws -> GraphSource {
    if isCompiledGraph(path) {
      return try loadCompiled(path, allowErrors: allowErrors)
    }
    let loaded = try LoadedFlowFile.load(path, input: input, allowErrors: allowErrors)
    guard let graph = loaded.graph else { throw ExitCode(2) }
    return GraphSource(graph: graph, diagnostics: loaded.diagnostics, sources: loaded.sources)
  }

  private static func loadCompiled(_ path: String, allowErrors: Bool) throws -> GraphSource {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      Console.error("error: cannot read '\(path)': \(error.localizedDescription)\n")
      throw ExitCode(2)
    }
    let graph: FlowGraph
    do {
      // Its paths are relative to its folder: read them as paths from here.
      graph = try GraphJSONDecoder(root: PathText.folder(of: path)).decode(text)
    } catch {
      let within = error.path.isEmpty ? "" : " (at \(error.path))"
      Console.error("\(path): error: \(error.message)\(within)\n")
      throw ExitCode(2)
    }
    let diagnostics = Validator().validate(graph)
    if !allowErrors {
      LoadedFlowFile.printDiagnostics(diagnostics, sources: [:])
      if diagnostics.hasErrors { throw ExitCode(2) }
    }
    return GraphSource(graph: graph, diagnostics: diagnostics, sources: [:])
  }
}

import ArgumentParser
import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The graph a drawing or compile command works on, with its findings: from a
/// flow file (YAML, through the loader and validator) or from a compiled graph
/// (`.json`, through the core's decoder and the validator).
struct GraphSource {
  var graph: FlowGraph
  var diagnostics: [Diagnostic]
  var sources: [String: String]

  /// Whether `path` names a compiled graph rather than a flow file: a file
  /// that starts with the launch format's magic bytes (``CompiledGraph``), a
  /// `.json` file, or a file whose content is the JSON that `compile` writes
  /// (a top-level object whose `format` is `flowgraph-graph`), whatever its
  /// name.
  static func isCompiledGraph(_ path: String) -> Bool {
    if path.lowercased().hasSuffix(".json") { return true }
    return isLaunchFormat(path) || isCompiledJSON(path)
  }

  /// Whether the file at `path` starts with the launch format's magic bytes,
  /// or is a start of them cut short (the decoder then says it is truncated,
  /// rather than the YAML reader that it is no UTF-8).
  static func isLaunchFormat(_ path: String) -> Bool {
    guard let head = Console.head(of: path, count: 8) else { return false }
    let magic = CompiledGraphLayout.magic
    return CompiledGraph.hasMagic(head)
      || (!head.isEmpty && head.count < magic.count && magic.starts(with: head))
  }

  private static func isCompiledJSON(_ path: String) -> Bool {
    guard let head = Console.head(of: path, count: 64),
      head.first(where: { !Self.isJSONSpace($0) }) == UInt8(ascii: "{"),
      let data = FileManager.default.contents(atPath: path),
      let object = try? JSONDecoder().decode(FormatProbe.self, from: data)
    else { return false }
    return object.format == "flowgraph-graph"
  }

  /// The `format` member of a JSON object, when it is a string.
  private struct FormatProbe: Decodable {
    var format: String?
  }

  private static func isJSONSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// A compiled graph read and decoded, or why it could not be.
  static func decodeCompiled(_ path: String) -> Result<FlowGraph, UnreadableGraph> {
    if isLaunchFormat(path) { return decodeLaunchFormat(path) }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      return .failure(
        UnreadableGraph("error: cannot read '\(path)': \(error.readableDescription)"))
    }
    do {
      // Its paths are relative to its folder: read them as paths from here.
      return .success(try GraphJSONDecoder(root: PathText.folder(of: path)).decode(text))
    } catch {
      let within = error.path.isEmpty ? "" : " (at \(error.path))"
      return .failure(UnreadableGraph("\(path): error: \(error.message)\(within)"))
    }
  }

  /// A launch-format file read and decoded, its paths read as paths from
  /// here, or why it could not be.
  private static func decodeLaunchFormat(_ path: String) -> Result<FlowGraph, UnreadableGraph> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(UnreadableGraph("error: cannot read '\(path)'"))
    }
    // Decoded from the bytes as read: no copy into an array first.
    let root = PathText.folder(of: path)
    let decoded = data.withUnsafeBytes { bytes in
      Result { () throws(CompiledGraphError) in try CompiledGraph.decode(bytes, root: root) }
    }
    return decoded.mapError { UnreadableGraph("\(path): error: \($0)") }
  }

  /// Why a compiled graph could not be read, as one line for standard error.
  struct UnreadableGraph: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Loads `path`. With `allowErrors`, a graph with errors is returned (its
  /// findings are not printed); without, findings are printed to standard
  /// error and errors exit 2, as for `run`.
  /// The source is kept until the process exits (``ProcessLifetime``).
  static func load(_ path: String, input: InputOptions, allowErrors: Bool) throws -> GraphSource {
    let source: GraphSource
    if isCompiledGraph(path) {
      source = try loadCompiled(path, allowErrors: allowErrors)
    } else {
      let loaded = try LoadedFlowFile.load(path, input: input, allowErrors: allowErrors)
      guard let graph = loaded.graph else { throw ExitCode(2) }
      source = GraphSource(
        graph: graph, diagnostics: loaded.diagnostics, sources: loaded.sources)
    }
    ProcessLifetime.keep(source)
    return source
  }

  private static func loadCompiled(_ path: String, allowErrors: Bool) throws -> GraphSource {
    let graph: FlowGraph
    switch decodeCompiled(path) {
    case .success(let decoded): graph = decoded
    case .failure(let error):
      Console.error("\(error)\n")
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

import ArgumentParser
import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `flowgraph compile` (and `generate --graph-output`) writes.
enum CompiledFormat: String, CaseIterable, ExpressibleByArgument {
  /// The launch format (``CompiledGraph``, `docs/compiled-format.md`):
  /// compact binary that an app loads at launch.
  case fgc
  /// The readable JSON (``GraphJSONEncoder``, `docs/graph-json.md`), for
  /// humans and diffs.
  case json

  /// The format to write to `output` when none is given: JSON for a
  /// `.json` file, the launch format otherwise.
  static func inferred(from output: String?) -> CompiledFormat {
    output?.lowercased().hasSuffix(".json") == true ? .json : .fgc
  }

  /// The bytes of `graph` in this format, its file paths relative to
  /// `root`; a graph the JSON cannot hold exits 2.
  func encode(_ graph: FlowGraph, root: String) throws -> Data {
    switch self {
    case .fgc: Data(CompiledGraph.encode(graph, root: root))
    case .json: Data(try CompileCommand.encode(graph, root: root).utf8)
    }
  }
}

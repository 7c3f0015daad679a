import ArgumentParser

/// What `flowgraph graph` writes.
enum GraphFormat: String, CaseIterable, ExpressibleByArgument {
  /// Graphviz's DOT language.
  case dot
  /// A Mermaid flowchart (GitHub renders it in Markdown).
  case mermaid
  /// SVG, drawn by Graphviz's `dot`.
  case svg
  /// The compiled graph (`docs/graph-json.md`).
  case json

  /// Whether the format is a drawing (which `--flow` and `--diagnostics` apply to).
  var isDrawing: Bool { self != .json }
}

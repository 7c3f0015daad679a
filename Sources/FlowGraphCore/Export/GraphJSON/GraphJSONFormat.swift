/// The compiled graph format: a ``FlowGraph`` as a versioned JSON document
/// (`docs/graph-json.md` describes it field by field).
///
/// ```json
/// { "files": [...], "flows": [...], "format": "flowgraph-graph", "version": 1, ... }
/// ```
///
/// Write one with ``GraphJSONEncoder`` and read one with ``GraphJSONDecoder``;
/// both live in the core, so an app can compile its flows at build time and
/// load the JSON without the YAML front end.
public enum GraphJSONFormat {
  /// The value of the document's `format` member.
  public static let name = "flowgraph-graph"
  /// The format version this library writes and reads.
  public static let version = 1
}

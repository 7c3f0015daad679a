/// The compiled graph format: a ``FlowGraph`` as a versioned JSON document
/// (`docs/graph-json.md` describes it field by field).
///
/// ```json
/// { "files": [...], "flows": [...], "format": "flowgraph-graph", "version": 2, ... }
/// ```
///
/// Write one with ``GraphJSONEncoder`` and read one with ``GraphJSONDecoder``;
/// both live in the core, so an app can compile its flows at build time and
/// load the JSON without the YAML front end.
public enum GraphJSONFormat {
  /// The value of the document's `format` member.
  public static let name = "flowgraph-graph"
  /// The format version this library writes: 2, which adds DSL 1.1's
  /// `popTo`, `inclusive`, field `default`s and `actionParam` arguments to 1.
  public static let version = 2
  /// The format versions this library reads (a version-1 document is a
  /// version-2 document without the DSL 1.1 members).
  public static let readableVersions = 1...2
}

/// The compiled graph format: a ``FlowGraph`` as a versioned JSON document
/// (`docs/graph-json.md` describes it field by field).
///
/// ```json
/// { "format": "flowgraph-graph", "version": 1, "files": [...], "flows": [...] }
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

/// Why a graph could not be written or read in the compiled JSON format.
public struct GraphJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// Where, as a path into the document (`flows[0].screens[2].actions[1]`);
  /// empty for the document as a whole. When encoding, a description of the
  /// part of the graph instead.
  public var path: String
  /// The 1-based line in the JSON text, when decoding.
  public var line: Int?
  /// The 1-based column in the JSON text, when decoding.
  public var column: Int?

  /// Creates an error.
  public init(_ message: String, path: String = "", line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.path = path
    self.line = line
    self.column = column
  }

  /// `line:column: path: message`, leaving out what is unknown.
  public var description: String {
    var text = ""
    if let line, let column { text += "\(line):\(column): " }
    if !path.isEmpty { text += "\(path): " }
    return text + message
  }
}

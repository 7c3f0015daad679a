/// Reads a ``FlowGraph`` from the compiled JSON format (``GraphJSONFormat``).
///
/// It is an input format, so decoding is strict: a wrong `format` or
/// `version`, an unknown key, a value of the wrong kind, a name that leads
/// nowhere, an unknown transition kind or a missing handler is an error that
/// says where (line, column and path) and, where it can, what was meant.
/// A decoded graph is well-formed: every index in it is in range.
public struct GraphJSONDecoder: Sendable {
  /// Creates a decoder.
  public init() {}

  /// The graph that `json` describes.
  public func decode(_ json: String) throws(GraphJSONError) -> FlowGraph {
    let root: JSONNode
    do {
      root = try JSONParser.parse(json)
    } catch {
      throw GraphJSONError(
        "not valid JSON: \(error.message)", line: error.position.line, column: error.position.column
      )
    }
    try Self.checkHeader(root)
    var reader = GraphJSONReader()
    return try reader.graph(from: root)
  }

  /// Checks `format` and `version` before anything else, so that a document of
  /// another kind or version is refused for that reason, not for its content.
  private static func checkHeader(_ root: JSONNode) throws(GraphJSONError) {
    let members = try JSONAccess.members(root, "", what: "a compiled flow graph")
    guard let format = members.first(where: { $0.key == "format" })?.value else {
      throw JSONAccess.error(
        "missing key 'format': this is not a compiled flowgraph graph (expected \"format\": \"\(GraphJSONFormat.name)\")",
        root, "")
    }
    let name = try JSONAccess.string(format, "format")
    guard name == GraphJSONFormat.name else {
      throw JSONAccess.error(
        "format is '\(name)', not '\(GraphJSONFormat.name)': this is not a compiled flowgraph graph",
        format, "format")
    }
    guard let versionNode = members.first(where: { $0.key == "version" })?.value else {
      throw JSONAccess.error("missing key 'version'", root, "")
    }
    let version = try JSONAccess.int(versionNode, "version")
    guard version == GraphJSONFormat.version else {
      let why =
        version > GraphJSONFormat.version
        ? "it was written by a newer flowgraph" : "it is not a version flowgraph ever wrote"
      throw JSONAccess.error(
        "unsupported version \(version): this flowgraph reads version \(GraphJSONFormat.version) and \(why); compile the flows again with this flowgraph (flowgraph compile FILE -o graph.json)",
        versionNode, "version")
    }
  }
}

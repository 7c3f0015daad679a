/// The compiled graph as the JSON document says it (`docs/graph-json.md`):
/// references are names, ranges index the file table. ``GraphJSONWriter``
/// builds it from a graph; ``GraphJSONReader`` resolves it into one.
///
/// Decoding checks `format` and `version` before anything else, so that a
/// document of another kind or version is refused for that reason, not for
/// its content; then it refuses unknown keys, here and in every part.
struct GraphJSONDocument: Codable {
  var format = GraphJSONFormat.name
  var version = GraphJSONFormat.version
  var files: [String]
  var entry: String?
  var types: [TypeJSON]
  var tasks: [TaskJSON]
  var flows: [FlowJSON]
  var suppressions: [SuppressionJSON]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case format, version, files, entry, types, tasks, flows, suppressions
  }
}

extension GraphJSONDocument {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(
      decoder, what: "a compiled flow graph", checkingKeys: false)
    guard object.has(.format) else {
      throw object.error(
        "missing key 'format': this is not a compiled flowgraph graph (expected \"format\": \"\(GraphJSONFormat.name)\")"
      )
    }
    format = try object.string(.format)
    guard format == GraphJSONFormat.name else {
      throw object.error(
        "format is '\(format)', not '\(GraphJSONFormat.name)': this is not a compiled flowgraph graph",
        at: .format)
    }
    guard object.has(.version) else { throw object.error("missing key 'version'") }
    version = try object.int(.version)
    let readable = GraphJSONFormat.readableVersions
    guard readable.contains(version) else {
      let why =
        version > readable.upperBound
        ? "it was written by a newer flowgraph" : "it is not a version flowgraph ever wrote"
      throw object.error(
        "unsupported version \(version): this flowgraph reads versions \(readable.lowerBound) to \(readable.upperBound) and \(why); compile the flows again with this flowgraph (flowgraph compile FILE -o graph.json)",
        at: .version)
    }
    try object.rejectUnknownKeys()
    files = try object.optionalStrings(.files) ?? []
    entry = try object.optionalString(.entry)
    types = try object.optionalList(.types) ?? []
    tasks = try object.optionalList(.tasks) ?? []
    flows = try object.optionalList(.flows) ?? []
    suppressions = try object.optionalList(.suppressions) ?? []
  }
}

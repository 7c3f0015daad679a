/// The launch format: a ``FlowGraph`` as compact, versioned binary that an
/// app loads at launch in well under a millisecond per thousand screens
/// (`docs/compiled-format.md` describes the layout).
///
/// ```swift
/// let bytes = CompiledGraph.encode(graph)               // at build time
/// let graph = try CompiledGraph.decode(Array(data))     // at launch
/// ```
///
/// A file starts with eight magic bytes, the format ``version``, the graph's
/// ``FlowGraph/fingerprint`` and a checksum of the body; then a string
/// table and the graph's records. Reading checks everything: a file that is
/// not a compiled graph, truncated, of another version, corrupt, or that
/// describes a graph that is not well-formed (an index out of range, an
/// argument for no parameter, a handler missing, a deep link the compiler
/// refuses) is a
/// ``CompiledGraphError``, never a crash; no length in the file makes the
/// reader allocate more than the file's own size.
///
/// ``GraphJSONEncoder`` writes the same graph as readable JSON, for humans
/// and diffs.
public enum CompiledGraph {
  /// The format version this library writes and reads. A reader refuses
  /// any other version with an error that names both, so that adding a
  /// record kind or a field is a version bump.
  public static let version: UInt32 = 6

  /// The file name extension `flowgraph compile` suggests: `fgc`.
  public static let fileExtension = "fgc"

  /// The bytes of `graph`, its file paths written relative to `root` (as
  /// given when `nil`): `flowgraph compile` gives the compiled file's
  /// folder, so a shipped file holds no path of the build machine. The same
  /// graph always gives the same bytes. They read back when the graph is
  /// well-formed, as every graph the compiler builds is, but for a deep link
  /// the compiler refuses (its finding suppressed), which `flowgraph compile`
  /// refuses to write.
  public static func encode(_ graph: FlowGraph, root: String? = nil) -> [UInt8] {
    var writer = CompiledGraphWriter(graph: graph, root: root)
    return writer.bytes()
  }

  /// The graph that `bytes` hold. Relative file paths are joined to `root`
  /// when one is given (an app that only runs the graph needs none).
  public static func decode(_ bytes: [UInt8], root: String? = nil) throws(CompiledGraphError)
    -> FlowGraph
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(CompiledGraphError) in try decode(buffer, root: root) }
    }.get()
  }

  /// The graph that the bytes in `buffer` hold, read in place: for bytes
  /// that are not an array already (a file's `Data`, a mapped file), with
  /// no copy. The buffer is only read during the call.
  public static func decode(_ buffer: UnsafeRawBufferPointer, root: String? = nil)
    throws(CompiledGraphError) -> FlowGraph
  {
    var reader = CompiledGraphReader(buffer, root: root)
    let graph = try reader.graph()
    try CompiledGraphCheck(graph: graph).check()
    return graph
  }

  /// Whether `bytes` start with the format's magic: a compiled graph of some
  /// version (or a corrupt one), not YAML or JSON.
  public static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: CompiledGraphLayout.magic)
  }

  /// The fingerprint stored in the header of `bytes` (the graph's
  /// ``FlowGraph/fingerprint``), read without decoding the graph: an app
  /// can compare it with a saved state's before loading.
  public static func fingerprint(of bytes: [UInt8]) throws(CompiledGraphError) -> String {
    let header = try bytes.withUnsafeBytes { buffer in
      Result { () throws(CompiledGraphError) in try CompiledGraphReader.header(buffer) }
    }.get()
    return FingerprintHasher.hex(header.fingerprint)
  }
}

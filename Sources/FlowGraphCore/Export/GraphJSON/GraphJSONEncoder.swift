#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a ``FlowGraph`` in the compiled JSON format (``GraphJSONFormat``).
///
/// The output is deterministic: the same graph always gives the same bytes
/// (`JSONEncoder` with sorted keys, two-space indentation, `/` not escaped),
/// so a compiled graph can be committed and diffed. References are written as
/// names, resolved where the DSL resolves them (a screen in its flow, a result
/// in its flow, a field in its param list); source ranges are kept.
///
/// The graph must be well-formed, as every graph the compiler builds is: every
/// index in range, every screen listed by exactly the flow it names, names
/// unique in their scope, no deep link that the compiler refuses (which
/// ``GraphJSONDecoder`` refuses; suppressing `invalid-deeplink` leaves it in
/// the graph). Otherwise encoding throws, saying what is wrong.
///
/// File paths (the `files` table) are written relative to `root` when one
/// is given — `flowgraph compile` gives the compiled file's folder — so
/// that the JSON an app ships holds no path of the build machine.
public struct GraphJSONEncoder: Sendable {
  /// The folder that file paths are written relative to; `nil` writes them
  /// as the loader was given them.
  public var root: String?

  /// Creates an encoder that writes file paths relative to `root` (as
  /// given when `nil`).
  public init(root: String? = nil) {
    self.root = root
  }

  /// The JSON text of `graph`, ending with a newline.
  public func encode(_ graph: FlowGraph) throws(GraphJSONError) -> String {
    var writer = GraphJSONWriter(graph: graph, root: root)
    let document = try writer.document()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    } catch {
      throw GraphJSONError("the graph cannot be written as JSON: \(error)")
    }
  }
}

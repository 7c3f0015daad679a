import Foundation

/// Reads a ``FlowGraph`` from the compiled JSON format (``GraphJSONFormat``).
///
/// It is an input format, so decoding is strict: a wrong `format` or
/// `version` (checked first), an unknown key, a value of the wrong kind, a
/// name that leads nowhere, an unknown transition kind or a missing handler
/// is an error that says where (the path in the document) and, where it can,
/// what was meant. A decoded graph is well-formed: every index in it is in range.
public struct GraphJSONDecoder: Sendable {
  /// Creates a decoder.
  public init() {}

  /// The graph that `json` describes.
  public func decode(_ json: String) throws(GraphJSONError) -> FlowGraph {
    let data = Data(json.utf8)
    try JSONDepthLimit.check(json.utf8)
    let document: GraphJSONDocument
    do {
      document = try JSONDecoder().decode(GraphJSONDocument.self, from: data)
    } catch let error as GraphJSONError {
      throw error
    } catch let error as DecodingError {
      throw GraphJSONError(decoding: error, data: data)
    } catch {
      throw GraphJSONError("not valid JSON: \(error)")
    }
    var reader = GraphJSONReader()
    return try reader.graph(from: document)
  }
}

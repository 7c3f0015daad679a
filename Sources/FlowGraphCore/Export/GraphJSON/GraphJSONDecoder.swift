#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a ``FlowGraph`` from the compiled JSON format (``GraphJSONFormat``).
///
/// It is an input format, so decoding is strict: a wrong `format` or
/// `version` (checked first), an unknown key, a value of the wrong kind, a
/// name that leads nowhere, an unknown transition kind, a missing handler or
/// a deep link the compiler refuses (`invalid-deeplink`) is an error that
/// says where (the path in the document) and, where it can, what was meant.
/// A decoded graph is well-formed: every index in it is in range.
///
/// File paths are stored relative to the folder the JSON was compiled for
/// (``GraphJSONEncoder/root``); give that folder as `root` to read them as
/// paths from here (an app that only runs the graph needs none).
public struct GraphJSONDecoder: Sendable {
  /// The folder that relative file paths are joined to; `nil` keeps them
  /// as stored.
  public var root: String?

  /// Creates a decoder that joins relative file paths to `root` (keeps
  /// them as stored when `nil`).
  public init(root: String? = nil) {
    self.root = root
  }

  /// The graph that `json` describes.
  public func decode(_ json: String) throws(GraphJSONError) -> FlowGraph {
    let data = Data(json.utf8)
    try JSONDepthLimit.check(json.utf8)
    var document: GraphJSONDocument
    do {
      document = try JSONDecoder().decode(GraphJSONDocument.self, from: data)
    } catch let error as GraphJSONError {
      throw error
    } catch let error as DecodingError {
      throw GraphJSONError(decoding: error, data: data)
    } catch {
      throw GraphJSONError("not valid JSON: \(error)")
    }
    if let root {
      document.files = document.files.map { file in
        file.hasPrefix("/") ? file : PathText.normalize(root + "/" + file)
      }
    }
    var reader = GraphJSONReader()
    return try reader.graph(from: document)
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GraphJSONError {
  /// The error for what `JSONDecoder` threw while reading `data`. Errors the
  /// document types throw are already ``GraphJSONError``s; what is left is
  /// text that is not JSON, or a value Foundation refused on its own.
  init(decoding error: DecodingError, data: Data) {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      self.init("not valid JSON" + Self.syntaxReason(context, data: data))
    case .dataCorrupted(let context):
      self.init(context.debugDescription, path: GraphJSONPath.text(context.codingPath))
    case .keyNotFound(let key, let context):
      self.init(
        "missing key '\(key.stringValue)'", path: GraphJSONPath.text(context.codingPath))
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      self.init(context.debugDescription, path: GraphJSONPath.text(context.codingPath))
    @unknown default:
      self.init("not valid JSON: \(error)")
    }
  }

  /// `: why` for text that `JSONDecoder` refused as JSON: the underlying
  /// error's description, or else ``JSONSyntax``'s, which says where
  /// ("Invalid value around character 18.").
  private static func syntaxReason(_ context: DecodingError.Context, data: Data) -> String {
    if let underlying = context.underlyingError {
      return ": \((underlying as? CocoaError)?.userInfo["NSDebugDescription"] ?? underlying)"
    }
    return JSONSyntax.error(in: data).map { ": \($0)" } ?? ""
  }
}

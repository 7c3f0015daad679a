#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FlowState {
  /// Restores a state saved with ``encoded(for:prettyPrinted:)`` against
  /// `graph`. Throws a ``RestorationError`` that names what changed when
  /// the graph no longer fits (with ``RestorePolicy/sameGraph``, any change
  /// of fingerprint), and says why when the data is truncated, corrupted or
  /// inconsistent.
  public static func decoded(
    from data: Data, for graph: FlowGraph, policy: RestorePolicy = .compatible
  ) throws(RestorationError) -> FlowState {
    struct Header: Decodable {
      var format: String?
      var version: Int?
      var graph: String?
    }
    let decoder = JSONDecoder()
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      throw describe(error, readingHeader: true)
    }
    guard header.format == SavedState.format else {
      throw .notAState(
        header.format.map { "its format is '\($0)', not '\(SavedState.format)'" }
          ?? "it has no \"format\": \"\(SavedState.format)\" field")
    }
    guard let version = header.version else { throw .corrupted("it has no \"version\" field") }
    guard version == SavedState.version else { throw .unsupportedVersion(version) }
    let saved: SavedState
    do {
      saved = try decoder.decode(SavedState.self, from: data)
    } catch {
      throw describe(error, readingHeader: false)
    }
    var restorer = StateRestorer(graph: graph)
    let state = try restorer.restore(saved)
    let fingerprint = graph.fingerprint
    if policy == .sameGraph, saved.graph != fingerprint {
      throw .graphChanged(saved: saved.graph, current: fingerprint, changes: restorer.problems)
    }
    guard let state else { throw .incompatible(restorer.problems) }
    if let reason = state.inconsistency(in: graph) { throw .inconsistent(reason) }
    return state
  }

  private static func describe(_ error: any Error, readingHeader: Bool) -> RestorationError {
    guard let error = error as? DecodingError else { return .corrupted("\(error)") }
    func path(_ context: DecodingError.Context) -> String {
      var text = ""
      for key in context.codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      let detail =
        (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String
      return .corrupted(
        "it is not valid JSON (truncated or damaged?)" + (detail.map { ": \($0)" } ?? ""))
    case .dataCorrupted(let context):
      return .corrupted("\(path(context)): \(context.debugDescription)")
    case .keyNotFound(let key, let context):
      let place = context.codingPath.isEmpty ? "" : " in \(path(context))"
      return .corrupted("the field \"\(key.stringValue)\" is missing\(place)")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      if readingHeader && context.codingPath.isEmpty {
        return .notAState("it is not a JSON object")
      }
      return .corrupted("\(path(context)) has the wrong kind of value")
    @unknown default:
      return .corrupted("\(error)")
    }
  }
}

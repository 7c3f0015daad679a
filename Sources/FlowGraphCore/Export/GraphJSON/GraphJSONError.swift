/// Why a graph could not be written or read in the compiled JSON format.
public struct GraphJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// Where, as a path into the document (`flows[0].screens[2].actions[1]`);
  /// empty for the document as a whole or for text that is not JSON. When
  /// encoding, a description of the part of the graph instead.
  public var path: String

  /// Creates an error.
  public init(_ message: String, path: String = "") {
    self.message = message
    self.path = path
  }

  /// `path: message`, or the message alone when there is no path.
  public var description: String {
    path.isEmpty ? message : "\(path): \(message)"
  }
}

/// Why bytes could not be read as a compiled graph (``CompiledGraph``).
///
/// Every corrupt, truncated, foreign or hostile input gives one of these,
/// never a crash: the message says what is wrong and, where it helps, what
/// to do (recompile with this version of `flowgraph`).
public struct CompiledGraphError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The byte offset in the file where reading stopped, when the fault is
  /// at one place; `nil` for the file as a whole.
  public var offset: Int?

  /// Creates an error.
  public init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  /// `at byte N: message`, or the message alone when there is no offset.
  public var description: String {
    offset.map { "at byte \($0): \(message)" } ?? message
  }
}

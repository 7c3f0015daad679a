import FlowGraphCore

/// Why a graph has no typed Swift API: names that become one Swift name, or
/// a name that Swift or the generated code already uses. Every clash of a
/// run is reported at once.
package struct SwiftGenerationError: Error, Equatable, CustomStringConvertible {
  /// One clash: what it is and where, with a note at the name it clashes with.
  package struct Clash: Equatable, Sendable {
    /// What clashes, and how to fix it.
    package var message: String
    /// The name that clashes (the later of two), when the graph has its position.
    package var range: SourceRange?
    /// Where the earlier name is, when the clash is with another name of the file.
    package var note: (message: String, range: SourceRange?)?

    /// Creates a clash.
    package init(
      message: String, range: SourceRange? = nil,
      note: (message: String, range: SourceRange?)? = nil
    ) {
      self.message = message
      self.range = range
      self.note = note
    }

    package static func == (lhs: Clash, rhs: Clash) -> Bool {
      lhs.message == rhs.message && lhs.range == rhs.range
        && lhs.note?.message == rhs.note?.message && lhs.note?.range == rhs.note?.range
    }
  }

  /// The clashes, in the order of the graph.
  package var clashes: [Clash]

  /// The clashes' messages, one a line.
  package var message: String { clashes.map(\.message).joined(separator: "\n") }
  package var description: String { message }

  /// Creates an error of clashes.
  package init(clashes: [Clash]) {
    self.clashes = clashes
  }

  /// Creates an error of one clash with no position.
  package init(message: String) {
    self.init(clashes: [Clash(message: message)])
  }
}

import FlowGraphCore

extension Diagnostic {
  /// The notes worth printing: a note with no position that the message
  /// already says (a did-you-mean, which ``fixes`` carries as an edit) is
  /// left out, so that no output format says it twice.
  var distinctNotes: [Note] {
    notes.filter { $0.range != nil || !message.contains($0.message) }
  }
}

import FlowGraphCore
import FlowGraphSwiftGen

extension SwiftGenerationError {
  /// The clashes in the compiler's style, as the build plugin needs them:
  /// `FILE:LINE:COLUMN: error: …` at the name that clashes, then
  /// `FILE:LINE:COLUMN: note: …` at the name it clashes with.
  var compilerStyleText: String {
    var text = ""
    for clash in clashes {
      text += Self.location(clash.range) + "error: \(clash.message)\n"
      if let note = clash.note {
        text += Self.location(note.range) + "note: \(note.message)\n"
      }
    }
    return text
  }

  private static func location(_ range: SourceRange?) -> String {
    range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
  }
}

import Foundation
import Testing

/// Notes say why and `help:` notes say how to fix, in every output format.
@Suite("flowgraph validate: note and help lines")
struct NoteRenderingTests {
  let path = "Tests/Fixtures/cli/custom-back.yaml"

  @Test func textPrintsAHeadlineThenNoteAndHelpLines() throws {
    let result = try CLI.run(["validate", path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(path):7:17: error: the custom 'back' of screen 'home' can never run [invalid-pop]
          |
        7 |         back: { push: detail }
          |                 ^~~~
        note: whenever 'home' is shown it is the first screen of its layer, and the system back only runs on a screen with a screen below it in its layer
        help: remove 'back' from 'home'; a way to leave the screen is an action, such as 'dismiss' or 'finish'
        1 error, no warnings in 1 file

        """)
  }

  @Test func jsonMarksHelpNotes() throws {
    let result = try CLI.run(["validate", "--format", "json", path])
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let diagnostics = try #require(json?["diagnostics"] as? [[String: Any]])
    let notes = try #require(diagnostics.first?["notes"] as? [[String: Any]])
    #expect(notes.map { $0["kind"] as? String } == [nil, "help"])
  }

  @Test func sarifSaysWhichNoteIsHelp() throws {
    let result = try CLI.run(["validate", "--format", "sarif", path])
    #expect(result.stdout.contains("help: remove 'back' from 'home'"))
  }
}

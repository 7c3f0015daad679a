import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// An import that names no file, when a flow file beside where it points has
/// a close name (or the same stem with the other extension), says "did you
/// mean" that file, with the fix; and only then.
@Suite("Import near misses")
struct ImportNearMissTests {
  private let flow = """
    flowgraph: 1
    flows:
      signIn:
        start: form
        screens:
          form: {}

    """

  /// The app's file importing `reference`, beside `files`; its findings.
  private func findings(importing reference: String, beside files: [String: String])
    throws -> (diagnostics: [Diagnostic], text: String, folder: ScratchFolder)
  {
    let text = """
      flowgraph: 1
      entry: app
      imports: [\(reference)]
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                signInPressed: { start: signIn, on: { dismissed: stay } }

      """
    var all = files
    all["app.yaml"] = text
    let folder = try ScratchFolder(files: all)
    let path = folder.url.appendingPathComponent("app.yaml").path
    return (try FlowGraphLoader().validate(path: path).diagnostics, text, folder)
  }

  @Test(arguments: [
    ("auth.yml", ["auth.yaml"], "auth.yaml"),
    ("auth.yaml", ["auth.yml"], "auth.yml"),
    ("auth", ["auth.yaml", "auth.yml"], "auth.yaml"),
    ("lib/autth.yaml", ["lib/auth.yaml"], "lib/auth.yaml"),
    ("./lib/../Auth.yaml", ["auth.yaml"], "./lib/../auth.yaml"),
  ])
  func aCloseFlowFileIsSuggested(_ reference: String, _ files: [String], _ meant: String) throws {
    let found = try findings(
      importing: reference, beside: Dictionary(uniqueKeysWithValues: files.map { ($0, flow) }))
    defer { found.folder.remove() }
    let finding = try #require(found.diagnostics.first)
    #expect(found.diagnostics.count == 1, "\(found.diagnostics.map(\.message))")
    #expect(finding.rule == .importNotFound)
    #expect(finding.message.hasSuffix(": No such file or directory; did you mean '\(meant)'?"))
    #expect(finding.notes.map(\.message) == ["did you mean '\(meant)'?"])
    let fix = try #require(finding.fixes.first)
    #expect(fix.replacement == meant)
    let fixed = SuggestionApplicationTests.applying(fix.replacement, at: fix.range, to: found.text)
    try found.folder.write(fixed, to: "app.yaml")
    let again = try FlowGraphLoader().validate(
      path: found.folder.url.appendingPathComponent("app.yaml").path)
    #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
  }

  @Test(arguments: [
    // Nothing close; not a flow file; hidden; the importer itself.
    ("auth.yaml", ["payments.yaml"]),
    ("auth.yaml", ["auth.json"]),
    ("auth.yaml", [".auth.yml"]),
    ("ap.yaml", [String]()),
    ("missing/auth.yaml", ["auth.yaml"]),
  ])
  func otherwiseTheMessageIsUnchanged(_ reference: String, _ files: [String]) throws {
    let found = try findings(
      importing: reference, beside: Dictionary(uniqueKeysWithValues: files.map { ($0, flow) }))
    defer { found.folder.remove() }
    let finding = try #require(found.diagnostics.first)
    #expect(finding.rule == .importNotFound)
    #expect(finding.message.hasSuffix(": No such file or directory"), "\(finding.message)")
    #expect(finding.notes.isEmpty && finding.fixes.isEmpty)
  }

  @Test func aFileImportedAlreadyIsNotSuggested() throws {
    let found = try findings(
      importing: "auth.yaml, auth.yml", beside: ["auth.yaml": flow])
    defer { found.folder.remove() }
    #expect(found.diagnostics.map(\.message).allSatisfy { !$0.contains("did you mean") })
  }
}

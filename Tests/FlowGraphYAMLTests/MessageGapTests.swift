import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// No finding's message or note has a gap where a list or a phrase came out
/// empty ("and each round ", "the cases of T are "): on every fixture and
/// example flow, no text ends in a space or holds two spaces in a row.
@Suite("Message gaps")
struct MessageGapTests {
  /// The package's folder.
  static let root = CompilerTestSupport.fixtures.deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every flow file under `Tests/Fixtures` and `Flows`, relative to ``root``.
  static let files: [String] = {
    var found: [String] = []
    for folder in ["Tests/Fixtures", "Flows"] {
      let base = root.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: base.path)
      while let relative = walker?.nextObject() as? String {
        if relative.hasSuffix(".yaml") { found.append(folder + "/" + relative) }
      }
    }
    return found.sorted()
  }()

  @Test("no message or note has a gap", arguments: files)
  func noGaps(_ file: String) throws {
    let loaded = try FlowGraphLoader().validate(path: Self.root.appendingPathComponent(file).path)
    for finding in loaded.diagnostics {
      for text in [finding.message] + finding.notes.map(\.message) {
        #expect(
          !text.hasSuffix(" ") && !text.contains("  "),
          "\(CompilerTestSupport.key(finding)): \"\(text)\"")
      }
    }
  }
}

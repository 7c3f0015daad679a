import Foundation
import Testing

/// The CLI and the libraries load FoundationEssentials, never the whole of
/// Foundation: `import Foundation` links ICU and `libFoundation` into the
/// `flowgraph` binary, about 18M instructions of dynamic loading at every
/// start (measured with callgrind on `validate flows-5000.fgc`: 80.4M
/// against 62.3M). Every `import Foundation` under `Sources/` is the
/// fallback of `#if canImport(FoundationEssentials)`.
@Suite("Foundation imports")
struct FoundationImportTests {
  @Test func everyFoundationImportIsTheFallbackOfFoundationEssentials() throws {
    let sources = CLI.packageRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var unguarded: [String] = []
    var checked = 0
    for case let path as String in files where path.hasSuffix(".swift") {
      // The fuzz harnesses are their own executables.
      guard !path.hasPrefix("Fuzz") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated()
      where line.trimmingCharacters(in: .whitespaces) == "import Foundation" {
        checked += 1
        let before = lines[..<index].map { $0.trimmingCharacters(in: .whitespaces) }
        let guarded =
          before.last == "#else"
          && before.dropLast().last { $0.hasPrefix("#if") || $0.hasPrefix("import") }
            .map {
              $0.hasPrefix("import FoundationEssentials") || $0.contains("FoundationEssentials")
            }
            == true
        if !guarded { unguarded.append("Sources/\(path):\(index + 1)") }
      }
    }
    #expect(checked > 0, "no import was checked: is the Sources folder found?")
    #expect(unguarded.isEmpty, "\(unguarded)")
  }
}

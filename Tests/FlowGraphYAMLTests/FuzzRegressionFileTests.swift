import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compiled-JSON inputs the fuzz targets found
/// (`Tests/Fixtures/fuzz-regressions/json/`), and imports that could block.
@Suite("Fuzz regressions: compiled JSON and imports")
struct FuzzRegressionFileTests {
  static let json = FuzzRegressions.folder.appendingPathComponent("json")

  /// Each JSON regression and the start of the error it must give.
  static let expectedJSON: [String: String] = [
    // A backslash before a line break (once mispositioned by the hand-written
    // parser that Foundation's JSONDecoder replaced): refused as not JSON.
    "escaped-line-break.json": "not valid JSON"
  ]

  @Test("each JSON regression gives its error", arguments: expectedJSON.keys.sorted())
  func jsonRegression(_ name: String) throws {
    let text = try String(contentsOf: Self.json.appendingPathComponent(name), encoding: .utf8)
    #expect(throws: GraphJSONError.self) { try GraphJSONDecoder().decode(text) }
    do {
      _ = try GraphJSONDecoder().decode(text)
    } catch {
      let expected = try #require(Self.expectedJSON[name])
      #expect(error.message.hasPrefix(expected), "\(error)")
    }
  }

  @Test("every JSON regression is listed")
  func everyJSONRegressionIsListed() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.json.path)
    #expect(Set(names) == Set(Self.expectedJSON.keys))
  }

  /// An import of a named pipe blocked the loader forever (open() waits for
  /// a writer); `/dev/stdin` and `/dev/kmsg` did the same.
  @Test(
    "an import of a named pipe is refused without blocking",
    .timeLimit(.minutes(1)))
  func namedPipeImport() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
    let root = folder.appendingPathComponent("root.yaml")
    try Data(
      "flowgraph: 1\nimports: [pipe.yaml]\nflows:\n  app:\n    start: home\n    screens: { home: {} }\n"
        .utf8
    ).write(to: root)

    let loaded = try FlowGraphLoader().validate(path: root.path)
    #expect(YAMLTestSupport.summary(loaded.diagnostics) == ["import-not-found@2:11"])
    #expect(loaded.diagnostics.first?.message.contains("not a regular file") == true)
  }
}

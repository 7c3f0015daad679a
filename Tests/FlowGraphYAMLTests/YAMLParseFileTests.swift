import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

@Suite("YAML parser: reading files")
struct YAMLParseFileTests {
  /// A fresh temporary folder, removed by the caller.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowgraph-yaml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func readsAFileAndKeepsThePathAsGiven() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("flow.yaml").path
    try Data([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: [x]\na: 2\n".utf8)).write(
      to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser().parseFile(atPath: path)
    #expect(text == "a: 1\nb: [x]\na: 2\n")
    #expect(document?.root["b"]?.items.first?.text == "x")
    #expect(diagnostics.map(\.rule) == [.duplicateKey])
    #expect(diagnostics.first?.file == path)
    #expect(diagnostics.first?.line == 3)
  }

  @Test func missingFileThrows() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("nope.yaml").path
    #expect(throws: YAMLFileError.self) { try YAMLParser().parseFile(atPath: path) }
    do {
      _ = try YAMLParser().parseFile(atPath: path)
    } catch {
      guard case .unreadable(let failedPath, let reason) = error else { return }
      #expect(failedPath == path)
      #expect(reason.lowercased().contains("no such file"))
    }
  }

  @Test func folderThrows() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try YAMLParser().parseFile(atPath: folder.path)
      Issue.record("a folder was parsed")
    } catch {
      #expect(error == .unreadable(path: folder.path, reason: String(cString: strerror(EISDIR))))
    }
  }

  @Test func tooLargeFileIsRefusedBeforeReading() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.yaml").path
    try Data(repeating: UInt8(ascii: "["), count: 2000).write(to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser(limits: YAMLLimits(maxFileSize: 1000))
      .parseFile(atPath: path)
    #expect(document == nil)
    #expect(text == nil)
    #expect(
      diagnostics.map { "\($0.rule)@\($0.line ?? 0):\($0.column ?? 0)" } == ["yaml-limit@1:1"])
    #expect(diagnostics.first?.message.contains("2000") == true)
  }

  @Test func utf16FileHasNoText() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("wide.yaml").path
    try Data([0xFF, 0xFE, 0x61, 0, 0x3A, 0]).write(to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser().parseFile(atPath: path)
    #expect(document == nil && text == nil)
    #expect(diagnostics.first?.rule == .yamlSyntax)
  }
}

import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@Suite("YAML parser: reading files")
struct YAMLParseFileTests {
  @Test func readsAFileAndKeepsThePathAsGiven() throws {
    let folder = try ScratchFolder().url
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
    let folder = try ScratchFolder().url
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
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try YAMLParser().parseFile(atPath: folder.path)
      Issue.record("a folder was parsed")
    } catch {
      #expect(error == .unreadable(path: folder.path, reason: String(cString: strerror(EISDIR))))
    }
  }

  @Test func tooLargeFileIsRefusedBeforeReading() throws {
    let folder = try ScratchFolder().url
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
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("wide.yaml").path
    try Data([0xFF, 0xFE, 0x61, 0, 0x3A, 0]).write(to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser().parseFile(atPath: path)
    #expect(document == nil && text == nil)
    #expect(diagnostics.first?.rule == .yamlSyntax)
  }

  /// Files longer than a small string, in each encoding case: the ASCII
  /// ones are read straight into the text's storage, the others the general
  /// way; both must give what parsing the same bytes in memory gives.
  @Test(arguments: [
    ("ASCII", Array(Self.longFlow.utf8), Self.longFlow as String?),
    (
      "UTF-8 with é", Array(Self.longFlow.replacing("Welcome", with: "Bienvenue é").utf8),
      Self.longFlow.replacing("Welcome", with: "Bienvenue é") as String?
    ),
    ("UTF-8 with a BOM", [0xEF, 0xBB, 0xBF] + Array(Self.longFlow.utf8), Self.longFlow as String?),
    ("UTF-16 LE without a BOM", Array(Self.longFlow.utf16).flatMap { [UInt8($0 & 0xFF), 0] }, nil),
    ("invalid UTF-8", Array(Self.longFlow.utf8) + [0xC3, 0x28], nil),
  ])
  func longFileMatchesTheSameBytesInMemory(
    _ name: String, _ bytes: [UInt8], _ expectedText: String?
  ) throws {
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.yaml").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser().parseFile(atPath: path)
    let (memoryDocument, memoryDiagnostics) = YAMLParser().parse(bytes, file: path)
    if let expectedText {
      #expect(text == expectedText, "\(name)")
    }
    #expect(diagnostics == memoryDiagnostics, "\(name)")
    #expect((document == nil) == (memoryDocument == nil), "\(name)")
    #expect(
      document?.root["screens"]?["welcome"]?["title"]?.range
        == memoryDocument?.root["screens"]?["welcome"]?["title"]?.range, "\(name)")
  }

  @Test func longASCIIFileKeepsPositions() throws {
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.yaml").path
    try Data((Self.longFlow + "screens: again\n").utf8).write(to: URL(fileURLWithPath: path))
    let (document, diagnostics, text) = try YAMLParser().parseFile(atPath: path)
    #expect(text?.hasSuffix("screens: again\n") == true)
    #expect(document?.root["screens"]?["welcome"]?["title"]?.text == "Welcome")
    #expect(
      diagnostics.map { "\($0.rule)@\($0.line ?? 0):\($0.column ?? 0)" } == ["duplicate-key@6:1"])
  }

  static let longFlow = """
    # A file longer than a small string, so that the parser shares its storage.
    screens:
      welcome:
        title: Welcome
        actions: { startButtonPressed: { push: next } }

    """
}

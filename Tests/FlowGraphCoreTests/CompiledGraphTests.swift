import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// The launch format (``CompiledGraph``): every graph the compiler builds
/// reads back equal, to the graph and to its JSON round trip; the header
/// holds the fingerprint; paths are relative to the compiled file's folder.
@Suite struct CompiledGraphTests {
  /// Every example flow and every fixture of `Tests/Fixtures/valid` and
  /// `Tests/Fixtures/analysis` (root files, not imported ones), relative to
  /// the package root.
  static let flowFiles: [String] = {
    var files = ExportTestSupport.exampleFlows
    for folder in ["Tests/Fixtures/valid", "Tests/Fixtures/analysis"] {
      let url = ExportTestSupport.packageRoot.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      files += names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }
    return files
  }()

  @Test func thereAreFilesToRoundTrip() {
    #expect(Self.flowFiles.count >= 40)
  }

  @Test(arguments: flowFiles)
  func everyCompiledGraphReadsBackEqual(_ path: String) throws {
    let loaded = try ExportTestSupport.load(path)
    let graph = try #require(loaded.graph, "\(path) did not compile")
    let bytes = CompiledGraph.encode(graph)
    let decoded = try CompiledGraph.decode(bytes)
    #expect(decoded == graph)
    #expect(CompiledGraph.encode(decoded) == bytes, "the bytes are not deterministic")
    #expect(try CompiledGraph.fingerprint(of: bytes) == graph.fingerprint)
    #expect(decoded.fingerprint == graph.fingerprint)
    #expect(Validator().validate(decoded) == Validator().validate(graph))
    if let json = try? GraphJSONEncoder().encode(graph) {
      #expect(decoded == (try GraphJSONDecoder().decode(json)))
    }
  }

  /// Decoding bytes in place (a file's `Data`) gives what decoding them
  /// as an array gives, and refuses what it refuses.
  @Test func bytesReadInPlaceDecodeAsAnArrayDoes() throws {
    let bytes = CompiledGraph.encode(ExportFixtures.everything)
    let data = Data(bytes)
    let decoded = try data.withUnsafeBytes { buffer in
      try CompiledGraph.decode(buffer, root: "/app")
    }
    #expect(decoded == (try CompiledGraph.decode(bytes, root: "/app")))
    let truncated = Data(bytes.dropLast())
    #expect(throws: CompiledGraphError.self) {
      try truncated.withUnsafeBytes { try CompiledGraph.decode($0) }
    }
  }

  @Test func aGraphWithEveryFeatureReadsBackEqual() throws {
    let graph = ExportFixtures.everything
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(graph))
    #expect(decoded == graph)
    #expect(decoded.suppressions == graph.suppressions)
    #expect(decoded == (try GraphJSONDecoder().decode(GraphJSONEncoder().encode(graph))))
  }

  /// Source ranges at the format's limits: every number of the range takes
  /// the five bytes that the reader's one-check path reads at most (a start
  /// at `UInt32.max`, an end `UInt32.max - 1` lines and bytes before it).
  @Test func rangesAtTheLimitsReadBackEqual() throws {
    let graph = ExportFixtures.everything
    let far = SourcePosition(
      line: Int(UInt32.max), column: Int(UInt32.max), offset: Int(UInt32.max))
    let extreme = SourceRange(
      file: "far.yaml", start: far, end: SourcePosition(line: 1, column: 1, offset: 0))
    var screens = Array(graph.screens)
    var sources = graph.sources
    screens[0].span = sources.span(for: extreme)
    try #require(!screens[0].actions.isEmpty)
    screens[0].actions[0].span = sources.span(for: extreme)
    let limits = FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry, sources: sources)
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(limits))
    #expect(decoded == limits)
    #expect(decoded.range(decoded.screens[0].span) == extreme)
  }

  @Test func theFileIsSmallerThanItsJSON() throws {
    for path in ExportTestSupport.exampleFlows {
      let graph = try #require(try ExportTestSupport.load(path).graph)
      let binary = CompiledGraph.encode(graph).count
      let json = try GraphJSONEncoder().encode(graph).utf8.count
      #expect(binary * 4 < json, "\(path): \(binary) bytes, JSON \(json)")
    }
  }

  @Test func pathsAreStoredRelativeToTheRoot() throws {
    let root = ExportTestSupport.packageRoot.path
    let path = ExportTestSupport.exampleFlows[0]
    let graph = try #require(try ExportTestSupport.load(path).graph)
    let bytes = CompiledGraph.encode(graph, root: root + "/Flows")
    #expect(!String(decoding: bytes, as: UTF8.self).contains(root))
    let name = String(path.dropFirst("Flows/".count))
    let asStored = try CompiledGraph.decode(bytes)
    #expect(asStored.range(asStored.flows[0].span)?.file == name)
    let fromRoot = try CompiledGraph.decode(bytes, root: root + "/Flows")
    #expect(fromRoot == graph)
    #expect(fromRoot.range(fromRoot.flows[0].span)?.file == root + "/" + path)
  }

  @Test func theMagicTellsACompiledGraphFromYAMLAndJSON() throws {
    let bytes = CompiledGraph.encode(ExportFixtures.everything)
    #expect(CompiledGraph.hasMagic(bytes))
    #expect(!CompiledGraph.hasMagic(Array("flows:\n".utf8)))
    #expect(
      !CompiledGraph.hasMagic(Array(try GraphJSONEncoder().encode(ExportFixtures.everything).utf8)))
  }
}

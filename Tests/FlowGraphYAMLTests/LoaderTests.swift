import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// Loading files from disk: the entry file, imports (relative, each file
/// once, cycles, missing or broken ones), and what an unreadable entry file does.
@Suite("Loader")
struct LoaderTests {
  /// A fresh temporary folder holding `files` (relative path → text).
  private func folder(_ files: [String: String]) throws -> URL {
    try ScratchFolder(files: files).url
  }

  private let app = """
    flowgraph: 1
    entry: app
    imports: [lib/help.yaml]
    flows:
      app:
        start: home
        screens:
          home:
            actions:
              helpButtonPressed: { start: help }

    """

  private let help = """
    flowgraph: 1
    imports: [../app.yaml, help.yaml]
    flows:
      help:
        start: page
        screens:
          page: {}

    """

  @Test func anUnreadableEntryFileThrows() throws {
    let path = "/nonexistent/flowgraph/app.yaml"
    #expect(throws: FlowGraphLoader.FileError.self) { try FlowGraphLoader().load(path: path) }
    do {
      _ = try FlowGraphLoader().validate(path: path)
      Issue.record("validate(path:) did not throw")
    } catch {
      #expect(error == .unreadable(path: path, reason: "No such file or directory"))
      #expect(error.description == "cannot read '\(path)': No such file or directory")
    }
  }

  @Test func aFolderIsNotAFlowFile() throws {
    let root = try folder(["a.yaml": app])
    #expect(throws: FlowGraphLoader.FileError.self) { try FlowGraphLoader().load(path: root.path) }
  }

  @Test func importsAreRelativeAndEachFileIsLoadedOnce() throws {
    let root = try folder(["app.yaml": app, "lib/help.yaml": help])
    let path = root.appendingPathComponent("app.yaml").path
    let loaded = try FlowGraphLoader().validate(path: path)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    let graph = try #require(loaded.graph)
    #expect(graph.flows.map(\.name) == ["app", "help"])
    #expect(graph.entry == FlowID(0))
    #expect(Set(loaded.sources.keys) == [path, root.appendingPathComponent("lib/help.yaml").path])
    #expect(
      graph.range(graph.flows[1].span)?.file == root.appendingPathComponent("lib/help.yaml").path)
  }

  @Test func importedPathsStayRelativeToTheCurrentFolderForMessages() throws {
    let loaded = FlowGraphLoader().load(
      text: """
        flowgraph: 1
        imports: [sub/../missing.yaml]
        flows:
          app:
            start: home
            screens:
              home: {}
        """, file: "/nonexistent/dir/app.yaml")
    #expect(CompilerTestSupport.summary(loaded.diagnostics) == ["import-not-found@2:11"])
    #expect(loaded.diagnostics[0].message.contains("/nonexistent/dir/missing.yaml"))
    #expect(loaded.graph == nil)
  }

  @Test func aBrokenImportGivesItsOwnFindingsOnlyAndNoGraph() throws {
    let root = try folder([
      "app.yaml": app,
      "lib/help.yaml": "flowgraph: 1\nflows: { help: [\n",
    ])
    let loaded = try FlowGraphLoader().validate(path: root.appendingPathComponent("app.yaml").path)
    #expect(loaded.diagnostics.map(\.rule) == [.yamlSyntax])
    #expect(loaded.diagnostics[0].file?.hasSuffix("lib/help.yaml") == true)
    #expect(loaded.graph == nil)
  }

  @Test func anImportOfAnotherVersionHidesItsNames() throws {
    let root = try folder(["app.yaml": app, "lib/help.yaml": "flowgraph: 2\nflows: {}\n"])
    let loaded = try FlowGraphLoader().validate(path: root.appendingPathComponent("app.yaml").path)
    #expect(CompilerTestSupport.summary(loaded.diagnostics) == ["unsupported-version@1:12"])
    #expect(loaded.graph == nil)
  }

  @Test func aBrokenEntryFileGivesNoGraph() {
    let loaded = FlowGraphLoader().load(text: "flowgraph: 1\nflows: [\n", file: "app.yaml")
    #expect(loaded.graph == nil)
    #expect(loaded.diagnostics.map(\.rule) == [.yamlSyntax])
    #expect(loaded.sources["app.yaml"] != nil)
  }

  /// An app that hands its compiled graph to the YAML loader by mistake is
  /// told what the file is and what reads it, in one finding: not a UTF-8
  /// error for the launch format, nor one finding per key for the JSON.
  @Test func aCompiledGraphIsOneFindingThatNamesItsDecoder() throws {
    let source = FlowGraphLoader().load(
      text: "flowgraph: 1\nflows:\n  app:\n    start: home\n    screens:\n      home: {}\n",
      file: "app.yaml")
    let graph = try #require(source.graph)
    let root = try ScratchFolder(files: [:])
    let launch = root.url.appendingPathComponent("app.fgc")
    try Data(CompiledGraph.encode(graph)).write(to: launch)
    try root.write(try GraphJSONEncoder().encode(graph), to: "app.json")

    let binary = try FlowGraphLoader().load(path: launch.path)
    #expect(binary.graph == nil)
    #expect(binary.diagnostics.map(\.rule) == [.yamlSyntax])
    #expect(binary.diagnostics.first?.message.contains("CompiledGraph.decode") == true)
    #expect(binary.diagnostics.first?.range?.start.line == 1)

    let json = try FlowGraphLoader().load(path: root.url.appendingPathComponent("app.json").path)
    #expect(json.graph == nil)
    #expect(json.diagnostics.map(\.rule) == [.unsupportedVersion])
    let message = try #require(json.diagnostics.first?.message)
    #expect(message.contains("compiled graph") && message.contains("GraphJSONDecoder"))

    // A flow file (it says `flowgraph: 1`) with such a key is still one.
    let other = FlowGraphLoader().load(
      text: "flowgraph: 1\nformat: flowgraph-graph\nflows: {}\n", file: "x.yaml")
    #expect(!other.diagnostics.isEmpty)
    #expect(!other.diagnostics.contains { $0.message.contains("compiled graph") })
  }

  @Test func onlyTheRootFilesEntryCounts() throws {
    let root = try folder([
      "app.yaml": app,
      "lib/help.yaml": help.replacingOccurrences(of: "flows:", with: "entry: nowhere\nflows:"),
    ])
    let loaded = try FlowGraphLoader().validate(path: root.appendingPathComponent("app.yaml").path)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    #expect(loaded.graph?.entry == FlowID(0))
  }

  @Test func aSymbolicLinkToALoadedFileIsTheSameFile() throws {
    let root = try folder([
      "app.yaml": app.replacingOccurrences(
        of: "[lib/help.yaml]", with: "[lib/help.yaml, link.yaml]"),
      "lib/help.yaml": help,
    ])
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("link.yaml").path,
      withDestinationPath: root.appendingPathComponent("lib/help.yaml").path)
    let loaded = try FlowGraphLoader().validate(path: root.appendingPathComponent("app.yaml").path)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    #expect(loaded.graph?.flows.count == 2)
  }

  @Test func aFileLevelSuppressAlsoHidesParserFindingsOfThatFile() {
    let loaded = FlowGraphLoader().load(
      text: """
        flowgraph: 1
        suppress: [duplicate-key]
        flows:
          app:
            start: home
            start: other
            screens:
              home: {}
        """, file: "app.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    #expect(loaded.graph?.flows[0].start.kind == .screen(ScreenID(0)))
  }

  @Test func suppressionsAreInTheGraphWithTheirRegions() throws {
    let path = CompilerTestSupport.path("valid", "suppress.yaml")
    let graph = try #require(try FlowGraphLoader().load(path: path).graph)
    #expect(graph.suppressions.count == 3)
    #expect(graph.suppressions[0] == Suppression(file: path, range: nil, rules: [.unusedTask]))
    let flow = try #require(graph.suppressions.first { $0.rules == [.unusedFlow] })
    #expect(flow.range?.start == graph.range(graph.flows[1].span)?.start)
    #expect(flow.range?.end.line == 22)
    let screen = try #require(graph.suppressions.first { $0.rules == [.typeMismatch] })
    #expect(screen.range == graph.range(graph.screens[0].extentSpan))
  }
}

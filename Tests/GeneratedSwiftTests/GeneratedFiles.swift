import FlowGraphCore
import FlowGraphSwiftGen
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// Where the example flows and their checked-in generated Swift are.
enum GeneratedFiles {
  /// The package's root folder.
  static let packageRoot = TestPackage.root

  /// The folder of the checked-in generated files.
  static let generatedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Generated")

  /// Every flow file of `Flows/`, sorted.
  static func exampleFlows() throws -> [URL] {
    let folder = packageRoot.appendingPathComponent("Flows")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// The path of `Flows/NAME.yaml`.
  static func flow(_ name: String) -> String {
    packageRoot.appendingPathComponent("Flows/\(name).yaml").path
  }

  /// The validated graph of `Flows/NAME.yaml`.
  static func graph(_ name: String) throws -> FlowGraph {
    let loaded = try FlowGraphLoader().validate(path: flow(name))
    #expect(!loaded.diagnostics.hasErrors)
    return try #require(loaded.graph)
  }

  /// The app code between `// EXAMPLE BEGIN` and `// EXAMPLE END` in the test
  /// file at `path`, and whether docs/generated-swift.md shows it unchanged.
  static func documentedExample(in path: String) throws -> (code: String, isShown: Bool) {
    let source = try String(contentsOfFile: path, encoding: .utf8)
    let docs = try String(
      contentsOfFile: packageRoot.appendingPathComponent("docs/generated-swift.md").path,
      encoding: .utf8)
    let begin = try #require(source.range(of: "// EXAMPLE BEGIN\n"))
    let end = try #require(source.range(of: "// EXAMPLE END"))
    // Shown with the file's imports of the package's modules, so that the
    // snippet compiles as copied.
    let imports = source.split(separator: "\n").filter { $0.hasPrefix("import FlowGraph") }
    let example =
      imports.joined(separator: "\n") + "\n\n" + String(source[begin.upperBound..<end.lowerBound])
    return (example, docs.contains(example))
  }

  /// What `flowgraph generate swift FILE` writes for a flow file (the checked-in
  /// files are generated with the default access, `internal`).
  static func generate(_ file: URL) throws -> (namespace: String, code: String) {
    let loaded = try FlowGraphLoader().validate(path: file.path)
    let graph = try #require(loaded.graph)
    let namespace = SwiftGenerator.namespace(forFile: file.path)
    let code = try SwiftGenerator().generate([
      SwiftGenerator.Input(graph: graph, namespace: namespace, source: file.lastPathComponent)
    ])
    return (namespace, code)
  }
}

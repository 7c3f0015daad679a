import Foundation
import Testing

@Suite struct CompileCommandTests {
  @Test func writesTheCompiledGraph() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = folder.appendingPathComponent("graph.json").path
    let result = try CLI.run(["compile", "Flows/onboarding.yaml", "-o", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let json = try String(contentsOfFile: target, encoding: .utf8)
    #expect(
      json.hasPrefix(
        "{\n  \"entry\" : \"tutorial\",\n  \"files\" : [\n    \"onboarding.yaml\"\n  ],"))
    #expect(json.contains("\n  \"format\" : \"flowgraph-graph\",\n"))
    #expect(json.contains("\n  \"version\" : 2\n}"))
    #expect(json.hasSuffix("}\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.json"])
  }

  /// An app ships the JSON: no path of the build machine in it, only paths
  /// relative to the compiled file's folder (or to --root).
  @Test func storesPathsRelativeToTheCompiledFileOrTheRoot() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let shared = folder.appendingPathComponent("shared")
    let app = folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    _ = try GraphTestSupport.write(
      """
      flowgraph: 1
      flows:
        legal:
          results: { done: {} }
          start: terms
          screens:
            terms:
              actions:
                acceptButtonPressed: { finish: done }
      """, "legal.yaml", in: shared)
    let main = try GraphTestSupport.write(
      """
      flowgraph: 1
      imports: [../shared/legal.yaml]
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                termsButtonPressed: { start: legal, on: { done: stay } }
      """, "main.yaml", in: app)
    #expect(main.hasPrefix("/"))
    let compiled = try CLI.run(["compile", main])
    #expect(compiled.status == 0, "\(compiled.stderr)")
    #expect(
      compiled.stdout.contains(
        "\"files\" : [\n    \"main.yaml\",\n    \"../shared/legal.yaml\"\n  ]"),
      "\(compiled.stdout)")
    #expect(!compiled.stdout.contains(folder.path))
    let rooted = try CLI.run(["compile", main, "--root", folder.path])
    #expect(
      rooted.stdout.contains(
        "\"files\" : [\n    \"app/main.yaml\",\n    \"shared/legal.yaml\"\n  ]"),
      "\(rooted.stdout)")
    // The compiled graph, read back from its folder, gives the same JSON.
    let target = app.appendingPathComponent("main.json").path
    #expect(try CLI.run(["compile", main, "-o", target]).status == 0)
    let again = try CLI.run(["graph", target, "--format", "json"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == compiled.stdout)
  }

  @Test func refusesAFileWithErrors() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let path = try GraphTestSupport.write(GraphTestSupport.brokenFlow, "broken.yaml", in: folder)
    let target = folder.appendingPathComponent("graph.json").path
    let result = try CLI.run(["compile", path, "-o", target])
    #expect(result.status == 2)
    #expect(result.stderr.contains("[undefined-reference]"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func aMissingFileIsAnError() throws {
    let result = try CLI.run(["compile", "Flows/no-such-file.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no-such-file.yaml"))
  }

  @Test func aDamagedCompiledGraphIsReportedWithItsPath() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let good = try CLI.run(["compile", "Flows/onboarding.yaml"]).stdout
    let damaged = good.replacingOccurrences(of: "\"version\" : 2", with: "\"version\" : 7")
    let path = try GraphTestSupport.write(damaged, "graph.json", in: folder)
    let result = try CLI.run(["graph", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("graph.json: error: unsupported version 7"))
    #expect(result.stderr.contains("(at version)"))
  }
}

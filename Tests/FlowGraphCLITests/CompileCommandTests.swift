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
        "{\n  \"entry\" : \"tutorial\",\n  \"files\" : [\n    \"Flows/onboarding.yaml\"\n  ],"))
    #expect(json.contains("\n  \"format\" : \"flowgraph-graph\",\n"))
    #expect(json.contains("\n  \"version\" : 2\n}"))
    #expect(json.hasSuffix("}\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.json"])
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

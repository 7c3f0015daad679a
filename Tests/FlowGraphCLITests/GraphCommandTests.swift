import Foundation
import Testing

@Suite struct GraphCommandTests {
  @Test func drawsDOTOnStandardOutputByDefault() throws {
    let result = try CLI.run(["graph", "Flows/onboarding.yaml"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("digraph flowgraph {\n"))
    #expect(result.stdout.contains("subgraph \"cluster_f0\""))
    #expect(result.stdout.contains("<b>Welcome</b>"))
    #expect(result.stderr.isEmpty)
  }

  @Test func drawsMermaid() throws {
    let result = try CLI.run(["graph", "Flows/onboarding.yaml", "--format", "mermaid"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("flowchart LR\n"))
    #expect(result.stdout.contains("-->|\"nextToPage2ButtonPressed\"|"))
  }

  @Test func writesTheSameJSONAsCompile() throws {
    let graph = try CLI.run(["graph", "Flows/login-app.yaml", "--format", "json"])
    let compile = try CLI.run(["compile", "Flows/login-app.yaml", "--format", "json"])
    #expect(graph.status == 0 && compile.status == 0, "\(graph.stderr)\(compile.stderr)")
    #expect(graph.stdout == compile.stdout)
    #expect(graph.stdout.contains("\n  \"format\" : \"flowgraph-graph\",\n"))
  }

  @Test func writesTheSameJSONFileAsCompileInAnotherFolder() throws {
    // Both store the flow files' paths relative to the written file, so
    // that the JSON's findings and routes name files that exist.
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let viaGraph = folder.appendingPathComponent("graph.json").path
    let viaCompile = folder.appendingPathComponent("compile.json").path
    let graph = try CLI.run(["graph", "Flows/shop.yaml", "--format", "json", "-o", viaGraph])
    let compile = try CLI.run(["compile", "Flows/shop.yaml", "--format", "json", "-o", viaCompile])
    #expect(graph.status == 0 && compile.status == 0, "\(graph.stderr)\(compile.stderr)")
    let written = try String(contentsOfFile: viaGraph, encoding: .utf8)
    #expect(written == (try String(contentsOfFile: viaCompile, encoding: .utf8)))
    #expect(!written.contains("\"shop.yaml\""), "paths relative to the JSON's folder")
  }

  @Test func outputIsByteIdenticalRunToRun() throws {
    for format in ["dot", "mermaid", "json"] {
      let first = try CLI.run(["graph", "Flows/shop.yaml", "--format", format])
      let second = try CLI.run(["graph", "Flows/shop.yaml", "--format", format])
      #expect(first.status == 0)
      #expect(first.stdout == second.stdout, "\(format) output changed between runs")
    }
  }

  @Test func writesTheOutputFileAtomically() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = folder.appendingPathComponent("onboarding.dot").path
    try GraphTestSupport.write("old content", "onboarding.dot", in: folder)
    let result = try CLI.run(["graph", "Flows/onboarding.yaml", "-o", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOfFile: target, encoding: .utf8)
    #expect(written == (try CLI.run(["graph", "Flows/onboarding.yaml"])).stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["onboarding.dot"])
  }

  @Test func aFolderThatDoesNotExistIsAnError() throws {
    let result = try CLI.run(["graph", "Flows/onboarding.yaml", "-o", "/nonexistent-folder/x.dot"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot write '/nonexistent-folder/x.dot'"))
  }

  @Test(.enabled(if: GraphTestSupport.hasDot, "Graphviz is not installed"))
  func drawsSVGWithGraphviz() throws {
    let result = try CLI.run(["graph", "Flows/onboarding.yaml", "--format", "svg"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("<svg"))
    #expect(result.stdout.contains(">Welcome</text>"))
  }

  @Test func explainsHowToInstallGraphvizWhenDotIsMissing() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let result = try CLI.run(
      [
        "graph", "Flows/onboarding.yaml", "--format", "svg", "-o",
        folder.appendingPathComponent("x.svg").path,
      ],
      environment: ["PATH": folder.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("Graphviz's 'dot', which was not found on PATH"))
    #expect(
      result.stderr.contains("apt-get install graphviz")
        && result.stderr.contains("brew install graphviz"))
    #expect(result.stdout.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func drawsOneFlowWithFlow() throws {
    let all = try CLI.run(["graph", "Flows/shop.yaml"])
    let one = try CLI.run(["graph", "Flows/shop.yaml", "--flow", "checkout"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(all.stdout.components(separatedBy: "subgraph ").count > 2)
    #expect(one.stdout.components(separatedBy: "subgraph ").count == 2)
    #expect(one.stdout.contains("label=<<b>checkout</b>>"))
  }

  @Test func anUnknownFlowIsAnErrorWithTheFlowsListed() throws {
    let result = try CLI.run(["graph", "Flows/shop.yaml", "--flow", "Checkout"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no flow named 'Checkout'"))
    #expect(result.stderr.contains("did you mean 'checkout'?"))
  }

  @Test func aFileWithErrorsIsNotDrawnWithoutDiagnostics() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let path = try GraphTestSupport.write(GraphTestSupport.brokenFlow, "broken.yaml", in: folder)
    let result = try CLI.run(["graph", path])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("broken.yaml:12:40: error:"))
    #expect(result.stderr.contains("[undefined-reference]"))
  }

  @Test func diagnosticsDrawsAFileWithErrorsAndItsFindings() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let path = try GraphTestSupport.write(GraphTestSupport.brokenFlow, "broken.yaml", in: folder)
    let result = try CLI.run(["graph", path, "--diagnostics"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("⚠ undefined-reference"))
    #expect(result.stdout.contains("broken.yaml:12:40: error:"))
    #expect(result.stderr.contains("[undefined-reference]"))
    let mermaid = try CLI.run(["graph", path, "--diagnostics", "--format", "mermaid"])
    #expect(mermaid.status == 0)
    #expect(mermaid.stdout.contains("⚠ undefined-reference"))
  }

  @Test func diagnosticsDrawsTheValidatorsLeaksAndUnreachableScreens() throws {
    let result = try CLI.run(["graph", "docs/images/broken-onboarding.yaml", "--diagnostics"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let unreachable = try #require(lines.first { $0.hasPrefix("\"s3\" [") })
    #expect(unreachable.contains("⚠ unreachable-screen") && unreachable.contains("#cf222e"))
    let closing = try #require(lines.first { $0.hasPrefix("\"s1\" -> \"s0\"") })
    #expect(closing.contains("⚠ unbounded-stack") && closing.contains("#cf222e"))
    let cycle = try #require(lines.first { $0.hasPrefix("\"s0\" -> \"s1\"") })
    #expect(cycle.contains("#cf222e"))
    let safe = try #require(lines.first { $0.hasPrefix("\"s1\" -> \"s2\"") })
    #expect(!safe.contains("#cf222e"))
  }

  @Test func jsonTakesNeitherDiagnosticsNorFlow() throws {
    let diagnostics = try CLI.run(["graph", "Flows/shop.yaml", "--format", "json", "--diagnostics"])
    #expect(diagnostics.status == 2)
    #expect(diagnostics.stderr.contains("--diagnostics"))
    let flow = try CLI.run(["graph", "Flows/shop.yaml", "--format", "json", "--flow", "shop"])
    #expect(flow.status == 2)
    #expect(flow.stderr.contains("--flow"))
  }

  @Test func anUnknownFormatIsABadArgument() throws {
    let result = try CLI.run(["graph", "Flows/shop.yaml", "--format", "png"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("png"))
  }

  @Test func drawsACompiledGraph() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let json = folder.appendingPathComponent("login.json").path
    #expect(try CLI.run(["compile", "Flows/login-app.yaml", "-o", json]).status == 0)
    let fromJSON = try CLI.run(["graph", json])
    #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
    #expect(fromJSON.stdout == (try CLI.run(["graph", "Flows/login-app.yaml"])).stdout)
  }
}

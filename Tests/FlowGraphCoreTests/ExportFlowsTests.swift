import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Every example flow exports to DOT that Graphviz accepts, to Mermaid, and to
/// JSON that reads back as the graph compiled from YAML.
@Suite struct ExportFlowsTests {
  @Test func thereAreExampleFlows() {
    #expect(ExportTestSupport.exampleFlows.count >= 3)
  }

  @Test(arguments: ExportTestSupport.exampleFlows)
  func compiledJSONReadsBackAsTheGraphCompiledFromYAML(_ path: String) throws {
    let loaded = try ExportTestSupport.load(path)
    let graph = try #require(loaded.graph, "\(path) did not compile")
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let json = try GraphJSONEncoder().encode(graph)
    let decoded = try GraphJSONDecoder().decode(json)
    #expect(decoded == graph)
    #expect(try GraphJSONEncoder().encode(decoded) == json)
    #expect(Validator().validate(decoded) == Validator().validate(graph))
  }

  @Test(arguments: ExportTestSupport.exampleFlows)
  func dotIsAcceptedByGraphviz(_ path: String) throws {
    let graph = try #require(try ExportTestSupport.load(path).graph)
    let texts =
      [DOTExporter().export(graph)]
      + graph.flows.indices.map { DOTExporter(flow: FlowID($0)).export(graph) }
    for text in texts {
      #expect(text.hasPrefix("digraph flowgraph {\n"))
      let result = try ExportTestSupport.runDot(text)
      #expect(result.status == 0, "dot refused the DOT of \(path): \(result.errors)")
      #expect(result.errors.isEmpty, "dot warned about the DOT of \(path): \(result.errors)")
    }
  }

  @Test(arguments: ExportTestSupport.exampleFlows)
  func mermaidDefinesEveryNodeItLinks(_ path: String) throws {
    let graph = try #require(try ExportTestSupport.load(path).graph)
    let text = MermaidExporter().export(graph)
    #expect(text.hasPrefix("flowchart LR\n"))
    var defined: Set<String> = []
    var linked: Set<String> = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      let parts = line.split(separator: " ")
      if parts.count >= 3, ["-->", "==>", "-.->"].contains(where: { parts[1].hasPrefix($0) }) {
        linked.insert(String(parts[0]))
        linked.insert(String(parts[parts.count - 1]))
      } else if let end = line.firstIndex(where: { "([{".contains($0) }),
        !line.hasPrefix("subgraph")
      {
        defined.insert(String(line[..<end]))
      }
    }
    #expect(!linked.isEmpty)
    #expect(
      linked.isSubset(of: defined),
      "linked but not defined: \(linked.subtracting(defined).sorted())")
    for screen in graph.screens {
      #expect(
        text.contains(screen.name), "screen \(screen.name) is missing from the Mermaid of \(path)")
    }
  }

  @Test(arguments: ExportTestSupport.exampleFlows)
  func exportsAreDeterministic(_ path: String) throws {
    let first = try #require(try ExportTestSupport.load(path).graph)
    let second = try #require(try ExportTestSupport.load(path).graph)
    #expect(DOTExporter().export(first) == DOTExporter().export(second))
    #expect(MermaidExporter().export(first) == MermaidExporter().export(second))
    #expect(try GraphJSONEncoder().encode(first) == GraphJSONEncoder().encode(second))
  }
}

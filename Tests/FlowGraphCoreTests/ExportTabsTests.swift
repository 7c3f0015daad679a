import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Graph exports draw a tabs screen as a container with an edge to each tab
/// flow (SPEC §6.1), and the compiled JSON keeps the tabs.
@Suite struct ExportTabsTests {
  private func graph() throws -> FlowGraph {
    let found = ExportTestSupport.exampleFlows.first { $0.hasSuffix("/tabbed-app.yaml") }
    let path = try #require(found)
    let loaded = try ExportTestSupport.load(path)
    return try #require(loaded.graph)
  }

  private func mainScreen(_ graph: FlowGraph) throws -> ScreenID {
    let app = try #require(graph.flow(named: "app"))
    return try #require(graph.screen(named: "main", in: app))
  }

  @Test func dotDrawsTheTabsScreenAsAContainerWithAnEdgePerTab() throws {
    let graph = try graph()
    let dot = DOTExporter().export(graph)
    let main = try mainScreen(graph)
    #expect(dot.contains("\"s\(main.index)\" [shape=tab"))
    #expect(dot.contains("tabs: feed · search · profile"))
    for flow in ["feed", "search", "profile"] {
      let index = try #require(graph.flow(named: flow)).index
      #expect(dot.contains("\"s\(main.index)\" -> \"f\(index)_start\""), "no edge to \(flow)")
    }
  }

  @Test func mermaidDrawsTheTabsScreenAsAContainerWithAnEdgePerTab() throws {
    let graph = try graph()
    let mermaid = MermaidExporter().export(graph)
    let main = try mainScreen(graph)
    #expect(
      mermaid.contains(
        "s\(main.index){{\"<b>Home</b><br/>main<br/><i>tabs: feed · search · profile</i>\"}}:::tabs"
      ))
    for flow in ["feed", "search", "profile"] {
      let index = try #require(graph.flow(named: flow)).index
      #expect(mermaid.contains("s\(main.index) ==>|\"\(flow)"), "no edge to \(flow)")
      #expect(mermaid.contains("f\(index)_start"))
    }
  }

  @Test func compiledJSONKeepsTheTabs() throws {
    let graph = try graph()
    let decoded = try GraphJSONDecoder().decode(try GraphJSONEncoder().encode(graph))
    #expect(decoded == graph)
    #expect(decoded.screens.contains { $0.tabBar?.tabs.count == 3 })
  }
}

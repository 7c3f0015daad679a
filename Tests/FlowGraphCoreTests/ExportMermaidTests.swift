import FlowGraphCore
import Foundation
import Testing

@Suite struct ExportMermaidTests {
  private let graph = ExportFixtures.everything

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func flowsAreSubgraphsAndScreensAreNodes() {
    let text = MermaidExporter().export(graph)
    let all = lines(text)
    #expect(all.first == "flowchart LR")
    #expect(all.contains("subgraph cluster_f0[\"app\"]"))
    #expect(all.contains("subgraph cluster_f1[\"onboarding\"]"))
    #expect(all.filter { $0 == "direction LR" }.count == 2)
    #expect(all.contains("f0_start((\"start\")):::start"))
    #expect(all.contains("s6(\"<b>Welcome</b><br/>page1\")"))
    #expect(all.contains("f1_r0([\"completed\"]):::result"))
    #expect(all.contains("d1{\"checkSession\"}:::decision"))
    #expect(all.filter { $0 == "end" }.count == 2)
  }

  @Test func labelsAreEscapedForMermaid() {
    let all = lines(MermaidExporter().export(graph))
    #expect(
      all.contains("s2(\"<b>Home #quot;feed#quot; #lt;b#gt;#amp;amp#59;#lt;/b#gt;</b><br/>home\")"))
  }

  @Test func edgesUseArrowsAndColoursByKind() throws {
    let text = MermaidExporter().export(graph)
    let all = lines(text)
    #expect(all.contains("s2 -->|\"rowSelected\"| s3"))
    #expect(all.contains("s3 ==>|\"shareButtonPressed<br/><i>present</i>\"| s4"))
    #expect(all.contains("s3 -.->|\"homeButtonPressed<br/><i>pop to</i>\"| s2"))
    #expect(all.contains("s2 ==>|\"tutorialButtonPressed<br/><i>start, present</i>\"| f1_start"))
    let edges = all.filter { $0.contains("-->") || $0.contains("==>") || $0.contains("-.->") }
    let presentIndex = try #require(
      edges.firstIndex(of: "s3 ==>|\"shareButtonPressed<br/><i>present</i>\"| s4"))
    let blue = try #require(
      all.first { $0.hasPrefix("linkStyle") && $0.hasSuffix("stroke:#0969da") })
    let indices = blue.split(separator: " ")[1].split(separator: ",").compactMap { Int($0) }
    #expect(indices.contains(presentIndex))
  }

  @Test func findingsAreMarkedAndListed() {
    let findings = [
      Diagnostic(
        .unreachableScreen, "screen 'loginError' is unreachable", at: ExportFixtures.range(30, 7)),
      Diagnostic(
        .unusedFlow, "flow 'onboarding' is never started", at: ExportFixtures.range(59, 3)),
      Diagnostic(.yamlSyntax, "x;y", at: nil),
    ]
    let all = lines(MermaidExporter(diagnostics: findings).export(graph))
    #expect(all.contains("s1(\"loginError<br/>⚠ unreachable-screen\"):::error"))
    #expect(all.contains("subgraph cluster_f1[\"onboarding<br/>⚠ unused-flow\"]"))
    #expect(all.contains("style cluster_f1 fill:none,stroke:#9a6700"))
    #expect(all.contains("findings[\"error: x#59;y [yaml-syntax]\"]:::error"))
    #expect(
      all.contains(
        "%% Flows/app.yaml:30:7: error: screen 'loginError' is unreachable [unreachable-screen]"))
  }

  @Test func outputIsDeterministic() {
    #expect(MermaidExporter().export(graph) == MermaidExporter().export(ExportFixtures.everything))
  }
}

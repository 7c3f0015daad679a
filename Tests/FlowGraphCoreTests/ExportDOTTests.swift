import FlowGraphCore
import Foundation
import Testing

@Suite struct ExportDOTTests {
  private let graph = ExportFixtures.everything

  /// The DOT line that defines node or edge `prefix` (the first line starting with it).
  private func line(_ text: String, _ prefix: String) -> String? {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
      $0.hasPrefix(prefix)
    }
  }

  @Test func everyFlowIsAClusterWithAStartMarker() {
    let text = DOTExporter().export(graph)
    #expect(text.contains("subgraph \"cluster_f0\" {"))
    #expect(text.contains("subgraph \"cluster_f1\" {"))
    #expect(line(text, "label=<<b>app</b>>") != nil)
    #expect(line(text, "\"f0_start\" [shape=circle") != nil)
    #expect(line(text, "\"f1_start\" -> \"s6\"") != nil)
  }

  @Test func screensShowTheirTitleAndName() throws {
    let text = DOTExporter().export(graph)
    let page1 = try #require(line(text, "\"s6\" ["))
    #expect(
      page1.contains("<b>Welcome</b><br/><font point-size=\"9\" color=\"#57606a\">page1</font>"))
    let detail = try #require(line(text, "\"s3\" ["))
    #expect(detail.contains("label=<detail>"))
  }

  @Test func labelsAreEscaped() throws {
    let home = try #require(line(DOTExporter().export(graph), "\"s2\" ["))
    #expect(home.contains("<b>Home &quot;feed&quot; &lt;b&gt;&amp;amp;&lt;/b&gt;</b>"))
  }

  @Test func edgesAreLabelledAndStyledByKind() throws {
    let text = DOTExporter().export(graph)
    let push = try #require(line(text, "\"s2\" -> \"s3\""))
    #expect(push.contains("label=<rowSelected>") && push.contains("color=\"#24292f\""))
    let present = try #require(line(text, "\"s3\" -> \"s4\""))
    #expect(present.contains("color=\"#0969da\"") && present.contains(">present</font>"))
    let popTo = try #require(line(text, "\"s3\" -> \"s2\""))
    #expect(popTo.contains("style=dashed") && popTo.contains("pop to"))
    let stay = try #require(line(text, "\"s5\" -> \"s5\" [color=\"#57606a\", style=dotted"))
    #expect(stay.contains("staySilently"))
    let finish = try #require(line(text, "\"s7\" -> \"f1_r0\""))
    #expect(finish.contains("color=\"#1a7f37\"") && finish.contains("completeButtonPressed"))
  }

  @Test func startingAChildFlowEntersItsClusterAndItsResultsLeadBack() throws {
    let text = DOTExporter().export(graph)
    let start = try #require(line(text, "\"s2\" -> \"f1_start\""))
    #expect(start.contains("lhead=\"cluster_f1\"") && start.contains("start, present"))
    // completed: stay
    #expect(line(text, "\"f1_r0\" -> \"s2\" [color=\"#57606a\", style=dotted") != nil)
    #expect(line(text, "\"f1_r1\" -> \"s5\"") != nil)  // skipped: push settings
    #expect(line(text, "\"f1_dismissed\" -> \"s5\"") != nil)  // dismissed: replace settings
    #expect(line(text, "\"f1_dismissed\" [") != nil)
  }

  @Test func taskOutcomesGoThroughADecisionNode() throws {
    let text = DOTExporter().export(graph)
    #expect(line(text, "\"f0_start\" -> \"d1\"") != nil)
    #expect(try #require(line(text, "\"d1\" [")).contains("shape=diamond"))
    #expect(try #require(line(text, "\"d1\" -> \"s2\"")).contains("label=<loggedIn>"))
    #expect(try #require(line(text, "\"d1\" -> \"s0\"")).contains("label=<loggedOut>"))
    #expect(try #require(line(text, "\"s0\" -> \"d2\"")).contains("loginButtonPressed"))
  }

  @Test func onlyTheChosenFlowIsDrawnWithFlow() throws {
    let text = DOTExporter(flow: ExportFixtures.app).export(graph)
    #expect(!text.contains("cluster_f1"))
    #expect(!text.contains("\"s6\""))
    #expect(try #require(line(text, "\"f1_ref\" [")).contains("flow <b>onboarding</b>"))
    #expect(try #require(line(text, "\"f1_ref\" -> \"s5\" [")).contains("label=<skipped"))
  }

  @Test func findingsAreDrawnWhereTheyPoint() throws {
    let findings = [
      Diagnostic(
        .unreachableScreen, "screen 'loginError' is unreachable", at: ExportFixtures.range(30, 7)),
      Diagnostic(.invalidDismiss, "dismiss is never possible", at: ExportFixtures.range(57, 30)),
      Diagnostic(
        .unusedFlow, "flow 'onboarding' is never started", at: ExportFixtures.range(59, 3)),
      Diagnostic(.yamlSyntax, "something \"odd\"", at: ExportFixtures.range(99, 1)),
    ]
    let text = DOTExporter(diagnostics: findings).export(graph)
    let node = try #require(line(text, "\"s1\" ["))
    #expect(node.contains("⚠ unreachable-screen") && node.contains("color=\"#cf222e\""))
    #expect(
      node.contains(
        "tooltip=\"Flows/app.yaml:30:7: error: screen 'loginError' is unreachable [unreachable-screen]\""
      ))
    let edge = try #require(line(text, "\"s4\" -> \"k"))
    #expect(edge.contains("⚠ invalid-dismiss") && edge.contains("penwidth=2.2"))
    #expect(text.contains("⚠ unused-flow") && text.contains("color=\"#9a6700\""))
    let note = try #require(line(text, "\"findings\" [shape=note"))
    #expect(note.contains("Flows/app.yaml:99:1: error: something &quot;odd&quot; [yaml-syntax]"))
  }

  @Test func aLeakingCycleIsRedAllRound() throws {
    let a = ScreenID(0)
    let b = ScreenID(1)
    let c = ScreenID(2)
    let closing = SourceRange(file: "f.yaml", at: SourcePosition(line: 9, column: 5))
    var sources = SourceMap()
    let closingSpan = sources.span(for: closing)
    let graph = FlowGraph(
      flows: [Flow(name: "loop", start: FlowStart(.screen(a)), screens: [a, b, c])],
      screens: [
        Screen(
          name: "a", flow: FlowID(0),
          actions: [Action(name: "next", transition: Transition(.push(b)))]),
        Screen(
          name: "b", flow: FlowID(0),
          actions: [
            Action(name: "again", transition: Transition(.push(a), span: closingSpan)),
            Action(name: "out", transition: Transition(.push(c))),
            Action(name: "back", transition: Transition(.pop)),
          ]),
        Screen(name: "c", flow: FlowID(0)),
      ], entry: FlowID(0), sources: sources)
    let text = DOTExporter(diagnostics: [Diagnostic(.unboundedStack, "grows", at: closing)]).export(
      graph)
    #expect(try #require(line(text, "\"s0\" -> \"s1\"")).contains("color=\"#cf222e\""))
    #expect(try #require(line(text, "\"s1\" -> \"s0\"")).contains("⚠ unbounded-stack"))
    #expect(!(try #require(line(text, "\"s1\" -> \"s2\""))).contains("#cf222e"))
    #expect(!(try #require(line(text, "\"s1\" -> \"k"))).contains("#cf222e"))
  }

  @Test func outputIsDeterministic() {
    let findings = [Diagnostic(.unreachableScreen, "x", at: ExportFixtures.range(30, 7))]
    let first = DOTExporter(diagnostics: findings).export(graph)
    #expect(
      DOTExporter(diagnostics: findings.reversed()).export(ExportFixtures.everything) == first)
  }

  @Test func graphvizAcceptsTheFixtureWithFindings() throws {
    let findings = [
      Diagnostic(
        .unreachableScreen, "a \"quoted\" \\ message\non two lines", at: ExportFixtures.range(30, 7)
      ),
      Diagnostic(.yamlSyntax, "<b>not markup</b> & more", at: nil),
    ]
    for text in [DOTExporter().export(graph), DOTExporter(diagnostics: findings).export(graph)] {
      let result = try ExportTestSupport.runDot(text)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.isEmpty, "\(result.errors)")
    }
  }

  @Test(.enabled(if: ExportTestSupport.dot != nil, "Graphviz is not installed"))
  func theGraphvizCheckCanFail() throws {
    #expect(try ExportTestSupport.runDot("digraph { a -> }").status != 0)
  }
}

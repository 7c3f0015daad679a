/// Draws a ``FlowGraph`` as a Mermaid `flowchart`, which GitHub renders in
/// Markdown: one subgraph per flow, the same nodes and edges as the DOT
/// export, edge colours by kind (`linkStyle`), node styles by class.
///
/// With findings (`diagnostics`), the node, edge or flow a finding is about is
/// drawn in red (orange for a warning) with the rule id in its label, a leaking
/// cycle is drawn in red all round, and every finding's message is listed in a
/// `%%` comment at the end.
///
/// The output is deterministic: the same graph and findings give the same text.
public struct MermaidExporter: Sendable {
  /// The flow to draw alone (other flows it starts appear as single nodes);
  /// `nil` draws every flow.
  public var flow: FlowID?
  /// The findings to draw on the graph.
  public var diagnostics: [Diagnostic]

  /// Creates an exporter.
  public init(flow: FlowID? = nil, diagnostics: [Diagnostic] = []) {
    self.flow = flow
    self.diagnostics = diagnostics
  }

  /// The Mermaid text of `graph`, ending with a newline.
  public func export(_ graph: FlowGraph) -> String {
    var builder = GraphDrawingBuilder(graph: graph, flow: flow)
    var drawing = builder.build()
    let findings = diagnostics.sorted(by: Diagnostic.sourceOrder)
    drawing.place(findings)
    return MermaidWriter(drawing: drawing, findings: findings).text()
  }
}

/// Writes a ``GraphDrawing`` as a Mermaid flowchart.
struct MermaidWriter {
  let drawing: GraphDrawing
  let findings: [Diagnostic]

  func text() -> String {
    var lines = ["flowchart LR"]
    if !drawing.unplacedFindings.isEmpty {
      let text = drawing.unplacedFindings.map { MermaidText.escaped(DOTWriter.describe($0)) }
      let severity = drawing.unplacedFindings.worstSeverity ?? .error
      lines.append("  findings[\"\(text.joined(separator: "<br/>"))\"]:::\(severity.rawValue)")
    }
    for node in drawing.nodes where node.cluster == nil {
      lines.append("  " + definition(of: node))
    }
    for (index, cluster) in drawing.clusters.enumerated() {
      var title = MermaidText.escaped(cluster.name)
      if !cluster.findings.isEmpty { title += "<br/>" + ruleText(cluster.findings) }
      lines.append("  subgraph \(cluster.id)[\"\(title)\"]")
      lines.append("    direction LR")
      for node in drawing.nodes where node.cluster == index {
        lines.append("    " + definition(of: node))
      }
      lines.append("  end")
    }
    var styles: [(style: String, edges: [Int])] = []
    for (index, edge) in drawing.edges.enumerated() {
      lines.append("  " + statement(for: edge))
      let style = linkStyle(for: edge)
      if let existing = styles.firstIndex(where: { $0.style == style }) {
        styles[existing].edges.append(index)
      } else {
        styles.append((style, [index]))
      }
    }
    for (style, edges) in styles where !style.isEmpty {
      lines.append("  linkStyle \(edges.map(String.init).joined(separator: ",")) \(style)")
    }
    for cluster in drawing.clusters {
      let color =
        cluster.findings.worstSeverity.map(DiagramPalette.color(for:)) ?? DiagramPalette.faint
      lines.append("  style \(cluster.id) fill:none,stroke:\(color)")
    }
    let used = Set(
      lines.compactMap { line in line.firstRange(of: ":::").map { String(line[$0.upperBound...]) } }
    )
    for definition in Self.classDefinitions where used.contains(definition.name) {
      lines.append("  classDef \(definition.name) \(definition.style)")
    }
    for finding in findings {
      lines.append("  %% " + MermaidText.comment(DOTWriter.describe(finding)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The style of each node class, in the order they are written.
  static let classDefinitions: [(name: String, style: String)] = [
    ("start", "fill:\(DiagramPalette.ink),stroke:\(DiagramPalette.ink),color:#ffffff"),
    (
      "result",
      "fill:\(DiagramPalette.resultFill),stroke:\(DiagramPalette.finish),color:\(DiagramPalette.ink)"
    ),
    (
      "decision",
      "fill:\(DiagramPalette.decisionFill),stroke:\(DiagramPalette.warning),color:\(DiagramPalette.ink)"
    ),
    ("keyword", "fill:none,stroke:none,color:\(DiagramPalette.muted)"),
    ("tabs", "stroke:\(DiagramPalette.start),stroke-width:2px"),
    ("invalid", "fill:none,stroke:none,color:\(DiagramPalette.error)"),
    (
      "error",
      "fill:\(DiagramPalette.errorFill),stroke:\(DiagramPalette.error),stroke-width:2px,color:\(DiagramPalette.error)"
    ),
    (
      "warning",
      "fill:\(DiagramPalette.decisionFill),stroke:\(DiagramPalette.warning),stroke-width:2px,color:\(DiagramPalette.warning)"
    ),
  ]

  // MARK: Nodes

  private func definition(of node: GraphDrawing.Node) -> String {
    let findingSuffix = node.findings.isEmpty ? "" : "<br/>" + ruleText(node.findings)
    var shape: String
    var cls: String?
    switch node.kind {
    case .start:
      shape = "((\"start\"))"
      cls = "start"
    case .screen(let name, let title):
      let text =
        title.map { "<b>\(MermaidText.escaped($0))</b><br/>\(MermaidText.escaped(name))" }
        ?? MermaidText.escaped(name)
      shape = "(\"\(text)\(findingSuffix)\")"
    case .tabs(let name, let title, let tabs):
      let heading =
        title.map { "<b>\(MermaidText.escaped($0))</b><br/>\(MermaidText.escaped(name))" }
        ?? "<b>\(MermaidText.escaped(name))</b>"
      shape =
        "{{\"\(heading)<br/><i>tabs: \(MermaidText.escaped(tabs.joined(separator: " · ")))</i>\(findingSuffix)\"}}"
      cls = "tabs"
    case .result(let name):
      shape = "([\"\(MermaidText.escaped(name))\(findingSuffix)\"])"
      cls = "result"
    case .decision(let task):
      shape = "{\(MermaidText.quoted(task))}"
      cls = "decision"
    case .keyword(let word):
      shape = "[\"<i>\(MermaidText.escaped(word))</i>\"]"
      cls = "keyword"
    case .invalid:
      shape = "[\"<i>invalid</i>\"]"
      cls = "invalid"
    case .flowReference(let name):
      shape = "[[\"flow \(MermaidText.escaped(name))\"]]"
    }
    if let severity = node.findings.worstSeverity { cls = severity.rawValue }
    return node.id + shape + (cls.map { ":::\($0)" } ?? "")
  }

  // MARK: Edges

  private func statement(for edge: GraphDrawing.Edge) -> String {
    let arrow: String
    switch edge.style {
    case .present, .root, .start, .tab: arrow = "==>"
    case .popTo, .popToRoot, .back, .stay, .invalid: arrow = "-.->"
    case .entry, .push, .replace, .finish, .run: arrow = "-->"
    }
    var label = edge.label.map(MermaidText.escaped) ?? ""
    if let tag = edge.tag {
      label += (label.isEmpty ? "" : "<br/>") + "<i>\(MermaidText.escaped(tag))</i>"
    }
    if !edge.findings.isEmpty {
      label += (label.isEmpty ? "" : "<br/>") + ruleText(edge.findings)
    }
    let labelPart = label.isEmpty ? "" : "|\"\(label)\"|"
    return "\(edge.from) \(arrow)\(labelPart) \(edge.to)"
  }

  private func linkStyle(for edge: GraphDrawing.Edge) -> String {
    if let severity = edge.findings.worstSeverity {
      let color = DiagramPalette.color(for: severity)
      return "stroke:\(color),stroke-width:3px,color:\(color)"
    }
    if edge.onLeakingCycle { return "stroke:\(DiagramPalette.error),stroke-width:2px" }
    switch edge.style {
    case .entry, .push, .run: return ""
    default: return "stroke:\(DiagramPalette.color(for: edge.style))"
    }
  }

  private func ruleText(_ findings: [Diagnostic]) -> String {
    var rules: [String] = []
    for finding in findings where !rules.contains(finding.rule.rawValue) {
      rules.append(finding.rule.rawValue)
    }
    return "⚠ " + rules.joined(separator: ", ")
  }
}

/// Draws a ``FlowGraph`` in Graphviz's DOT language: one cluster per flow,
/// screens as nodes (the title in bold when set, the name below), a black dot
/// that marks each flow's start, its results as green end nodes, and one edge
/// per transition, labelled with the action (or outcome) and styled by kind.
///
/// With findings (`diagnostics`), the drawing explains them: the node, edge or
/// flow a finding is about is drawn in red (orange for a warning) with the
/// rule id in its label and the message as its tooltip, and a leaking cycle
/// (`unbounded-stack`) is drawn in red all round.
///
/// The output is deterministic: the same graph and findings give the same text.
public struct DOTExporter: Sendable {
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

  /// The DOT text of `graph`, ending with a newline.
  public func export(_ graph: FlowGraph) -> String {
    var builder = GraphDrawingBuilder(graph: graph, flow: flow)
    var drawing = builder.build()
    drawing.place(diagnostics.sorted(by: Diagnostic.sourceOrder))
    return DOTWriter(drawing: drawing).text()
  }
}

/// Writes a ``GraphDrawing`` as DOT.
struct DOTWriter {
  let drawing: GraphDrawing
  static let font = "Helvetica,Arial,sans-serif"

  func text() -> String {
    var lines = [
      "digraph flowgraph {",
      "  graph [rankdir=LR, compound=true, newrank=true, fontname=\(DOTText.quoted(Self.font)), fontsize=12, nodesep=0.3, ranksep=0.5, pad=0.2];",
      "  node [fontname=\(DOTText.quoted(Self.font)), fontsize=11, shape=box, style=rounded, color=\"\(DiagramPalette.ink)\", fontcolor=\"\(DiagramPalette.ink)\", margin=\"0.14,0.06\", height=0.4];",
      "  edge [fontname=\(DOTText.quoted(Self.font)), fontsize=9, color=\"\(DiagramPalette.ink)\", fontcolor=\"\(DiagramPalette.ink)\", arrowsize=0.7];",
    ]
    if !drawing.unplacedFindings.isEmpty {
      lines.append("  " + findingsNote())
    }
    for node in drawing.nodes where node.cluster == nil {
      lines.append("  " + statement(for: node))
    }
    for (index, cluster) in drawing.clusters.enumerated() {
      lines.append("  subgraph \(DOTText.quoted(cluster.id)) {")
      lines.append("    " + attributes(for: cluster).map { "\($0);" }.joined(separator: " "))
      for node in drawing.nodes where node.cluster == index {
        lines.append("    " + statement(for: node))
      }
      lines.append("  }")
    }
    for edge in drawing.edges {
      lines.append("  " + statement(for: edge))
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Clusters

  private func attributes(for cluster: GraphDrawing.Cluster) -> [String] {
    var label = "<b>\(DOTText.html(cluster.name))</b>"
    var color = DiagramPalette.faint
    var tooltip = "flow \(cluster.name)" + (cluster.description.map { ": \($0)" } ?? "")
    if let severity = cluster.findings.worstSeverity {
      color = DiagramPalette.color(for: severity)
      label += findingLines(cluster.findings)
      tooltip = findingTooltip(cluster.findings)
    }
    return [
      "label=<\(label)>", "labeljust=l", "style=rounded", "color=\"\(color)\"",
      "fontcolor=\"\(cluster.findings.isEmpty ? DiagramPalette.ink : color)\"",
      "tooltip=\(DOTText.quoted(tooltip))",
    ]
  }

  // MARK: Nodes

  private func statement(for node: GraphDrawing.Node) -> String {
    var attributes: [String]
    var tooltip: String?
    switch node.kind {
    case .start:
      attributes = [
        "shape=circle", "style=filled", "fillcolor=\"\(DiagramPalette.ink)\"", "width=0.16",
        "height=0.16",
        "fixedsize=true", "label=\"\"",
      ]
      tooltip = "start"
    case .screen(let name, let title):
      let label =
        title.map {
          "<b>\(DOTText.html($0))</b><br/><font point-size=\"9\" color=\"\(DiagramPalette.muted)\">\(DOTText.html(name))</font>"
        } ?? DOTText.html(name)
      attributes = ["label=<\(label + findingLines(node.findings))>"]
      tooltip = "screen \(name)"
    case .tabs(let name, let title, let tabs):
      let heading =
        title.map {
          "<b>\(DOTText.html($0))</b><br/><font point-size=\"9\" color=\"\(DiagramPalette.muted)\">\(DOTText.html(name))</font>"
        } ?? "<b>\(DOTText.html(name))</b>"
      let tabLine =
        "<font point-size=\"9\" color=\"\(DiagramPalette.muted)\">tabs: "
        + DOTText.html(tabs.joined(separator: " · ")) + "</font>"
      attributes = ["shape=tab", "label=<\(heading)<br/>\(tabLine + findingLines(node.findings))>"]
      tooltip = "tabs screen \(name): one stack per tab"
    case .result(let name):
      attributes = [
        "style=\"rounded,filled\"", "fillcolor=\"\(DiagramPalette.resultFill)\"",
        "color=\"\(DiagramPalette.finish)\"",
        "peripheries=2", "fontsize=10",
        "label=<\(DOTText.html(name) + findingLines(node.findings))>",
      ]
      tooltip = "result \(name)"
    case .decision(let task):
      attributes = [
        "shape=diamond", "style=filled", "fillcolor=\"\(DiagramPalette.decisionFill)\"",
        "fontsize=9",
        "height=0.3", "margin=\"0.02,0.02\"", "label=<\(DOTText.html(task))>",
      ]
      tooltip = "task \(task): its outcome picks the next step"
    case .keyword(let word):
      attributes = [
        "shape=plaintext", "fontsize=9", "fontcolor=\"\(DiagramPalette.muted)\"", "height=0.2",
        "label=<<i>\(DOTText.html(word))</i>>",
      ]
      tooltip = "\(word): back to what was below"
    case .invalid:
      attributes = [
        "shape=plaintext", "fontsize=9", "fontcolor=\"\(DiagramPalette.error)\"", "height=0.2",
        "label=<<i>invalid</i>>",
      ]
      tooltip = "a transition that did not compile"
    case .flowReference(let name):
      attributes = [
        "style=\"rounded,dashed\"", "label=<flow <b>\(DOTText.html(name))</b>>",
      ]
      tooltip = "flow \(name) (drawn on its own)"
    }
    if let severity = node.findings.worstSeverity {
      let color = DiagramPalette.color(for: severity)
      attributes += ["color=\"\(color)\"", "penwidth=2", "fontcolor=\"\(color)\""]
      if case .screen = node.kind {
        attributes += ["style=\"rounded,filled\"", "fillcolor=\"\(DiagramPalette.errorFill)\""]
      }
      tooltip = findingTooltip(node.findings)
    }
    if let tooltip { attributes.append("tooltip=\(DOTText.quoted(tooltip))") }
    return "\(DOTText.quoted(node.id)) [\(attributes.joined(separator: ", "))];"
  }

  private func findingsNote() -> String {
    let color = DiagramPalette.color(for: drawing.unplacedFindings.worstSeverity ?? .error)
    let lines = drawing.unplacedFindings.map { finding in
      DOTText.html(Self.describe(finding))
    }
    return
      "\"findings\" [shape=note, style=filled, fillcolor=\"\(DiagramPalette.errorFill)\", color=\"\(color)\", fontcolor=\"\(color)\", fontsize=9, label=<\(lines.joined(separator: "<br align=\"left\"/>"))<br align=\"left\"/>>];"
  }

  // MARK: Edges

  private func statement(for edge: GraphDrawing.Edge) -> String {
    var color = DiagramPalette.color(for: edge.style)
    var attributes: [String] = []
    switch edge.style {
    case .present, .root: attributes.append("penwidth=1.6")
    case .start: attributes += ["penwidth=1.6", "arrowhead=veevee"]
    case .tab: attributes += ["penwidth=1.6", "arrowhead=veevee", "style=bold"]
    case .popTo, .popToRoot, .back, .invalid: attributes.append("style=dashed")
    case .stay: attributes.append("style=dotted")
    case .finish: attributes.append("arrowhead=empty")
    case .entry, .push, .replace, .run: break
    }
    if let cluster = edge.intoCluster { attributes.append("lhead=\(DOTText.quoted(cluster))") }
    var label = edge.label.map(DOTText.html) ?? ""
    if let tag = edge.tag {
      let tagText =
        "<font point-size=\"8\" color=\"\(DiagramPalette.muted)\">\(DOTText.html(tag))</font>"
      label = label.isEmpty ? tagText : label + "<br/>" + tagText
    }
    if edge.onLeakingCycle {
      color = DiagramPalette.error
      attributes.append("penwidth=2")
    }
    if let severity = edge.findings.worstSeverity {
      color = DiagramPalette.color(for: severity)
      attributes += ["penwidth=2.2", "fontcolor=\"\(color)\""]
      label += (label.isEmpty ? "" : "<br/>") + findingRuleText(edge.findings)
      attributes.append("tooltip=\(DOTText.quoted(findingTooltip(edge.findings)))")
    }
    attributes.insert("color=\"\(color)\"", at: 0)
    if !label.isEmpty { attributes.append("label=<\(label)>") }
    return
      "\(DOTText.quoted(edge.from)) -> \(DOTText.quoted(edge.to)) [\(attributes.joined(separator: ", "))];"
  }

  // MARK: Findings

  /// `⚠ rule` lines to append to a node's label.
  private func findingLines(_ findings: [Diagnostic]) -> String {
    findings.isEmpty ? "" : "<br/>" + findingRuleText(findings)
  }

  private func findingRuleText(_ findings: [Diagnostic]) -> String {
    var rules: [String] = []
    for finding in findings where !rules.contains(finding.rule.rawValue) {
      rules.append(finding.rule.rawValue)
    }
    let color = DiagramPalette.color(for: findings.worstSeverity ?? .error)
    return
      "<font point-size=\"9\" color=\"\(color)\">⚠ \(DOTText.html(rules.joined(separator: ", ")))</font>"
  }

  private func findingTooltip(_ findings: [Diagnostic]) -> String {
    findings.map(Self.describe).joined(separator: "\n")
  }

  /// `file:line:column: severity: message [rule]`.
  static func describe(_ finding: Diagnostic) -> String {
    let place = finding.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
    return "\(place)\(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"
  }
}

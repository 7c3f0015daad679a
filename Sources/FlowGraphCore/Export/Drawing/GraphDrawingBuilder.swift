/// Lays a ``FlowGraph`` out as a ``GraphDrawing``: the flows to draw as
/// clusters, then every start, action and custom back as edges, in file order
/// (so the drawing, and the text made from it, is deterministic).
struct GraphDrawingBuilder {
  let graph: FlowGraph
  /// The flows drawn in full; the others appear as references.
  let drawn: [FlowID]
  private var drawing = GraphDrawing()
  private var clusterOfFlow: [FlowID: Int] = [:]
  private var resultNodes: [String: String] = [:]
  private var referenceNodes: [FlowID: String] = [:]
  private var counter = 0

  /// A builder for every flow of `graph`, or only `flow`.
  init(graph: FlowGraph, flow: FlowID? = nil) {
    self.graph = graph
    self.drawn = flow.map { [$0] } ?? graph.flows.indices.map(FlowID.init)
  }

  /// The drawing.
  mutating func build() -> GraphDrawing {
    for flow in drawn {
      addCluster(flow)
    }
    for flow in drawn {
      let definition = graph[flow]
      addStart(definition.start, from: startNodeID(flow), label: nil, flow: flow)
      for screenID in definition.screens {
        let screen = graph[screenID]
        for action in screen.actions {
          add(
            action.transition, from: screenNodeID(screenID), label: action.name, flow: flow,
            context: screenID,
            extraRanges: [graph.range(action.span)].compactMap { $0 })
        }
        if case .custom(let back) = screen.back {
          add(
            back, from: screenNodeID(screenID), label: "back", flow: flow, context: screenID,
            extraRanges: [])
        }
        for tab in screen.tabBar?.tabs ?? [] {
          // An edge to the tab's flow, drawn like a `start` (with its
          // handlers from the flow's results), in the tab's style.
          let first = drawing.edges.count
          add(
            Transition(.start(tab.flow, mode: .push, handlers: tab.handlers), span: tab.span),
            from: screenNodeID(screenID), label: tab.name, flow: flow, context: screenID,
            extraRanges: [])
          if first < drawing.edges.count { drawing.edges[first].style = .tab }
        }
      }
    }
    return drawing
  }

  // MARK: Nodes

  private func startNodeID(_ flow: FlowID) -> String { "f\(flow.index)_start" }
  private func screenNodeID(_ screen: ScreenID) -> String { "s\(screen.index)" }

  private mutating func addCluster(_ flow: FlowID) {
    let definition = graph[flow]
    let cluster = drawing.clusters.count
    clusterOfFlow[flow] = cluster
    drawing.clusters.append(
      GraphDrawing.Cluster(
        id: "cluster_f\(flow.index)", flow: flow, name: definition.name,
        description: definition.description,
        ranges: [graph.range(definition.span)].compactMap { $0 }))
    drawing.nodes.append(
      GraphDrawing.Node(
        id: startNodeID(flow), kind: .start, cluster: cluster, ranges: []))
    for screenID in definition.screens {
      let screen = graph[screenID]
      let kind: GraphDrawing.NodeKind =
        screen.tabBar.map {
          .tabs(name: screen.name, title: screen.title, tabs: $0.tabs.map(\.name))
        }
        ?? .screen(name: screen.name, title: screen.title)
      drawing.nodes.append(
        GraphDrawing.Node(
          id: screenNodeID(screenID), kind: kind,
          cluster: cluster,
          ranges: [graph.range(screen.span)].compactMap { $0 }))
    }
    for index in definition.results.indices {
      _ = resultNode(flow, .declared(index))
    }
  }

  /// The node of one of a drawn flow's results, added on first use.
  private mutating func resultNode(_ flow: FlowID, _ result: FlowResultRef) -> String {
    let definition = graph[flow]
    let key: String
    let ranges: [SourceRange]
    switch result {
    case .dismissed:
      key = "f\(flow.index)_dismissed"
      ranges = []
    case .declared(let index):
      key = "f\(flow.index)_r\(index)"
      ranges = [graph.range(definition.results[index].span)].compactMap { $0 }
    }
    if let id = resultNodes[key] { return id }
    resultNodes[key] = key
    drawing.nodes.append(
      GraphDrawing.Node(
        id: key, kind: .result(name: definition.name(of: result)), cluster: clusterOfFlow[flow],
        ranges: ranges))
    return key
  }

  /// The node that stands for a flow that is not drawn in full.
  private mutating func referenceNode(_ flow: FlowID) -> String {
    if let id = referenceNodes[flow] { return id }
    let id = "f\(flow.index)_ref"
    referenceNodes[flow] = id
    drawing.nodes.append(
      GraphDrawing.Node(
        id: id, kind: .flowReference(name: graph[flow].name), cluster: nil, ranges: []))
    return id
  }

  /// A new node of its own (a decision, a keyword target, an invalid mark).
  private mutating func newNode(_ kind: GraphDrawing.NodeKind, prefix: String, flow: FlowID)
    -> String
  {
    counter += 1
    let id = "\(prefix)\(counter)"
    drawing.nodes.append(
      GraphDrawing.Node(id: id, kind: kind, cluster: clusterOfFlow[flow], ranges: []))
    return id
  }

  /// The screen `popToRoot` always returns to in `flow`, when it is known
  /// without running: the start screen, when the start is a screen and no
  /// `root` or `replace` in the flow can change the first screen.
  private func fixedFirstScreen(of flow: FlowID) -> ScreenID? {
    guard case .screen(let first) = graph[flow].start.kind else { return nil }
    func changesFirst(_ transition: Transition) -> Bool {
      if transition.popTo?.inclusive == true { return true }
      switch transition.kind {
      case .root, .replace: return true
      case .run(_, let outcomes): return outcomes.contains(where: changesFirst)
      case .start(_, _, let handlers):
        return (handlers.results + [handlers.dismissed]).contains(where: changesFirst)
      default: return false
      }
    }
    for screen in graph[flow].screens {
      if graph[screen].actions.contains(where: { changesFirst($0.transition) }) { return nil }
      if case .custom(let back) = graph[screen].back, changesFirst(back) { return nil }
    }
    return first
  }

  // MARK: Edges

  private mutating func edge(
    _ from: String, _ to: String, _ label: String?, _ style: GraphDrawing.EdgeStyle,
    ranges: [SourceRange],
    intoCluster: String? = nil
  ) {
    drawing.edges.append(
      GraphDrawing.Edge(
        from: from, to: to, label: label, style: style, intoCluster: intoCluster, ranges: ranges))
  }

  /// The ranges a finding about `transition` may point at.
  private func ranges(of transition: Transition) -> [SourceRange] {
    [graph.range(transition.span), graph.range(transition.targetSpan)].compactMap { $0 }
      + transition.arguments.compactMap { graph.range($0.span) }
  }

  /// Adds the edges of one transition from `from`. `context` is the current
  /// screen (where `stay` stays); `flow` the flow the transition belongs to.
  private mutating func add(
    _ transition: Transition, from: String, label: String?, flow: FlowID, context: ScreenID?,
    extraRanges: [SourceRange]
  ) {
    let ranges = ranges(of: transition) + extraRanges
    let edgeCount = drawing.edges.count
    defer {
      // The pop a `push` or `start` does first, on the edge it draws.
      if let popTo = transition.popTo, edgeCount < drawing.edges.count {
        drawing.edges[edgeCount].popTo =
          "pop to \(graph[popTo.screen].name)" + (popTo.inclusive ? ", inclusive" : "")
      }
    }
    switch transition.kind {
    case .push(let screen): edge(from, screenNodeID(screen), label, .push, ranges: ranges)
    case .present(let screen): edge(from, screenNodeID(screen), label, .present, ranges: ranges)
    case .replace(let screen): edge(from, screenNodeID(screen), label, .replace, ranges: ranges)
    case .root(let screen): edge(from, screenNodeID(screen), label, .root, ranges: ranges)
    case .popTo(let screen): edge(from, screenNodeID(screen), label, .popTo, ranges: ranges)
    case .pop:
      edge(from, newNode(.keyword("pop"), prefix: "k", flow: flow), label, .back, ranges: ranges)
    case .popToRoot:
      if let first = fixedFirstScreen(of: flow) {
        edge(from, screenNodeID(first), label, .popToRoot, ranges: ranges)
      } else {
        edge(
          from, newNode(.keyword("pop to root"), prefix: "k", flow: flow), label, .back,
          ranges: ranges)
      }
    case .dismiss:
      edge(
        from, newNode(.keyword("dismiss"), prefix: "k", flow: flow), label, .back, ranges: ranges)
    case .stay:
      edge(from, context.map(screenNodeID) ?? from, label, .stay, ranges: ranges)
    case .select(let tab):
      edge(
        from, newNode(.keyword("select \(tab)"), prefix: "k", flow: flow), label, .stay,
        ranges: ranges)
    case .finish(let result):
      edge(from, resultNode(flow, result), label, .finish, ranges: ranges)
    case .invalid:
      edge(from, newNode(.invalid, prefix: "inv", flow: flow), label, .invalid, ranges: ranges)
    case .start(let child, let mode, let handlers):
      let childDrawn = clusterOfFlow[child] != nil
      let target = childDrawn ? startNodeID(child) : referenceNode(child)
      edge(
        from, target, label, .start(mode), ranges: ranges,
        intoCluster: childDrawn ? drawing.clusters[clusterOfFlow[child]!].id : nil)
      let childFlow = graph[child]
      for (index, handler) in handlers.results.enumerated() {
        let result = FlowResultRef.declared(index)
        let source = childDrawn ? resultNode(child, result) : target
        add(
          handler, from: source, label: childDrawn ? nil : childFlow.name(of: result), flow: flow,
          context: context,
          extraRanges: [])
      }
      if handlers.dismissed != .stay {
        let source = childDrawn ? resultNode(child, .dismissed) : target
        add(
          handlers.dismissed, from: source, label: childDrawn ? nil : "dismissed", flow: flow,
          context: context, extraRanges: [])
      }
    case .run(let task, let outcomes):
      let decision = newNode(.decision(task: graph[task].name), prefix: "d", flow: flow)
      edge(from, decision, label, .run, ranges: ranges)
      for (index, outcome) in outcomes.enumerated() {
        add(
          outcome, from: decision, label: graph[task].outcomes[index].name, flow: flow,
          context: context,
          extraRanges: [])
      }
    }
  }

  /// Adds the edges of a flow's start from its start marker.
  private mutating func addStart(_ start: FlowStart, from: String, label: String?, flow: FlowID) {
    let ranges =
      [graph.range(start.span)].compactMap { $0 }
      + start.arguments.compactMap { graph.range($0.span) }
    switch start.kind {
    case .screen(let screen): edge(from, screenNodeID(screen), label, .entry, ranges: ranges)
    case .finish(let result): edge(from, resultNode(flow, result), label, .finish, ranges: ranges)
    case .invalid:
      edge(from, newNode(.invalid, prefix: "inv", flow: flow), label, .invalid, ranges: ranges)
    case .run(let task, let outcomes):
      let decision = newNode(.decision(task: graph[task].name), prefix: "d", flow: flow)
      edge(from, decision, label, .entry, ranges: ranges)
      for (index, outcome) in outcomes.enumerated() {
        addStart(outcome, from: decision, label: graph[task].outcomes[index].name, flow: flow)
      }
    }
  }
}

import FlowGraphCore

/// A readable listing of a random graph, one screen or transition a line
/// with its synthetic line number, for a failing property test's message.
enum GraphDump {
  static func text(_ graph: FlowGraph) -> String {
    var out: [String] = []
    func name(_ screen: ScreenID) -> String { graph.screens[screen.index].name }
    func describe(_ transition: Transition, indent: String) {
      let line = graph.range(transition.span)?.start.line ?? 0
      var text: String
      switch transition.kind {
      case .push(let s): text = "push \(name(s))"
      case .present(let s): text = "present \(name(s))"
      case .replace(let s): text = "replace \(name(s))"
      case .root(let s): text = "root \(name(s))"
      case .popTo(let s): text = "pop: \(name(s))"
      case .pop: text = "pop"
      case .popToRoot: text = "popToRoot"
      case .dismiss: text = "dismiss"
      case .stay: text = "stay"
      case .select(let tab): text = "select \(tab)"
      case .finish(let r): text = "finish \(r)"
      case .start(let f, let mode, _): text = "start f\(f.index) \(mode)"
      case .run: text = "run"
      case .invalid: text = "invalid"
      }
      if let target = transition.popTo {
        text += " popTo: \(name(target.screen))\(target.inclusive ? " inclusive" : "")"
      }
      out.append("\(line): \(indent)\(text)")
      switch transition.kind {
      case .start(_, _, let handlers):
        for (index, handler) in handlers.results.enumerated() {
          out.append("   \(indent)  on r\(index):")
          describe(handler, indent: indent + "    ")
        }
        out.append("   \(indent)  on dismissed:")
        describe(handlers.dismissed, indent: indent + "    ")
      case .run(_, let outcomes):
        for outcome in outcomes { describe(outcome, indent: indent + "  ") }
      default: break
      }
    }
    func describe(_ start: FlowStart) -> String {
      switch start.kind {
      case .screen(let s): return name(s)
      case .run(_, let outcomes):
        return "run[" + outcomes.map(describe).joined(separator: ", ") + "]"
      case .finish(let r): return "finish \(r)"
      case .invalid: return "invalid"
      }
    }
    for flow in graph.flows {
      out.append(
        "\(graph.range(flow.span)?.start.line ?? 0): flow \(flow.name) results \(flow.results.count) start \(describe(flow.start))"
      )
      for id in flow.screens {
        let screen = graph.screens[id.index]
        var back = ""
        switch screen.back {
        case .pop: back = ""
        case .disabled: back = " back:false"
        case .custom: back = " back:custom"
        }
        out.append(
          "\(graph.range(screen.span)?.start.line ?? 0):   screen \(screen.name) (\(flow.name))\(back)\(screen.dismissible ? "" : " nodismiss")"
        )
        for action in screen.actions { describe(action.transition, indent: "      ") }
        if case .custom(let transition) = screen.back {
          describe(transition, indent: "      back ")
        }
        if let bar = screen.tabBar {
          out.append("      tabs (selected \(bar.tabs[bar.selected].name))")
          for tab in bar.tabs {
            out.append(
              "\(graph.range(tab.span)?.start.line ?? 0):       tab \(tab.name): f\(tab.flow.index)"
            )
            for (index, handler) in tab.handlers.results.enumerated() {
              out.append("          on r\(index):")
              describe(handler, indent: "            ")
            }
            out.append("          on dismissed:")
            describe(tab.handlers.dismissed, indent: "            ")
          }
        }
      }
    }
    return out.joined(separator: "\n")
  }
}

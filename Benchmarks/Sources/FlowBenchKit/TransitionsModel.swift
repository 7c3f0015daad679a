/// The generated graph as a flat state machine for the Python `transitions`
/// library (`Scripts/bench-transitions.py`): one state per screen
/// (`feature3.screen12`), one transition per move an ``EventWalk`` can make.
///
/// `transitions` has no navigation stack, so `back`, the `pop` button and the
/// dismiss gesture become transitions to a fixed state: in the generated graph
/// every screen the walk reaches has exactly one screen it came from, so a
/// fixed destination is exact for the walk.
public struct TransitionsModel: Sendable {
  /// One transition: the trigger (action name, `back` or `dismiss`), from, to.
  public struct Edge: Hashable, Sendable {
    public var trigger: String
    public var source: String
    public var destination: String
  }

  /// Every state, the initial one first.
  public let states: [String]
  /// Every transition.
  public let edges: [Edge]

  /// The model of `layout`.
  public init(layout: FlowLayout) {
    var states: [String] = []
    var edges: [Edge] = []
    states.reserveCapacity(layout.screenCount)
    for k in 0..<layout.flowCount {
      let flow = layout.flowName(k)
      func state(_ screen: String) -> String { "\(flow).\(screen)" }
      for t in 0..<FlowLayout.treeScreens {
        let here = state(layout.treeScreenName(t))
        states.append(here)
        for child in layout.children(of: t) where !layout.takesItem(child) {
          let there = state(layout.treeScreenName(child))
          edges.append(
            Edge(trigger: layout.pushActionName(child), source: here, destination: there))
          edges.append(Edge(trigger: "back", source: there, destination: here))
          edges.append(Edge(trigger: "closeButtonPressed", source: there, destination: here))
        }
        if let m = layout.sheet(presentedBy: t) {
          let sheet = state(layout.sheetName(m))
          edges.append(Edge(trigger: "helpButtonPressed", source: here, destination: sheet))
          let close = layout.isDismissible(sheet: m) ? "dismiss" : "doneButtonPressed"
          edges.append(Edge(trigger: close, source: sheet, destination: here))
        }
        for child in layout.childFlows(of: k)
        where layout.starterScreen(of: child) == t && !layout.startsWithTask(child) {
          let there = "\(layout.flowName(child)).\(layout.treeScreenName(0))"
          edges.append(
            Edge(trigger: layout.startActionName(child), source: here, destination: there))
          let close = layout.isPresented(child) ? "dismiss" : "back"
          edges.append(Edge(trigger: close, source: there, destination: here))
        }
      }
      for m in 0..<FlowLayout.sheets { states.append(state(layout.sheetName(m))) }
      for name in ["errorAlert", "search", "searchResult"] { states.append(state(name)) }
    }
    self.states = states
    self.edges = edges
  }

  /// The model as JSON: `{"initial": S, "states": [S…], "transitions": [[trigger, source, dest]…]}`.
  public var json: String {
    var out = "{\"initial\": \"\(states[0])\",\n\"states\": ["
    out.reserveCapacity(states.count * 40 + edges.count * 80)
    for (index, state) in states.enumerated() {
      out += index == 0 ? "\"\(state)\"" : ",\"\(state)\""
    }
    out += "],\n\"transitions\": [\n"
    for (index, edge) in edges.enumerated() {
      if index > 0 { out += ",\n" }
      out += "[\"\(edge.trigger)\",\"\(edge.source)\",\"\(edge.destination)\"]"
    }
    out += "\n]}\n"
    return out
  }
}

/// A graph prepared for drawing, shared by the DOT and Mermaid exporters:
/// one cluster per flow, nodes (screens, start markers, results, task
/// decisions, keyword targets) and edges (one per transition), each with the
/// source ranges that findings are matched against.
struct GraphDrawing {
  /// A flow, drawn as a cluster.
  struct Cluster {
    var id: String
    var flow: FlowID
    var name: String
    var description: String?
    var ranges: [SourceRange]
    var findings: [Diagnostic] = []
  }

  /// What a node stands for.
  enum NodeKind: Equatable {
    /// A flow's start marker (where its first screen or start task is reached).
    case start
    /// A screen, with its title when it has one.
    case screen(name: String, title: String?)
    /// A tabs screen (SPEC §6.1): a container, with its tabs' names.
    case tabs(name: String, title: String?, tabs: [String])
    /// A way the flow ends.
    case result(name: String)
    /// A task whose outcome picks the next step.
    case decision(task: String)
    /// Where `pop`, `popToRoot` or `dismiss` goes: back to whatever was below.
    case keyword(String)
    /// A transition that did not compile.
    case invalid
    /// Another flow, not drawn in full (with `--flow`).
    case flowReference(name: String)
  }

  /// A node.
  struct Node {
    var id: String
    var kind: NodeKind
    /// The cluster the node is drawn in; `nil` for the top level.
    var cluster: Int?
    var ranges: [SourceRange]
    var findings: [Diagnostic] = []
  }

  /// How an edge is drawn: the kind of step it is.
  enum EdgeStyle: Equatable {
    case entry
    case push
    case present
    case replace
    case root
    case popTo
    case popToRoot
    case back
    case stay
    case finish
    case start(Transition.StartMode)
    /// From a tabs screen to a tab's flow (SPEC §6.1).
    case tab
    case run
    case invalid

    /// The word shown under the label for the kinds that the colour and the
    /// target alone do not say (not for a push, a run or a finish).
    var tag: String? {
      switch self {
      case .entry, .push, .run: nil
      case .present: "present"
      case .replace: "replace"
      case .root: "root"
      case .popTo: "pop to"
      case .popToRoot: "pop to root"
      case .back: nil
      case .stay: "stay"
      case .finish: nil
      case .start(.push): "start"
      case .start(.present): "start, present"
      case .tab: "tab"
      case .invalid: nil
      }
    }
  }

  /// An edge.
  struct Edge {
    var from: String
    var to: String
    /// What triggers the step: the action, outcome or result name.
    var label: String?
    var style: EdgeStyle
    /// The cluster the edge enters (for an edge into a child flow).
    var intoCluster: String?
    var ranges: [SourceRange]
    var findings: [Diagnostic] = []
    /// Whether the edge lies on a leaking cycle that a finding points at.
    var onLeakingCycle = false
    /// What a `push` or `start` pops first (`pop to login, inclusive`; SPEC §6.3).
    var popTo: String?

    /// The words shown under the label: the kind's tag, then the `popTo`.
    var tag: String? {
      switch (style.tag, popTo) {
      case (nil, nil): nil
      case (let tag?, nil): tag
      case (nil, let popTo?): popTo
      case (let tag?, let popTo?): tag + ", " + popTo
      }
    }
  }

  var clusters: [Cluster] = []
  var nodes: [Node] = []
  var edges: [Edge] = []
  /// Findings that no node, edge or cluster of the drawing is the place of.
  var unplacedFindings: [Diagnostic] = []
}

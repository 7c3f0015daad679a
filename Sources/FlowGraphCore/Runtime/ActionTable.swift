/// The runtime's precompiled view of the graph's actions: for each screen,
/// its actions as small plain entries (the name's length and words, and
/// what the action does when the quick path can take it) and their names, so
/// that the common path neither copies `Action`s or `Transition`s nor hashes
/// or compares names as strings.
///
/// Built once per engine, immutable. Entries of screen `s` are
/// `entries[starts[s] ..< starts[s + 1]]`, in the screen's action order.
final class ActionTable: Sendable {
  /// Binds a child's constant input and start screen params (see ``init(graph:bind:)``).
  typealias Binder = (FlowID, ArgumentList) -> (input: [Value], params: [Value])?

  /// What an action (or a screen's system back) does, when the quick path
  /// can take it on its own; everything else goes the general way.
  enum Operation: UInt8 {
    /// Anything else: params, arguments, tasks, flows, layers.
    case general
    /// A push of a screen without params, by an action without params.
    case push
    /// A pop by an action without params (or the default back).
    case pop
    /// `stay`, by an action without params.
    case stay
    /// A present of a screen without params, by an action without params.
    case present
    /// `dismiss` by an action without params (or the dismiss gesture),
    /// when closing the layer ends no flow (checked when it is taken).
    case dismiss
    /// A child flow started with `mode: push` by an action without params,
    /// whose input is made of literals and whose start shows a screen whose
    /// params come from literals and that input (both bound once, in
    /// ``ActionTable/inputs`` and ``ActionTable/params``).
    case startPush
    /// The same, with `mode: present`.
    case startPresent
    /// (Plans only.) A pop that ends the top flow, a child with nothing
    /// else on screen whose parent's `dismissed` handler is `stay`.
    case popEndingFlow
    /// (Plans only.) A dismiss of a layer that holds only the top flow's
    /// screens and ends it, as ``popEndingFlow``.
    case dismissEndingFlow
  }

  /// One action.
  struct Entry {
    /// The name's first eight UTF-8 bytes (``NameWords/head``).
    var head: UInt64
    /// The name's bytes 8 ..< 16 (``NameWords/middle``).
    var middle: UInt64
    /// The name's last eight bytes (``NameWords/tail``).
    var tail: UInt64
    /// How many UTF-8 bytes the name has.
    var count: Int32
    /// The pushed or presented screen, or a started child's start screen;
    /// else -1.
    var target: Int32
    /// The started child flow (``Operation/startPush``,
    /// ``Operation/startPresent``), else -1.
    var child: Int32
    /// What it does on the quick path.
    var operation: Operation
    /// Whether the action starts a child flow whose `dismissed` handler is
    /// `stay` (so that the child's end by back or dismiss can be quick).
    var dismissedStays: Bool
  }

  /// Where each screen's entries begin; one more element than screens.
  let starts: [Int32]
  /// Every screen's actions, screen after screen.
  let entries: [Entry]
  /// The names of the actions, one per entry.
  let names: [String]
  /// The input of each entry's started child flow (empty for the others).
  let inputs: [[Value]]
  /// The params of each entry's started child's start screen (empty for
  /// the others).
  let params: [[Value]]
  /// What each screen's system back does on the quick path.
  let back: [Operation]
  /// Whether each screen lets the dismiss gesture close its layer when it
  /// is the layer's first screen.
  let dismissible: [Bool]
  /// Whether the graph has a tabs screen (SPEC §6.1): then every event takes
  /// the general path.
  let hasTabs: Bool

  /// An empty table (an engine that plans nothing quickly).
  init() {
    starts = [0]
    entries = []
    names = []
    inputs = []
    params = []
    back = []
    dismissible = []
    hasTabs = false
  }

  /// Builds the table of a graph; `bind` gives a child flow's input and its
  /// start screen's params for a `start`'s arguments when they are
  /// constants (else `nil`).
  init(graph: FlowGraph, bind: Binder) {
    var starts: [Int32] = []
    var entries: [Entry] = []
    var names: [String] = []
    var inputs: [[Value]] = []
    var params: [[Value]] = []
    var back: [Operation] = []
    var dismissible: [Bool] = []
    starts.reserveCapacity(graph.screens.count + 1)
    back.reserveCapacity(graph.screens.count)
    for screen in graph.screens {
      starts.append(Int32(entries.count))
      for action in screen.actions {
        let words = UncheckedRunnerCore.nameWords(of: action.name)
        var entry = Entry(
          head: words.head, middle: words.middle, tail: words.tail,
          count: Int32(truncatingIfNeeded: words.count), target: -1, child: -1,
          operation: .general, dismissedStays: false)
        var bound: (input: [Value], params: [Value]) = ([], [])
        names.append(action.name)
        if case .start(_, _, let handlers) = action.transition.kind,
          case .stay = handlers.dismissed.kind
        {
          entry.dismissedStays = true
        }
        if action.params.isEmpty {
          Self.plan(action.transition, in: graph, &entry, &bound, bind)
        }
        entries.append(entry)
        inputs.append(bound.input)
        params.append(bound.params)
      }
      dismissible.append(screen.dismissible)
      if case .pop = screen.back {
        back.append(.pop)
      } else {
        back.append(.general)
      }
    }
    starts.append(Int32(entries.count))
    self.starts = starts
    self.entries = entries
    self.names = names
    self.inputs = inputs
    self.params = params
    self.back = back
    self.dismissible = dismissible
    self.hasTabs = graph.hasTabs
  }

  /// Fills in what an action without params does on the quick path.
  private static func plan(
    _ transition: Transition, in graph: FlowGraph, _ entry: inout Entry,
    _ bound: inout (input: [Value], params: [Value]), _ bind: Binder
  ) {
    func isPlainScreen(_ screen: ScreenID) -> Bool {
      screen.index >= 0 && screen.index < graph.screens.count
        && graph.screens[screen.index].params.isEmpty
    }
    // A pop-then-push (SPEC §6.3) takes the general path.
    guard transition.popTo == nil else { return }
    switch transition.kind {
    case .push(let target) where isPlainScreen(target):
      entry.operation = .push
      entry.target = Int32(target.index)
    case .present(let target) where isPlainScreen(target):
      entry.operation = .present
      entry.target = Int32(target.index)
    case .pop:
      entry.operation = .pop
    case .stay:
      entry.operation = .stay
    case .dismiss:
      entry.operation = .dismiss
    case .start(let child, let mode, _):
      guard child.index >= 0, child.index < graph.flows.count,
        case .screen(let first) = graph.flows[child.index].start.kind,
        first.index >= 0, first.index < graph.screens.count,
        let values = bind(child, transition.arguments)
      else { return }
      entry.operation = mode == .push ? .startPush : .startPresent
      entry.target = Int32(first.index)
      entry.child = Int32(child.index)
      bound = values
    default:
      break
    }
  }

  /// Whether action `id` starts a child flow whose `dismissed` handler is
  /// `stay`.
  @inline(__always)
  func dismissedStays(_ id: ActionID) -> Bool {
    let screen = id.screen.index
    guard screen >= 0, screen + 1 < starts.count, id.index >= 0 else { return false }
    let flat = Int(starts[screen]) + id.index
    return flat < Int(starts[screen + 1]) && entries[flat].dismissedStays
  }
}

import FlowGraphCore

/// SplitMix64: a small, seeded, deterministic generator for property tests.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random small flow graphs for the analysis's property tests, built in
/// Swift. Every screen and transition gets its own line in a synthetic
/// source range, so findings map back to what they are about.
struct RandomGraphs {
  /// The size of the graphs.
  struct Shape {
    var flows = 1...3
    var screens = 1...4
    var results = 0...1
    var actions = 0...3
    /// Out of 10: how often back is disabled, and how often a screen is not dismissible.
    var backDisabled = 2
    var notDismissible = 3
    /// Out of 10: how often a result handler is `stay`.
    var stayHandlers = 5
    /// Out of 10: how often a flow's first screen gets one more action that
    /// reaches a screen both by `push` and by `present` (so that the same
    /// handlers run in contexts that differ).
    var bothWays = 0
    /// Whether `push`, `present` and `replace` only go to later screens of
    /// the flow and `start` only to later flows, so that every run stays
    /// bounded (and the exploration is exhaustive).
    var acyclic = false
    /// Whether the entry flow gets a tabs screen (SPEC §6.1) whose two tabs
    /// run flows 1 and 2, and transitions may be `select: TAB`.
    var tabs = false

    /// Graphs that trap more often: back mostly off, few dismissible screens.
    static let trapProne = Shape(actions: 0...2, backDisabled: 6, notDismissible: 7)

    /// Three flows, tasks and start tasks, custom backs, and handlers of
    /// every kind run from screens that are both pushed and presented.
    static let rich = Shape(
      flows: 3...3, screens: 3...5, results: 0...2, actions: 1...3, backDisabled: 5,
      notDismissible: 6, stayHandlers: 2, bothWays: 7, acyclic: true)

    /// ``rich``, with a tabs screen in the entry flow (shown by its start,
    /// `root` or `present`) whose tabs run flows 1 and 2, tab handlers of
    /// every kind a tabs screen allows, and `select` transitions.
    static let tabbed = Shape(
      flows: 3...3, screens: 2...4, results: 0...2, actions: 1...3, backDisabled: 5,
      notDismissible: 5, stayHandlers: 3, bothWays: 3, acyclic: true, tabs: true)
  }

  /// The first seed of ``Shape/tabbed`` graphs.
  static let firstTabbedSeed: UInt64 = 100_001

  /// The shape of the graph of a property test's seed: the first 240
  /// alternate the default shape (odd) and ``Shape/trapProne`` (even); the
  /// seeds after them are ``Shape/rich``, and from ``firstTabbedSeed`` on
  /// ``Shape/tabbed``.
  static func shape(forSeed seed: UInt64) -> Shape {
    seed >= firstTabbedSeed ? .tabbed : seed > 240 ? .rich : seed % 2 == 0 ? .trapProne : Shape()
  }

  private var random: SeededGenerator
  /// Draws for `popTo` (SPEC §6.3) on pushes and push-mode starts, apart,
  /// so that a seed's graph is otherwise the one it was before `popTo`.
  private var popRandom: SeededGenerator
  private var line = 0
  private let shape: Shape
  private var flowCount = 0
  private var resultCounts: [Int] = []
  private var screenIDs: [[ScreenID]] = []
  /// The flow-local index of the screen whose transitions are being made.
  private var current = 0
  /// The tabs screen of ``Shape/tabbed`` graphs (a screen of flow 0).
  private var tabsScreen: ScreenID?
  /// The flow that owns it: the entry flow, or (one graph in three) flow 1,
  /// then started only with mode present, whose two tabs both run flow 2.
  private var tabsOwner = 0
  /// Draws for tabs, apart.
  private var tabsRandom: SeededGenerator
  private let task = TaskDefinition(
    name: "check", outcomes: [OutcomeDefinition(name: "ok"), OutcomeDefinition(name: "failed")])

  /// The file name of every synthetic range.
  static let file = "random.yaml"
  /// The graph's source map: one range a line, each kept whole.
  private var sources = SourceMap()

  init(seed: UInt64, shape: Shape = Shape()) {
    random = SeededGenerator(seed: seed)
    popRandom = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
    tabsRandom = SeededGenerator(seed: seed ^ 0x5851_F42D_4C95_7F2D)
    self.shape = shape
  }

  /// A random graph: flow 0 is the entry.
  mutating func make() -> FlowGraph {
    flowCount = Int.random(in: shape.flows, using: &random)
    var screens: [Screen] = []
    for flow in 0..<flowCount {
      let count = Int.random(in: shape.screens, using: &random)
      screenIDs.append((0..<count).map { ScreenID(screens.count + $0) })
      resultCounts.append(Int.random(in: shape.results, using: &random))
      for index in 0..<count {
        screens.append(Screen(name: "s\(index)", flow: FlowID(flow), span: nextRange()))
      }
    }
    if shape.tabs {
      tabsOwner = Int.random(in: 0..<3, using: &tabsRandom) == 0 ? 1 : 0
      tabsScreen = screenIDs[tabsOwner].randomElement(using: &tabsRandom)
    }
    var flows: [Flow] = []
    for flow in 0..<flowCount {
      for (local, screen) in screenIDs[flow].enumerated() {
        current = local
        var model = screens[screen.index]
        if screen == tabsScreen {
          model.tabBar = tabBar()
          model.dismissible = Bool.random(using: &tabsRandom)
          screens[screen.index] = model
          continue
        }
        let actionCount = Int.random(in: shape.actions, using: &random)
        model.actions = ActionList(
          (0..<actionCount).map { index in
            Action(name: "a\(index)", transition: transition(in: flow, depth: 0))
          })
        if shape.bothWays > 0 && Int.random(in: 0..<10, using: &random) < shape.bothWays,
          let target = later(in: flow), target != tabsScreen
        {
          // The same screen pushed by one action and presented by another.
          model.actions.append(
            Action(
              name: "p\(actionCount)", transition: Transition(.push(target), span: nextRange())))
          model.actions.append(
            Action(
              name: "p\(actionCount + 1)",
              transition: Transition(.present(target), span: nextRange())))
        }
        let roll = Int.random(in: 0..<10, using: &random)
        if roll < shape.backDisabled {
          model.back = .disabled
        } else if roll < 9 {
          model.back = .pop
        } else {
          model.back = .custom(transition(in: flow, depth: 1))
        }
        model.dismissible = Int.random(in: 0..<10, using: &random) >= shape.notDismissible
        screens[screen.index] = model
      }
      flows.append(
        Flow(
          name: "f\(flow)",
          results: (0..<resultCounts[flow]).map { ResultDefinition(name: "r\($0)") },
          start: shape.tabs && flow > tabsOwner
            ? showing(start(in: flow), in: flow) : start(in: flow),
          screens: screenIDs[flow], span: nextRange()))
    }
    return FlowGraph(
      flows: flows, screens: screens, tasks: [task], entry: FlowID(0), sources: sources)
  }

  private mutating func nextRange() -> SourceSpan {
    line += 1
    return sources.span(
      for: SourceRange(file: Self.file, at: SourcePosition(line: line, column: 1)))
  }

  /// A screen after the current one (``Shape/acyclic``), or any screen.
  private mutating func later(in flow: Int) -> ScreenID? {
    guard shape.acyclic else { return screen(in: flow) }
    guard current + 1 < screenIDs[flow].count else { return nil }
    return screenIDs[flow][Int.random(in: (current + 1)..<screenIDs[flow].count, using: &random)]
  }

  private mutating func screen(in flow: Int) -> ScreenID {
    screenIDs[flow].randomElement(using: &random)!
  }

  private mutating func start(in flow: Int) -> FlowStart {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<7: return FlowStart(.screen(screen(in: flow)))
    case 7..<9:
      return FlowStart(.run(TaskID(0), outcomes: [start(in: flow), start(in: flow)]))
    default: return FlowStart(.finish(result(in: flow)))
    }
  }

  private mutating func result(in flow: Int) -> FlowResultRef {
    let count = resultCounts[flow]
    let pick = Int.random(in: 0...count, using: &random)
    return pick == count ? .dismissed : .declared(pick)
  }

  private mutating func transition(in flow: Int, depth: Int) -> Transition {
    let range = nextRange()
    var kind: Transition.Kind
    switch Int.random(in: 0..<(depth < 2 ? 15 : 12), using: &random) {
    case 0, 1: kind = later(in: flow).map { .push($0) } ?? .stay
    case 2: kind = later(in: flow).map { .present($0) } ?? .stay
    case 3: kind = later(in: flow).map { .replace($0) } ?? .stay
    case 4: kind = .root(screen(in: flow))
    case 5: kind = .popTo(screen(in: flow))
    case 6: kind = .pop
    case 7: kind = .popToRoot
    case 8: kind = .dismiss
    case 9: kind = .stay
    case 10, 11: kind = .finish(result(in: flow))
    case 12:
      kind = .run(
        TaskID(0),
        outcomes: [transition(in: flow, depth: depth + 1), transition(in: flow, depth: depth + 1)])
    default:
      let first = shape.acyclic ? flow + 1 : 0
      guard first < flowCount else { return Transition(.stay, span: range) }
      let child = Int.random(in: first..<flowCount, using: &random)
      let mode: Transition.StartMode = Bool.random(using: &random) ? .push : .present
      let handlers = Transition.ResultHandlers(
        results: (0..<resultCounts[child]).map { _ in handler(in: flow, depth: depth) },
        dismissed: handler(in: flow, depth: depth))
      kind = .start(FlowID(child), mode: mode, handlers: handlers)
    }
    var popTo: Transition.PopTarget?
    switch kind {
    case .push, .start(_, .push, _):
      if Int.random(in: 0..<4, using: &popRandom) == 0 {
        popTo = Transition.PopTarget(
          screen: screenIDs[flow].randomElement(using: &popRandom)!,
          inclusive: Bool.random(using: &popRandom))
      }
    default: break
    }
    if shape.tabs {
      // A tabs screen is shown only by `present` or `root` (SPEC §6.1).
      switch kind {
      case .push(tabsScreen), .replace(tabsScreen):
        kind = .present(tabsScreen!)
        popTo = nil
      case .popTo(tabsScreen): kind = .stay
      case .start(let child, .push, let handlers) where child.index == tabsOwner && tabsOwner > 0:
        // A flow with a tabs screen at its base is started with mode present.
        kind = .start(child, mode: .present, handlers: handlers)
        popTo = nil
      default: break
      }
      if popTo?.screen == tabsScreen { popTo = nil }
      if Int.random(in: 0..<8, using: &tabsRandom) == 0 {
        kind = .select("t\(Int.random(in: 0...1, using: &tabsRandom))")
        popTo = nil
      }
    }
    return Transition(kind, span: range, popTo: popTo)
  }

  /// The tab bar of ``Shape/tabbed`` graphs: tabs `t0` and `t1` run flows 1
  /// and 2; their handlers do what a tabs screen's handlers may (no stack
  /// change).
  private mutating func tabBar() -> TabBar {
    let others = screenIDs[tabsOwner].filter { $0 != tabsScreen }
    func handler() -> Transition {
      let range = nextRange()
      let kind: Transition.Kind
      switch Int.random(in: 0..<9, using: &tabsRandom) {
      case 0: kind = .root(screenIDs[tabsOwner].randomElement(using: &tabsRandom)!)
      case 1: kind = others.randomElement(using: &tabsRandom).map { .present($0) } ?? .stay
      case 2: kind = .select("t\(Int.random(in: 0...1, using: &tabsRandom))")
      case 3: kind = .finish(result(in: tabsOwner))
      case 4: kind = .dismiss
      default: kind = .stay
      }
      return Transition(kind, span: range)
    }
    let tabs = (0..<2).map { index in
      Tab(
        name: "t\(index)", flow: FlowID(tabsOwner == 0 ? 1 + index : 2),
        handlers: Transition.ResultHandlers(
          results: (0..<resultCounts[tabsOwner == 0 ? 1 + index : 2]).map { _ in handler() },
          dismissed: handler()),
        span: nextRange())
    }
    return TabBar(tabs: tabs, selected: Int.random(in: 0...1, using: &tabsRandom))
  }

  /// A flow start that shows a screen (a tab flow's must: SPEC §6.1).
  private func showing(_ start: FlowStart, in flow: Int) -> FlowStart {
    switch start.kind {
    case .screen: return start
    case .run(let task, let outcomes):
      return FlowStart(.run(task, outcomes: outcomes.map { showing($0, in: flow) }))
    case .finish, .invalid: return FlowStart(.screen(screenIDs[flow][0]))
    }
  }

  private mutating func handler(in flow: Int, depth: Int) -> Transition {
    Int.random(in: 0..<10, using: &random) < shape.stayHandlers
      ? Transition(.stay, span: nextRange()) : transition(in: flow, depth: depth + 1)
  }
}

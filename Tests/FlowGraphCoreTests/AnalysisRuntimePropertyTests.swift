import FlowGraphCore
import Testing

/// Property tests against the real runtime (``FlowEngine``): seeded random
/// small graphs, seeded random event sequences (any possible action, back or
/// dismiss gesture, any task outcome). No run may show a screen the analysis
/// calls unreachable, and a pop, dismiss or select it calls invalid must be refused
/// by the runtime every time it is tried. The runs also cross-check the
/// reference interpreter: every screen the runtime shows, an exhaustive
/// exploration of ``ReferenceModel`` shows too.
///
/// (`no-exit` and the other existential rules are checked against exhaustive
/// explorations in ``AnalysisPropertyTests``: random runs cannot prove that a
/// configuration never ends.)
@Suite("Analysis against the runtime")
struct AnalysisRuntimePropertyTests {
  static let seeds: [UInt64] =
    Array(1...160) + Array(241..<(241 + AnalysisPropertyTests.richSeeds / 2))
    + Array(
      RandomGraphs
        .firstTabbedSeed..<(RandomGraphs.firstTabbedSeed
        + AnalysisPropertyTests.tabbedSeeds / 2))

  @Test("random runs never contradict the analysis", arguments: seeds)
  func randomRuns(seed: UInt64) throws {
    var generator = RandomGraphs(
      seed: seed, shape: RandomGraphs.shape(forSeed: seed))
    let graph = generator.make()
    let findings = Validator().validate(graph)
    var screenOfLine: [Int: Int] = [:]
    for (index, screen) in graph.screens.enumerated() {
      screenOfLine[graph.range(screen.span)!.start.line] = index
    }
    let unreachable = Set(
      findings.filter { $0.rule == .unreachableScreen }.compactMap { screenOfLine[$0.line!] })
    let invalid = Set(
      findings.filter {
        $0.rule == .invalidPop || $0.rule == .invalidDismiss || $0.rule == .invalidSelect
      }.compactMap(\.line))
    var walker = Walker(
      engine: FlowEngine(graph: graph), invalid: invalid,
      random: SeededGenerator(seed: seed &* 0x9E37_79B9))
    for _ in 0..<12 { walker.walk(steps: 25) }
    #expect(
      walker.shown.isDisjoint(with: unreachable),
      "seed \(seed): the runtime showed \(walker.shown.intersection(unreachable))")
    #expect(walker.refusedAsExpected, "seed \(seed): an invalid pop or dismiss went through")
    let model = ReferenceExploration(graph: graph, flow: 0, context: .base)
    if !model.truncated {
      #expect(
        walker.shown.isSubset(of: model.shownScreens),
        "seed \(seed): the runtime showed \(walker.shown.subtracting(model.shownScreens)), the reference model did not"
      )
    }
  }

  /// Drives the engine with random events and outcomes.
  private struct Walker {
    let engine: FlowEngine
    let invalid: Set<Int>
    var random: SeededGenerator
    /// Every screen shown on top after a step (global indices).
    var shown: Set<Int> = []
    /// Whether every invalid pop or dismiss tried was refused.
    var refusedAsExpected = true

    init(engine: FlowEngine, invalid: Set<Int>, random: SeededGenerator) {
      self.engine = engine
      self.invalid = invalid
      self.random = random
    }

    mutating func walk(steps: Int) {
      guard let entry = engine.graph.entry,
        var state = settle(try? engine.start(entry), pending: startOutcomes(of: entry.index))
      else { return }
      record(state)
      for _ in 0..<steps {
        guard state.finish == nil, let top = state.top else { return }
        let screen = engine.graph.screens[top.screen.index]
        // A pop or dismiss action called invalid is refused.
        for (index, action) in screen.actions.enumerated() where isInvalid(action.transition) {
          let id = ActionID(screen: top.screen, index: index)
          if (try? engine.step(state, .resolved(id))) != nil { refusedAsExpected = false }
        }
        let events = engine.possibleEvents(in: state)
        guard let event = events.randomElement(using: &random) else { return }
        let result: StepResult?
        var pending: [Transition]? = nil
        switch event.kind {
        case .action(let id):
          result = try? engine.step(state, .resolved(id))
          let transition = screen.actions[id.index].transition
          if case .run(_, let outcomes) = transition.kind { pending = Array(outcomes) }
        case .back:
          result = try? engine.step(state, .back)
          if case .custom(let transition) = screen.back,
            case .run(_, let outcomes) = transition.kind
          {
            pending = Array(outcomes)
          }
        case .dismiss:
          result = try? engine.step(state, .dismiss)
        case .tab:
          result = try? engine.step(state, .tab(String(event.name.dropFirst("tab:".count))))
        }
        guard let next = settle(result, pending: pending.map { .transitions($0) }) else { return }
        state = next
        record(state)
      }
    }

    /// What a suspension's outcomes are, when the walker knows.
    enum Outcomes {
      case transitions([Transition])
      case unknown
    }

    private func startOutcomes(of flow: Int) -> Outcomes? {
      if case .run = engine.graph.flows[flow].start.kind { return .unknown }
      return nil
    }

    /// Resolves suspensions with random outcomes; where the outcomes are
    /// known, an outcome that is a pop or dismiss called invalid must be refused.
    private mutating func settle(_ result: StepResult?, pending: Outcomes?) -> FlowState? {
      var result = result
      var known = pending
      while case .suspended(let suspension)? = result {
        let count = engine.graph.tasks[suspension.task.index].outcomes.count
        if case .transitions(let outcomes)? = known {
          for (index, outcome) in outcomes.enumerated() where isInvalid(outcome) {
            if (try? engine.resume(suspension, outcome: index, payload: [])) != nil {
              refusedAsExpected = false
            }
          }
        }
        let pick = Int.random(in: 0..<count, using: &random)
        if case .transitions(let outcomes)? = known, case .run(_, let nested) = outcomes[pick].kind
        {
          known = .transitions(Array(nested))
        } else {
          known = .unknown
        }
        result = try? engine.resume(suspension, outcome: pick, payload: [])
      }
      guard case .completed(let step)? = result else { return nil }
      return step.state
    }

    private func isInvalid(_ transition: Transition) -> Bool {
      guard let line = engine.graph.range(transition.span)?.start.line, invalid.contains(line)
      else { return false }
      switch transition.kind {
      case .pop, .popToRoot, .popTo, .dismiss, .select: return true
      default: return false
      }
    }

    private mutating func record(_ state: FlowState) {
      if let top = state.top { shown.insert(top.screen.index) }
    }
  }

  /// SPEC §6.1: the gesture closes a tabs layer "while the tabs screen is
  /// `dismissible`" (the runtime read the selected tab's first screen, so a
  /// tabs screen with `dismissible: false` could be swiped away).
  @Test("the gesture on a tabs layer follows the tabs screen's dismissible")
  func gestureOnATabsLayer() throws {
    let home = Screen(name: "home", flow: FlowID(0))
    var main = Screen(name: "main", flow: FlowID(0))
    main.dismissible = false
    main.tabBar = TabBar(tabs: [
      Tab(name: "a", flow: FlowID(1), handlers: Transition.ResultHandlers(results: [])),
      Tab(name: "b", flow: FlowID(1), handlers: Transition.ResultHandlers(results: [])),
    ])
    var homeWithAction = home
    homeWithAction.actions = [Action(name: "open", transition: Transition(.present(ScreenID(1))))]
    let first = Screen(name: "first", flow: FlowID(1))
    let graph = FlowGraph(
      flows: [
        Flow(
          name: "app", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(1)]),
        Flow(name: "tab", start: FlowStart(.screen(ScreenID(2))), screens: [ScreenID(2)]),
      ],
      screens: [homeWithAction, main, first], entry: FlowID(0))
    let engine = FlowEngine(graph: graph)
    guard case .completed(let started) = try engine.start(FlowID(0)),
      case .completed(let opened) = try engine.step(
        started.state, .resolved(ActionID(screen: ScreenID(0), index: 0)))
    else {
      Issue.record("the tabs layer did not open")
      return
    }
    #expect(throws: (any Error).self) { try engine.step(opened.state, .dismiss) }
    #expect(!engine.possibleEvents(in: opened.state).contains { $0.kind == .dismiss })
  }
}

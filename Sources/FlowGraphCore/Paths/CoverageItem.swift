/// One thing a set of generated runs must take at least once (SPEC §8): an
/// action on its screen, back or the dismiss gesture on a screen, a task's
/// outcome at one `run`, one result handler of one `start`, or a screen's
/// deep link.
///
/// A tab selection (SPEC §6.1) is one item per tab of each tabs screen, taken
/// by `tab:NAME` whenever that tab bar is the top layer (selecting the tab
/// already selected counts too).
public enum CoverageItem: Hashable, Sendable {
  /// An action of a screen, taken while that screen is on top.
  case action(ActionID)
  /// The system back on a screen (its custom `back` transition, if any).
  case back(ScreenID)
  /// The dismiss gesture while this screen is on top.
  case gesture(ScreenID)
  /// Outcome `outcome` of the `run` at `path`.
  case outcome(TransitionPath, Int)
  /// A flow's `start: { run: … }`: the outcomes taken from its first task
  /// down, the last one being the item.
  case startOutcome(FlowID, [Int])
  /// The handler of `result` of the `start` at `path`.
  case handler(TransitionPath, FlowResultRef)
  /// The deep link of a screen (SPEC §6.2), opened with `open:URL`: taken
  /// when the step ends on the screen, or, when its route has a stop, with
  /// the link pending where the first stop waits for the user.
  case deepLink(ScreenID)
  /// Selecting tab `index` of a tabs screen (`tab:NAME`) while its tab bar
  /// is the top layer.
  case tabSelection(ScreenID, Int)
}

extension CoverageItem {
  /// Whether the item is a deep link.
  var isDeepLink: Bool {
    if case .deepLink = self { return true }
    return false
  }
}

/// Every item that can be named before any run: the static transitions of the
/// graph, in file order (screen by screen: its deep link, its actions with
/// their nested outcomes and handlers, a custom back, then its tabs with
/// their handlers; each flow's start outcomes first).
struct CoverageCatalogue {
  /// The static items, in order.
  private(set) var items: [CoverageItem] = []
  /// For each flow, the flows its transitions start.
  private(set) var starts: [FlowID: Set<FlowID>] = [:]

  init(graph: FlowGraph) {
    for (flowIndex, flow) in graph.flows.enumerated() {
      addStart(flow.start, flow: FlowID(flowIndex), chain: [])
      for screenID in flow.screens {
        let screen = graph[screenID]
        if screen.deeplink != nil { items.append(.deepLink(screenID)) }
        for (index, action) in screen.actions.enumerated() {
          let id = ActionID(screen: screenID, index: index)
          items.append(.action(id))
          addNested(action.transition, path: TransitionPath(root: .action(id)), in: screen.flow)
        }
        if case .custom(let transition) = screen.back {
          items.append(.back(screenID))
          addNested(transition, path: TransitionPath(root: .back(screenID)), in: screen.flow)
        }
        for (index, tab) in (screen.tabBar?.tabs ?? []).enumerated() {
          items.append(.tabSelection(screenID, index))
          addTab(tab, path: TransitionPath(root: .tab(screenID, index)), in: screen.flow)
        }
      }
    }
  }

  private mutating func addStart(_ start: FlowStart, flow: FlowID, chain: [Int]) {
    guard case .run(_, let outcomes) = start.kind else { return }
    for (index, outcome) in outcomes.enumerated() {
      items.append(.startOutcome(flow, chain + [index]))
      addStart(outcome, flow: flow, chain: chain + [index])
    }
  }

  /// A tab starts its flow like a `start` (SPEC §6.1): its declared results'
  /// handlers are items. Not `dismissed`: closing the tab bar ends its tab
  /// flows with `dismissed` and runs no handler, which a run's effects do
  /// not tell apart from a handler that runs.
  private mutating func addTab(_ tab: Tab, path: TransitionPath, in flow: FlowID) {
    starts[flow, default: []].insert(tab.flow)
    for index in tab.handlers.results.indices {
      items.append(.handler(path, .declared(index)))
      addNested(
        tab.handlers[.declared(index)], path: path.appending(.handler(.declared(index))), in: flow)
    }
  }

  private mutating func addNested(_ transition: Transition, path: TransitionPath, in flow: FlowID) {
    switch transition.kind {
    case .run(_, let outcomes):
      for (index, outcome) in outcomes.enumerated() {
        items.append(.outcome(path, index))
        addNested(outcome, path: path.appending(.outcome(index)), in: flow)
      }
    case .start(let child, _, let handlers):
      starts[flow, default: []].insert(child)
      var results = handlers.results.indices.map(FlowResultRef.declared)
      // An unwritten `dismissed` handler is the implicit `stay`: nothing to take.
      if handlers.dismissed != .stay { results.append(.dismissed) }
      for result in results {
        items.append(.handler(path, result))
        addNested(handlers[result], path: path.appending(.handler(result)), in: flow)
      }
    default:
      break
    }
  }
}

extension FlowGraph {
  /// The transition an item takes, when it is a transition of the graph
  /// (an action's, a custom back's, an outcome's or a handler's).
  func transition(of item: CoverageItem) -> Transition? {
    switch item {
    case .action(let id): return transition(at: TransitionPath(root: .action(id)))
    case .back(let screen): return transition(at: TransitionPath(root: .back(screen)))
    case .gesture, .startOutcome, .deepLink, .tabSelection: return nil
    case .outcome(let path, let index): return transition(at: path.appending(.outcome(index)))
    case .handler(let path, let result): return transition(at: path.appending(.handler(result)))
    }
  }

  /// Where an item is written: its transition's navigation key, a start
  /// outcome's value, or (back without a custom transition, the gesture) the
  /// screen's name key.
  public func range(of item: CoverageItem) -> SourceRange? {
    range(span(of: item))
  }

  /// The span of ``range(of:)``.
  func span(of item: CoverageItem) -> SourceSpan? {
    switch item {
    case .back(let screen):
      return transition(of: item)?.span ?? self[screen].span
    case .gesture(let screen):
      return self[screen].span
    case .deepLink(let screen):
      return self[screen].deeplinkSpan ?? self[screen].span
    case .tabSelection(let screen, let index):
      return self[screen].tabBar?.tabs[index].span ?? self[screen].span
    case .startOutcome(let flow, let chain):
      return start(of: flow, chain: chain)?.span
    default:
      return transition(of: item)?.span
    }
  }

  /// The start a chain of start-task outcomes leads to.
  private func start(of flow: FlowID, chain: [Int]) -> FlowStart? {
    var current = self[flow].start
    for index in chain {
      guard case .run(_, let outcomes) = current.kind, index >= 0, index < outcomes.count else {
        return nil
      }
      current = outcomes[index]
    }
    return current
  }

  /// An item in words: `action 'rowSelected' on screen 'home'`, `outcome
  /// 'failure' of task 'login' (action 'loginButtonPressed' on screen 'login')`.
  public func describe(_ item: CoverageItem) -> String {
    switch item {
    case .action(let id):
      return "action '\(self[id].name)' on screen '\(self[id.screen].name)'"
    case .back(let screen):
      return "back on screen '\(self[screen].name)'"
    case .gesture(let screen):
      return "dismiss gesture on screen '\(self[screen].name)'"
    case .deepLink(let screen):
      return "deep link '\(self[screen].deeplink ?? "")' to screen '\(self[screen].name)'"
    case .tabSelection(let screen, let index):
      let name = self[screen].tabBar.map { $0.tabs[index].name } ?? "#\(index)"
      return "selecting tab '\(name)' of screen '\(self[screen].name)'"
    case .outcome(let path, let index):
      guard case .run(let task, _)? = transition(at: path)?.kind else { return "\(item)" }
      let outcome = self[task].outcomes[index].name
      return "outcome '\(outcome)' of task '\(self[task].name)' (\(describe(path)))"
    case .startOutcome(let flow, let chain):
      guard let last = chain.last,
        case .run(let task, _)? = start(of: flow, chain: Array(chain.dropLast()))?.kind
      else { return "\(item)" }
      // The outcomes taken before this one, when the start runs tasks in a chain.
      var earlier: [String] = []
      var current = self[flow].start
      for index in chain.dropLast() {
        guard case .run(let task, let outcomes) = current.kind else { break }
        earlier.append("'\(self[task].outcomes[index].name)'")
        current = outcomes[index]
      }
      let after = earlier.isEmpty ? "" : ", after " + earlier.joined(separator: ", ")
      return
        "outcome '\(self[task].outcomes[last].name)' of task '\(self[task].name)' (start of flow '\(self[flow].name)'\(after))"
    case .handler(let path, let result):
      guard case .start(let child, _, _)? = transition(at: path)?.kind else { return "\(item)" }
      return
        "handler '\(self[child].name(of: result))' of 'start: \(self[child].name)' (\(describe(path)))"
    }
  }

  /// Where a path begins, in words, with the steps below it.
  private func describe(_ path: TransitionPath) -> String {
    var text: String
    switch path.root {
    case .action(let id): text = "action '\(self[id].name)' on screen '\(self[id.screen].name)'"
    case .back(let screen): text = "back on screen '\(self[screen].name)'"
    case .tab(let screen, let index):
      text =
        "tab '\(self[screen].tabBar?.tabs[index].name ?? "#\(index)")' of screen '\(self[screen].name)'"
    }
    var current = TransitionPath(root: path.root)
    for step in path.steps {
      switch (step, transition(at: current)?.kind) {
      case (.outcome(let index), .run(let task, _)?):
        text += ", outcome '\(self[task].outcomes[index].name)'"
      case (.handler(let result), .start(let child, _, _)?):
        text += ", handler '\(self[child].name(of: result))'"
      default:
        break
      }
      current = current.appending(step)
    }
    return text
  }

  /// The flow an item belongs to.
  func flow(of item: CoverageItem) -> FlowID {
    switch item {
    case .action(let id): return self[id.screen].flow
    case .back(let screen), .gesture(let screen), .deepLink(let screen),
      .tabSelection(let screen, _):
      return self[screen].flow
    case .startOutcome(let flow, _): return flow
    case .outcome(let path, _), .handler(let path, _):
      switch path.root {
      case .action(let id): return self[id.screen].flow
      case .back(let screen), .tab(let screen, _): return self[screen].flow
      }
    }
  }
}

/// The runtime's own states reachable from one flow's start, explored breadth
/// first through the public engine (``FlowEngine/possibleEvents(in:)``,
/// ``FlowEngine/step(_:_:)``, ``FlowEngine/resume(_:outcome:payload:)``), so
/// that every path through it is a run `flowgraph run` accepts. Node 0 is
/// the state before the start; every edge is one step with the coverage items
/// it takes (indices into an ``ItemTable``).
struct StateSpace {
  /// One step between two states.
  struct Edge {
    var from: Int
    /// The next state; `nil` when it lies beyond the state budget.
    var to: Int?
    var step: PathStep
    var items: [Int]
  }

  /// The states, by node; node 0 is the empty state before the start.
  private(set) var states: [FlowState] = [FlowState()]
  private(set) var edges: [Edge] = []
  /// Whether the budget stopped the exploration before it had seen everything.
  private(set) var truncated = false
  private var seen: Set<EdgeKey> = []
  /// The node of each state kept, by key.
  private var nodes: [StateKey: Int] = [:]

  private struct EdgeKey: Hashable {
    var from: Int
    var to: Int?
    var items: [Int]
  }

  /// Explores the runs of `flow` started with `input`.
  init(
    graph: FlowGraph, flow: FlowID, input: [String: Value], budget: PathBudget,
    items: inout ItemTable
  ) {
    let engine = FlowEngine(graph: graph)
    var explorer = StepExplorer(graph: graph, engine: engine, budget: budget)
    var keys: [StateKey: Int] = [:]
    if let start = try? engine.start(flow, input: input) {
      for leaf in explorer.leaves(of: start) {
        add(
          leaf, from: 0, step: PathStep(event: nil, text: "", outcomes: leaf.choices),
          eventItem: nil, &keys, &items, budget)
      }
    }
    var next = 1
    while next < states.count {
      let node = next
      next += 1
      let state = states[node]
      guard state.finish == nil else { continue }
      guard state.screenCount <= budget.maximumScreens else {
        truncated = true
        continue
      }
      // Events are possible only on a screen.
      guard let top = state.top?.screen else { continue }
      for possible in engine.possibleEvents(in: state) {
        let (event, eventItem) = Self.event(possible, in: state, on: top, graph)
        guard let result = try? engine.step(state, event) else { continue }
        let text = engine.describe(event, in: state)
        for leaf in explorer.leaves(of: result) {
          add(
            leaf, from: node, step: PathStep(event: event, text: text, outcomes: leaf.choices),
            eventItem: eventItem, &keys, &items, budget)
        }
      }
    }
    truncated = truncated || explorer.truncated
    nodes = keys
  }

  /// The node of a state (up to values and instance numbers), if it was kept.
  func node(of state: FlowState) -> Int? { nodes[StateKey(state)] }

  /// The event to send for a possible one (an action with sample
  /// arguments) and the item it takes: the one place that maps each
  /// ``PossibleEvent/Kind`` to its ``CoverageItem`` (a new kind stops this
  /// switch compiling until it has one).
  private static func event(
    _ possible: PossibleEvent, in state: FlowState, on top: ScreenID, _ graph: FlowGraph
  ) -> (FlowEvent, CoverageItem?) {
    switch possible.kind {
    case .action(let id):
      var arguments: [String: Value] = [:]
      for param in possible.params { arguments[param.name] = graph.sampleValue(for: param) }
      return (.action(possible.name, arguments: arguments), .action(id))
    case .back:
      return (.back, .back(top))
    case .dismiss:
      return (.dismiss, .gesture(top))
    case .tab(let index):
      // `tab:NAME` acts on the top layer's tab bar (SPEC §6.1).
      let event = FlowEvent.tab(String(possible.name.dropFirst("tab:".count)))
      guard let tabs = state.layers.last?.tabsScreen?.screen else { return (event, nil) }
      return (event, .tabSelection(tabs, index))
    }
  }

  private mutating func add(
    _ leaf: StepExplorer.Leaf, from node: Int, step: PathStep, eventItem: CoverageItem?,
    _ keys: inout [StateKey: Int], _ items: inout ItemTable, _ budget: PathBudget
  ) {
    var covered: [Int] = []
    if let eventItem { covered.append(items.index(of: eventItem)) }
    for item in leaf.items {
      if let index = items.existingIndex(of: item) { covered.append(index) }
    }
    let key = StateKey(leaf.state)
    var target = keys[key]
    if target == nil, states.count < budget.maximumStates {
      target = states.count
      keys[key] = states.count
      states.append(leaf.state)
    } else if target == nil {
      truncated = true
    }
    // Parallel steps that end in the same state and take the same items add nothing.
    guard seen.insert(EdgeKey(from: node, to: target, items: covered)).inserted else { return }
    edges.append(Edge(from: node, to: target, step: step, items: covered))
  }
}

/// Every way one event (or the start) can end: each combination of task
/// outcomes, in outcome order, with the coverage items it takes.
struct StepExplorer {
  struct Leaf {
    var state: FlowState
    var choices: [TaskChoice]
    /// The outcomes and handlers the step took (the event's own item aside).
    var items: [CoverageItem]
  }

  let graph: FlowGraph
  let engine: FlowEngine
  let budget: PathBudget
  private(set) var truncated = false

  init(graph: FlowGraph, engine: FlowEngine, budget: PathBudget) {
    self.graph = graph
    self.engine = engine
    self.budget = budget
  }

  mutating func leaves(of result: StepResult) -> [Leaf] {
    var leaves: [Leaf] = []
    visit(result, choices: [], sites: [], into: &leaves)
    return leaves
  }

  private mutating func visit(
    _ result: StepResult, choices: [TaskChoice], sites: [Suspension.Site?],
    into leaves: inout [Leaf]
  ) {
    switch result {
    case .completed(let step):
      leaves.append(
        Leaf(
          state: step.state, choices: choices,
          items: Self.items(sites: sites, choices: choices, effects: step.effects)))
    case .suspended(let suspension):
      guard choices.count < budget.maximumTasksPerStep else {
        truncated = true
        return
      }
      for (index, outcome) in graph[suspension.task].outcomes.enumerated() {
        guard leaves.count < budget.maximumBranchesPerEvent else {
          truncated = true
          return
        }
        let payload = graph.sampleValues(for: outcome.payload)
        guard let next = try? engine.resume(suspension, outcome: index, payload: payload) else {
          continue
        }
        visit(
          next,
          choices: choices + [TaskChoice(task: suspension.task, outcome: index, payload: payload)],
          sites: sites + [suspension.site], into: &leaves)
      }
    }
  }

  /// The outcome items of a step's task answers, and its handler items: a
  /// child's handler runs when its parent survives the child's end (SPEC
  /// §2.6), that is when the parent does not end in the same batch (the
  /// flows that end together are reported together, innermost first).
  static func items(sites: [Suspension.Site?], choices: [TaskChoice], effects: [Effect])
    -> [CoverageItem]
  {
    var items: [CoverageItem] = []
    var startChains: [FlowInstanceID: [Int]] = [:]
    for (site, choice) in zip(sites, choices) {
      switch site {
      case .transition(let path)?:
        items.append(.outcome(path, choice.outcome))
      case .flowStart(let flow, let instance)?:
        let chain = startChains[instance, default: []] + [choice.outcome]
        startChains[instance] = chain
        items.append(.startOutcome(flow, chain))
      case nil:
        break
      }
    }
    var index = 0
    while index < effects.count {
      var batch: [(instance: FlowInstance, result: FlowResultRef)] = []
      while index < effects.count, case .flowFinished(let instance, let result, _) = effects[index]
      {
        batch.append((instance, result))
        index += 1
      }
      guard !batch.isEmpty else {
        index += 1
        continue
      }
      let ended = Set(batch.map(\.instance.id))
      for (instance, result) in batch {
        guard let parent = instance.parent, !ended.contains(parent), let origin = instance.origin
        else { continue }
        items.append(.handler(origin, result))
      }
    }
    return items
  }
}

/// The coverage items by number: the catalogue's static items first, in file
/// order, then back and gesture items as the exploration finds them.
struct ItemTable {
  private(set) var items: [CoverageItem] = []
  private var numbers: [CoverageItem: Int] = [:]
  /// How many of ``items`` are static (the catalogue's).
  let staticCount: Int

  init(_ catalogue: CoverageCatalogue) {
    for item in catalogue.items where numbers[item] == nil {
      numbers[item] = items.count
      items.append(item)
    }
    staticCount = items.count
  }

  /// The number of an item, adding it when it is new.
  mutating func index(of item: CoverageItem) -> Int {
    if let number = numbers[item] { return number }
    numbers[item] = items.count
    items.append(item)
    return items.count - 1
  }

  /// The number of an item that is already known (an unwritten `dismissed`
  /// handler is not an item).
  func existingIndex(of item: CoverageItem) -> Int? { numbers[item] }
}

import FlowGraphCore

/// A concrete interpreter of SPEC §2.4–2.6, written directly from the text
/// and independent of the analysis: explicit layers of explicit frames, an
/// explicit stack of running flows. The property tests explore it
/// exhaustively (within bounds) and compare with what the analysis claims.
struct ReferenceModel {
  /// One shown screen: which running flow shows it (an index into
  /// ``Config/flows``) and which screen (global index; -1 for the stand-in
  /// parent of an isolated child).
  struct Frame: Hashable {
    var flow: Int
    var screen: Int
  }

  /// A layer: who owns it, what opened it (the `present`'s line, or 0), its
  /// stack. A tabs layer (SPEC §6.1) has its tabs screen as its first frame,
  /// then the selected tab's stack; the other tabs' stacks and flows are
  /// parked in ``tabs``.
  struct Layer: Hashable {
    var owner: Int
    var openedBy: Int
    var frames: [Frame]
    var tabs: Tabs? = nil

    /// The index of the first frame of the (selected tab's) stack.
    var bottom: Int { tabs == nil ? 0 : 1 }
  }

  /// The tabs of a tabs layer: the selected one, and each tab's stack and
  /// running flows while it is not live (flow indices in its frames are
  /// relative to the first of its flows).
  struct Tabs: Hashable {
    var selected: Int
    var parked: [Parked?]
  }

  /// A tab's stack and flows, kept while another tab is selected.
  struct Parked: Hashable {
    var frames: [Frame]
    var flows: [Running]
  }

  /// A running flow: which flow, its parent's handlers (nil for the root),
  /// the mode it was started with, and for a tab flow its tab.
  struct Running: Hashable {
    var flow: Int
    var handlers: Transition.ResultHandlers?
    var mode: Transition.StartMode = .push
    var tab: Int? = nil
  }

  /// The live navigation state.
  struct Config: Hashable {
    var layers: [Layer]
    var flows: [Running]
  }

  /// What one step leads to.
  enum Step: Hashable {
    /// The next configuration; `ended`: the lowest index in
    /// ``Config/flows`` of a running flow that ended in this step (a handler
    /// may start another flow at the same index in the same step);
    /// `closed`: the lowest index in ``Config/layers`` of a layer closed in it.
    case next(Config, ended: Int = Int.max, closed: Int = Int.max)
    /// The judged flow ended (with this result).
    case finished
  }

  /// How the judged flow is started.
  enum Context {
    case base
    case push
    case present
    /// As the one tab of a stand-in tabs layer.
    case tab
  }

  let graph: FlowGraph
  /// The index of the judged flow in ``Config/flows`` (1 for an isolated
  /// child, whose stand-in parent is 0).
  let judged: Int
  /// For every `pop`, `popToRoot`, `pop: S`, `dismiss` and `popTo` tried:
  /// its line, and whether it was possible.
  private(set) var attempts: [Int: Bool] = [:]
  /// For every `select: TAB` tried: its line, and whether it was possible.
  private(set) var selectAttempts: [Int: Bool] = [:]

  /// The lines of transitions run as `stay` (SPEC §3: a pop or dismiss
  /// reported as never possible is `stay` for every other rule).
  var stayLines: Set<Int> = []

  init(graph: FlowGraph, context: Context) {
    self.graph = graph
    judged = context == .base ? 0 : 1
  }

  /// The configurations the judged flow starts in (its start may run a task).
  mutating func initial(flow: Int, context: Context) -> [Step] {
    var base = Config(layers: [], flows: [])
    if context != .base {
      base.flows.append(Running(flow: -1, handlers: nil))
      base.layers.append(Layer(owner: 0, openedBy: 0, frames: [Frame(flow: 0, screen: -1)]))
    }
    if context == .tab {
      base.layers[0].tabs = Tabs(selected: 0, parked: [nil])
      return startFlow(flow, mode: .push, handlers: nil, tab: 0, in: base)
    }
    return normalized(
      startFlow(flow, mode: context == .present ? .present : .push, handlers: nil, in: base))
  }

  // MARK: Events

  /// Every step possible from a configuration: each action of the top
  /// screen (each task outcome), system back, and the dismiss gesture.
  mutating func successors(of config: Config) -> [Step] {
    normalized(rawSuccessors(of: config))
  }

  private mutating func rawSuccessors(of config: Config) -> [Step] {
    guard let top = config.layers.last?.frames.last, top.screen >= 0,
      top.flow == config.flows.count - 1
    else { return [] }
    let screen = graph.screens[top.screen]
    var steps: [Step] = []
    for action in screen.actions { steps += apply(action.transition, config) }
    let backIsPossible = config.layers.last!.frames.count >= config.layers.last!.bottom + 2
    if case .custom(let transition) = screen.back {
      // A custom back is an attempt, possible when back is (`invalid-pop`
      // on a back that never runs); a pop-like one, or one with `popTo`,
      // records its own.
      let line = graph.range(transition.span)?.start.line ?? 0
      switch transition.kind {
      case .pop, .popToRoot, .popTo, .dismiss: if !backIsPossible { record(line, false) }
      case _ where transition.popTo != nil: if !backIsPossible { record(line, false) }
      default: record(line, backIsPossible)
      }
    }
    if backIsPossible {
      switch screen.back {
      case .pop: steps += pop(config, record: nil)
      case .disabled: break
      case .custom(let transition): steps += apply(transition, config)
      }
    }
    if config.layers.count > 1, let first = config.layers.last!.frames.first, first.screen >= 0,
      graph.screens[first.screen].dismissible
    {
      var next = config
      Self.endTabFlows(&next)
      next.layers.removeLast()
      steps += settle(next, closed: next.layers.count)
    }
    // Tab selections, in tab order, when the top layer is a tabs layer.
    if let tabs = config.layers.last!.tabs {
      for tab in tabs.parked.indices { steps += selecting(tab, config) }
    }
    return steps
  }

  // MARK: Tabs (SPEC §6.1)

  /// Selecting tab `tab` of the top layer (a tabs layer): another tab is
  /// switched to, keeping every stack; the selected one pops to its first
  /// screen, ending the flows left with no screen (the tab flow's handler
  /// for the child it started runs).
  private mutating func selecting(_ tab: Int, _ config: Config) -> [Step] {
    var next = config
    let layer = next.layers.count - 1
    guard tab == next.layers[layer].tabs!.selected else {
      Self.park(&next)
      next.layers[layer].tabs!.selected = tab
      return [.next(next)]
    }
    guard next.layers[layer].frames.count > 2 else { return [.next(next)] }
    next.layers[layer].frames.removeSubrange(2...)
    return settle(next)
  }

  /// Parks the live tab of the top layer (its flows are the last ones).
  private static func park(_ config: inout Config) {
    let layer = config.layers.count - 1
    let owner = config.layers[layer].frames[0].flow
    guard config.layers[layer].frames.count > 1 else { return }
    let frames = config.layers[layer].frames[1...].map {
      Frame(flow: $0.flow - owner - 1, screen: $0.screen)
    }
    let flows = Array(config.flows[(owner + 1)...])
    let selected = config.layers[layer].tabs!.selected
    config.layers[layer].tabs!.parked[selected] = Parked(frames: frames, flows: flows)
    config.layers[layer].frames.removeSubrange(1...)
    config.flows.removeSubrange((owner + 1)...)
  }

  /// Before a tabs layer closes: its live tab flows end, and no handler runs.
  private static func endTabFlows(_ config: inout Config) {
    let layer = config.layers.count - 1
    guard config.layers[layer].tabs != nil else { return }
    let owner = config.layers[layer].frames[0].flow
    if owner + 1 < config.flows.count { config.flows.removeSubrange((owner + 1)...) }
  }

  /// After a step: a tabs screen just shown starts its tab flows (in tab
  /// order, each parked in its tab), and a top tabs layer whose live tab is
  /// parked (it was selected, or restarted under a modal) shows it.
  private mutating func normalized(_ steps: [Step]) -> [Step] {
    steps.flatMap { step -> [Step] in
      guard case .next(let config, let ended, let closed) = step else { return [step] }
      return normalize(config).map { .next($0, ended: ended, closed: closed) }
    }
  }

  private mutating func normalize(_ config: Config) -> [Config] {
    if let layer = config.layers.firstIndex(where: {
      $0.tabs == nil && $0.frames.count == 1 && $0.frames[0].screen >= 0
        && graph.screens[$0.frames[0].screen].tabBar != nil
    }) {
      let bar = graph.screens[config.layers[layer].frames[0].screen].tabBar!
      var configs = [config]
      for index in configs.indices {
        configs[index].layers[layer].tabs = Tabs(
          selected: bar.selected, parked: Array(repeating: nil, count: bar.tabs.count))
      }
      for tab in bar.tabs.indices {
        configs = configs.flatMap { startTab(tab, in: layer, $0) }
      }
      return configs.flatMap { normalize($0) }
    }
    var next = config
    let layer = next.layers.count - 1
    if layer >= 0, let tabs = next.layers[layer].tabs, next.layers[layer].frames.count == 1,
      next.layers[layer].frames[0].flow == next.flows.count - 1,
      let parked = tabs.parked[tabs.selected]
    {
      let first = next.flows.count
      next.flows += parked.flows
      next.layers[layer].frames += parked.frames.map {
        Frame(flow: $0.flow + first, screen: $0.screen)
      }
      next.layers[layer].tabs!.parked[tabs.selected] = nil
    }
    return [next]
  }

  /// Starts tab `tab`'s flow in the tabs layer at index `layer`, as a child
  /// of its owner, and parks it.
  private mutating func startTab(_ tab: Int, in layer: Int, _ config: Config) -> [Config] {
    let screen = config.layers[layer].frames[0].screen
    let model = graph.screens[screen].tabBar!.tabs[tab]
    func begin(_ start: FlowStart) -> [Config] {
      switch start.kind {
      case .screen(let first):
        let flows = [Running(flow: model.flow.index, handlers: model.handlers, tab: tab)]
        var next = config
        next.layers[layer].tabs!.parked[tab] = Parked(
          frames: [Frame(flow: 0, screen: first.index)], flows: flows)
        return [next]
      case .run(_, let outcomes): return outcomes.flatMap(begin)
      case .finish, .invalid: return []
      }
    }
    return begin(graph.flows[model.flow.index].start)
  }

  /// `select: TAB`: possible where the current screen is in the top layer,
  /// a tabs layer (a tabs screen's own handler acts on its tabs).
  private mutating func select(_ name: String, _ config: Config, line: Int) -> [Step] {
    guard let tabs = config.layers.last?.tabs else {
      selectAttempts[line] = selectAttempts[line] ?? false
      return []
    }
    selectAttempts[line] = true
    let bar = config.layers.last!.frames[0].screen
    // (In a stand-in tabs layer, another tab changes nothing of the flow's.)
    guard bar >= 0, let tab = graph.screens[bar].tabBar?.index(of: name), tab != tabs.selected
    else { return [.next(config)] }
    var next = config
    Self.park(&next)
    next.layers[next.layers.count - 1].tabs!.selected = tab
    return [.next(next)]
  }

  // MARK: Transitions

  mutating func apply(_ transition: Transition, _ config: Config) -> [Step] {
    let current = config.flows.count - 1
    let line = graph.range(transition.span)?.start.line ?? 0
    var next = config
    if stayLines.contains(line) { return [.next(next)] }
    if let target = transition.popTo {
      return popThen(transition, target, config, line: line)
    }
    switch transition.kind {
    case .push(let screen):
      next.layers[next.layers.count - 1].frames.append(Frame(flow: current, screen: screen.index))
      return [.next(next)]
    case .present(let screen):
      next.layers.append(
        Layer(owner: current, openedBy: line, frames: [Frame(flow: current, screen: screen.index)]))
      return [.next(next)]
    case .replace(let screen):
      let layer = next.layers.count - 1
      next.layers[layer].frames[next.layers[layer].frames.count - 1] = Frame(
        flow: current, screen: screen.index)
      return [.next(next)]
    case .root(let screen):
      let home = next.layers.firstIndex { $0.frames.contains { $0.flow == current } }!
      next.layers.removeSubrange((home + 1)...)
      let first = next.layers[home].frames.firstIndex { $0.flow == current }!
      next.layers[home].frames.removeSubrange(first...)
      next.layers[home].frames.append(Frame(flow: current, screen: screen.index))
      // (The owner of a tabs screen replaces it: the tab bar goes.)
      if first == 0 { next.layers[home].tabs = nil }
      return [.next(next, closed: home + 1 < config.layers.count ? home + 1 : .max)]
    case .popTo(let screen):
      let layer = next.layers.count - 1
      let frames = next.layers[layer].frames
      let first = frames.firstIndex { $0.flow == current }!
      let found = frames.indices.reversed().dropFirst().first {
        $0 >= first && frames[$0].screen == screen.index
      }
      record(line, found != nil)
      guard let found else { return [] }
      next.layers[layer].frames.removeSubrange((found + 1)...)
      return [.next(next)]
    case .pop:
      return pop(config, record: line)
    case .popToRoot:
      let layer = next.layers.count - 1
      let frames = next.layers[layer].frames
      let first = frames.firstIndex { $0.flow == current }!
      record(line, first < frames.count - 1)
      guard first < frames.count - 1 else { return [] }
      next.layers[layer].frames.removeSubrange((first + 1)...)
      return [.next(next)]
    case .dismiss:
      let possible = next.layers.count > 1 && next.layers.last!.owner == current
      record(line, possible)
      guard possible else { return [] }
      Self.endTabFlows(&next)
      next.layers.removeLast()
      return settle(next, closed: next.layers.count)
    case .stay:
      return [.next(next)]
    case .select(let name):
      return select(name, config, line: line)
    case .finish(let result):
      // Its screens and its layers (and every layer above them) go away.
      if let owned = next.layers.firstIndex(where: { $0.owner == current && $0.owner > 0 }) {
        next.layers.removeSubrange(owned...)
      }
      for index in next.layers.indices {
        next.layers[index].frames.removeAll { $0.flow == current }
      }
      next.layers.removeAll { $0.frames.isEmpty }
      let closed = next.layers.count < config.layers.count ? next.layers.count : .max
      return Self.marking(end(next, with: result), closed: closed)
    case .start(let child, let mode, let handlers):
      return startFlow(child.index, mode: mode, handlers: handlers, in: config)
    case .run(_, let outcomes):
      return outcomes.flatMap { apply($0, config) }
    case .invalid:
      return []
    }
  }

  /// `push: S` or a push-mode `start` with `popTo: X` (SPEC §6.3): pop back
  /// to the nearest X at or below the top within this flow's part of the
  /// layer (X too when inclusive), then push; a `start` that would leave its
  /// flow no screen in the layer is not possible.
  private mutating func popThen(
    _ transition: Transition, _ target: Transition.PopTarget, _ config: Config, line: Int
  ) -> [Step] {
    let current = config.flows.count - 1
    var next = config
    let layer = next.layers.count - 1
    let frames = next.layers[layer].frames
    let first = frames.firstIndex { $0.flow == current }!
    let found = frames.indices.reversed().first {
      $0 >= first && frames[$0].screen == target.screen.index
    }
    guard let found else {
      record(line, false)
      return []
    }
    let keeping = target.inclusive ? found : found + 1
    next.layers[layer].frames.removeSubrange(keeping...)
    switch transition.kind {
    case .push(let screen):
      record(line, true)
      next.layers[layer].frames.append(Frame(flow: current, screen: screen.index))
      return [.next(next)]
    case .start(let child, .push, let handlers):
      let possible = keeping > 0 && frames[keeping - 1].flow == current
      record(line, possible)
      guard possible else { return [] }
      return startFlow(child.index, mode: .push, handlers: handlers, in: next)
    default:
      return []
    }
  }

  private mutating func pop(_ config: Config, record line: Int?) -> [Step] {
    var next = config
    let layer = next.layers.count - 1
    let possible = next.layers[layer].frames.count > next.layers[layer].bottom + 1
    if let line { record(line, possible) }
    guard possible else { return [] }
    next.layers[layer].frames.removeLast()
    return settle(next)
  }

  private mutating func record(_ line: Int, _ possible: Bool) {
    attempts[line] = (attempts[line] ?? false) || possible
  }

  /// Starts a flow on top of `config` (its start may run a task or finish at once).
  private mutating func startFlow(
    _ flow: Int, mode: Transition.StartMode, handlers: Transition.ResultHandlers?,
    tab: Int? = nil, in config: Config
  ) -> [Step] {
    func begin(_ start: FlowStart) -> [Step] {
      switch start.kind {
      case .screen(let screen):
        var next = config
        let index = next.flows.count
        next.flows.append(Running(flow: flow, handlers: handlers, mode: mode, tab: tab))
        let frame = Frame(flow: index, screen: screen.index)
        if mode == .present || next.layers.isEmpty {
          next.layers.append(Layer(owner: index, openedBy: 0, frames: [frame]))
        } else {
          next.layers[next.layers.count - 1].frames.append(frame)
        }
        return [.next(next)]
      case .run(_, let outcomes):
        return outcomes.flatMap(begin)
      case .finish(let result):
        // Shows nothing; the parent's handler runs at once.
        guard let handlers, config.flows.count > judged else { return [.finished] }
        return apply(handlers[result], config)
      case .invalid:
        return []
      }
    }
    return begin(graph.flows[flow].start)
  }

  /// The innermost flow ended with `result` (its screens already gone).
  private mutating func end(_ config: Config, with result: FlowResultRef) -> [Step] {
    var next = config
    let ended = next.flows.removeLast()
    guard next.flows.count > judged, let handlers = ended.handlers else { return [.finished] }
    let owner = next.flows.count - 1
    let steps = Self.marking(apply(handlers[result], next), ended: next.flows.count)
    guard let tab = ended.tab else { return steps }
    // A tab flow that ended starts again in its tab, if the tabs layer is
    // still there (and was not shown afresh).
    return steps.flatMap { step -> [Step] in
      guard case .next(let config, let endedLevel, let closed) = step,
        let layer = config.layers.firstIndex(where: {
          $0.tabs != nil && $0.frames.first?.flow == owner
        }),
        config.layers[layer].tabs!.parked[tab] == nil,
        config.layers[layer].tabs!.selected != tab || config.layers[layer].frames.count == 1
      else { return [step] }
      return startTab(tab, in: layer, config).map { .next($0, ended: endedLevel, closed: closed) }
    }
  }

  /// Marks steps as ending the running flows from index `level` on and
  /// closing the layers from index `depth` on.
  private static func marking(_ steps: [Step], ended level: Int = .max, closed depth: Int = .max)
    -> [Step]
  {
    steps.map { step in
      guard case .next(let config, let ended, let closed) = step else { return step }
      return .next(config, ended: min(ended, level), closed: min(closed, depth))
    }
  }

  /// After screens went away: every flow left with no screen ends with
  /// `dismissed`, innermost first; only a parent that survives runs its handler.
  private mutating func settle(_ config: Config, closed: Int = .max) -> [Step] {
    var next = config
    next.layers.removeAll { $0.frames.isEmpty }
    let closed = min(closed, next.layers.count < config.layers.count ? next.layers.count : .max)
    func shows(_ flow: Int) -> Bool {
      next.layers.contains { $0.frames.contains { $0.flow == flow } }
    }
    guard !shows(next.flows.count - 1) else { return [.next(next, closed: closed)] }
    var ended = next.flows.removeLast()
    while let last = next.flows.indices.last, !shows(last) { ended = next.flows.removeLast() }
    guard next.flows.count > judged, let handlers = ended.handlers else { return [.finished] }
    return Self.marking(
      apply(handlers.dismissed, next), ended: next.flows.count, closed: closed)
  }
}

/// An exhaustive exploration of a ``ReferenceModel`` within bounds.
struct ReferenceExploration {
  /// Every configuration met, with the steps from it.
  private(set) var configs: [ReferenceModel.Config] = []
  private(set) var steps: [[Int]] = []  // indices into configs; -1 = finished
  /// Parallel to ``steps``: the lowest running-flow index each step ends.
  private(set) var endedLevels: [[Int]] = []
  /// Parallel to ``steps``: the lowest layer index each step closes.
  private(set) var closedDepths: [[Int]] = []
  /// Whether a bound cut the exploration short (then absence claims are unsafe).
  private(set) var truncated = false
  /// Whether each configuration's steps were explored.
  private(set) var expanded: [Bool] = []
  /// Whether the bound on the number of frames was hit.
  private(set) var grewPastBound = false
  /// For every pop/dismiss line tried: whether it was ever possible.
  private(set) var attempts: [Int: Bool] = [:]
  /// For every `select` line tried: whether it was ever possible.
  private(set) var selectAttempts: [Int: Bool] = [:]

  init(
    graph: FlowGraph, flow: Int, context: ReferenceModel.Context, maxConfigs: Int = 4_000,
    maxFrames: Int = 14, stayLines: Set<Int> = []
  ) {
    var model = ReferenceModel(graph: graph, context: context)
    model.stayLines = stayLines
    var index: [ReferenceModel.Config: Int] = [:]
    var pending: [Int] = []
    func add(_ step: ReferenceModel.Step) -> Int {
      guard case .next(let config, _, _) = step else { return -1 }
      if let known = index[config] { return known }
      index[config] = configs.count
      configs.append(config)
      steps.append([])
      endedLevels.append([])
      closedDepths.append([])
      expanded.append(false)
      pending.append(configs.count - 1)
      return configs.count - 1
    }
    for step in model.initial(flow: flow, context: context) { _ = add(step) }
    var head = 0
    while head < pending.count {
      let current = pending[head]
      head += 1
      let config = configs[current]
      let frames = config.layers.reduce(0) { $0 + $1.frames.count }
      guard frames <= maxFrames else {
        truncated = true
        grewPastBound = true
        continue
      }
      guard configs.count < maxConfigs else {
        truncated = true
        continue
      }
      let successors = model.successors(of: config)
      steps[current] = successors.map(add)
      endedLevels[current] = successors.map { step in
        if case .next(_, let ended, _) = step { return ended }
        return 0
      }
      closedDepths[current] = successors.map { step in
        if case .next(_, _, let closed) = step { return closed }
        return 0
      }
      expanded[current] = true
    }
    attempts = model.attempts
    selectAttempts = model.selectAttempts
  }

  /// The screens on top of some configuration, shown by the judged flow or
  /// any flow it starts (global indices).
  var shownScreens: Set<Int> {
    var shown = Set(configs.compactMap { $0.layers.last?.frames.last?.screen }.filter { $0 >= 0 })
    // A tabs screen is shown under its tabs' stacks (SPEC §6.1).
    for config in configs {
      for layer in config.layers where layer.tabs != nil && layer.frames[0].screen >= 0 {
        shown.insert(layer.frames[0].screen)
      }
    }
    return shown
  }

  /// Whether everything reachable from each configuration was explored (so
  /// that claims about all its continuations are safe).
  func closureIsExplored() -> [Bool] {
    var result = [Bool](repeating: true, count: configs.count)
    var predecessors = [[Int]](repeating: [], count: configs.count)
    for (source, targets) in steps.enumerated() {
      for target in targets where target >= 0 { predecessors[target].append(source) }
    }
    var pending = configs.indices.filter { !expanded[$0] }
    for index in pending { result[index] = false }
    while let config = pending.popLast() {
      for predecessor in predecessors[config] where result[predecessor] {
        result[predecessor] = false
        pending.append(predecessor)
      }
    }
    return result
  }

  /// Which configurations can still reach the judged flow's end.
  func canFinish() -> [Bool] { canEnd(level: 0) }

  /// Which configurations can still reach the end of the running flow at
  /// index `level` of ``ReferenceModel/Config/flows`` (a configuration with
  /// fewer running flows, or the judged flow's end).
  func canEnd(level: Int) -> [Bool] {
    var result = [Bool](repeating: false, count: configs.count)
    var predecessors = [[Int]](repeating: [], count: configs.count)
    var pending: [Int] = []
    for index in configs.indices where configs[index].flows.count <= level {
      result[index] = true
      pending.append(index)
    }
    for (source, targets) in steps.enumerated() {
      for (target, ended) in zip(targets, endedLevels[source]) {
        if target < 0 || ended <= level {
          if !result[source] {
            result[source] = true
            pending.append(source)
          }
        } else {
          predecessors[target].append(source)
        }
      }
    }
    while let config = pending.popLast() {
      for predecessor in predecessors[config] where !result[predecessor] {
        result[predecessor] = true
        pending.append(predecessor)
      }
    }
    return result
  }

  /// A trapped child: a configuration whose top screen is in the home layer
  /// of the running child flow that shows it (not the stand-in parent, nor
  /// the root flow of a base exploration), from which that flow can never
  /// end; explored completely. `startsChild`: some continuation starts a
  /// child of it.
  struct ChildTrap {
    var screen: Int
    var startsChild: Bool
  }

  /// Every trapped child configuration.
  func childTraps() -> [ChildTrap] {
    let complete = closureIsExplored()
    var ends: [Int: [Bool]] = [:]
    var spawns: [Int: [Bool]] = [:]
    var traps: [ChildTrap] = []
    for (index, config) in configs.enumerated() where complete[index] {
      let level = config.flows.count - 1
      guard level >= 1, config.flows[level].flow >= 0, let top = config.layers.last?.frames.last,
        top.flow == level, top.screen >= 0,
        config.layers.firstIndex(where: { $0.frames.contains { $0.flow == level } })
          == config.layers.count - 1
      else { continue }
      // A tab flow may live forever, and a child in a tab's stack is ended
      // by selecting the tab again (taken as possible by the analysis: not
      // judged there).
      guard config.flows[level].tab == nil, config.layers.last!.tabs == nil else { continue }
      if ends[level] == nil { ends[level] = canEnd(level: level) }
      guard !ends[level]![index] else { continue }
      if spawns[level] == nil { spawns[level] = canReach { $0.flows.count > level + 1 } }
      traps.append(ChildTrap(screen: top.screen, startsChild: spawns[level]![index]))
    }
    // A child whose home layer is a tabs layer at its base (its tabs screen
    // under the tabs' stacks): trapped there when it can never end; its tab
    // flows are children it started.
    for (index, config) in configs.enumerated() where complete[index] {
      guard let layer = config.layers.last, layer.tabs != nil, layer.frames[0].screen >= 0
      else { continue }
      let level = layer.frames[0].flow
      guard level >= 1, config.flows[level].flow >= 0, config.flows[level].tab == nil,
        config.layers.firstIndex(where: { $0.frames.contains { $0.flow == level } })
          == config.layers.count - 1
      else { continue }
      if ends[level] == nil { ends[level] = canEnd(level: level) }
      guard !ends[level]![index] else { continue }
      traps.append(ChildTrap(screen: layer.frames[0].screen, startsChild: true))
    }
    return traps
  }

  /// A stuck modal layer: a configuration whose top layer was opened by a
  /// `present` (its line), with a screen of the flow that opened it on top,
  /// and no continuation closes it; explored
  /// completely. `startsChild`: some continuation starts another flow.
  struct LayerTrap {
    var line: Int
    var startsChild: Bool
  }

  /// Every configuration whose top layer, opened by a `present`, is stuck.
  func layerTraps() -> [LayerTrap] {
    let complete = closureIsExplored()
    var closes: [Int: [Bool]] = [:]
    var spawns: [Int: [Bool]] = [:]
    var traps: [LayerTrap] = []
    for (index, config) in configs.enumerated() where complete[index] {
      let depth = config.layers.count - 1
      // (With a child's screen on top, a trap is the child's: `no-exit`.)
      guard depth >= 1, config.layers[depth].openedBy > 0,
        config.layers[depth].frames.last?.flow == config.layers[depth].owner
      else { continue }
      if closes[depth] == nil { closes[depth] = canClose(depth: depth) }
      guard !closes[depth]![index] else { continue }
      let level = config.flows.count
      if spawns[level] == nil { spawns[level] = canReach { $0.flows.count > level } }
      traps.append(
        LayerTrap(line: config.layers[depth].openedBy, startsChild: spawns[level]![index]))
    }
    return traps
  }

  /// Which configurations can reach a step that closes the layer at `depth`
  /// (or the judged flow's end).
  func canClose(depth: Int) -> [Bool] {
    var result = [Bool](repeating: false, count: configs.count)
    var predecessors = [[Int]](repeating: [], count: configs.count)
    var pending: [Int] = []
    for (source, targets) in steps.enumerated() {
      for (target, closed) in zip(targets, closedDepths[source]) {
        if target < 0 || closed <= depth {
          if !result[source] {
            result[source] = true
            pending.append(source)
          }
        } else {
          predecessors[target].append(source)
        }
      }
    }
    while let config = pending.popLast() {
      for predecessor in predecessors[config] where !result[predecessor] {
        result[predecessor] = true
        pending.append(predecessor)
      }
    }
    return result
  }

  /// Which configurations can reach one that satisfies `goal`.
  func canReach(_ goal: (ReferenceModel.Config) -> Bool) -> [Bool] {
    var result = configs.map(goal)
    var predecessors = [[Int]](repeating: [], count: configs.count)
    for (source, targets) in steps.enumerated() {
      for target in targets where target >= 0 { predecessors[target].append(source) }
    }
    var pending = result.indices.filter { result[$0] }
    while let config = pending.popLast() {
      for predecessor in predecessors[config] where !result[predecessor] {
        result[predecessor] = true
        pending.append(predecessor)
      }
    }
    return result
  }
}

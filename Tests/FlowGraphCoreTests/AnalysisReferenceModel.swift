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

  /// A layer: who owns it, what opened it (the `present`'s line, or 0), its stack.
  struct Layer: Hashable {
    var owner: Int
    var openedBy: Int
    var frames: [Frame]
  }

  /// A running flow: which flow, and its parent's handlers (nil for the root).
  struct Running: Hashable {
    var flow: Int
    var handlers: Transition.ResultHandlers?
  }

  /// The live navigation state.
  struct Config: Hashable {
    var layers: [Layer]
    var flows: [Running]
  }

  /// What one step leads to.
  enum Step: Hashable {
    case next(Config)
    /// The judged flow ended (with this result).
    case finished
  }

  /// How the judged flow is started.
  enum Context {
    case base
    case push
    case present
  }

  let graph: FlowGraph
  /// The index of the judged flow in ``Config/flows`` (1 for an isolated
  /// child, whose stand-in parent is 0).
  let judged: Int
  /// For every `pop`, `popToRoot`, `pop: S`, `dismiss` and `popTo` tried:
  /// its line, and whether it was possible.
  private(set) var attempts: [Int: Bool] = [:]

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
    return startFlow(flow, mode: context == .present ? .present : .push, handlers: nil, in: base)
  }

  // MARK: Events

  /// Every step possible from a configuration: each action of the top
  /// screen (each task outcome), system back, and the dismiss gesture.
  mutating func successors(of config: Config) -> [Step] {
    guard let top = config.layers.last?.frames.last, top.screen >= 0,
      top.flow == config.flows.count - 1
    else { return [] }
    let screen = graph.screens[top.screen]
    var steps: [Step] = []
    for action in screen.actions { steps += apply(action.transition, config) }
    let backIsPossible = config.layers.last!.frames.count >= 2
    if case .custom(let transition) = screen.back {
      // A custom back is an attempt, possible when back is (`invalid-pop`
      // on a back that never runs); a pop-like one, or one with `popTo`,
      // records its own.
      let line = transition.range?.start.line ?? 0
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
      next.layers.removeLast()
      steps += settle(next)
    }
    return steps
  }

  // MARK: Transitions

  mutating func apply(_ transition: Transition, _ config: Config) -> [Step] {
    let current = config.flows.count - 1
    let line = transition.range?.start.line ?? 0
    var next = config
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
      return [.next(next)]
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
      next.layers.removeLast()
      return settle(next)
    case .stay:
      return [.next(next)]
    case .finish(let result):
      // Its screens and its layers (and every layer above them) go away.
      if let owned = next.layers.firstIndex(where: { $0.owner == current && $0.owner > 0 }) {
        next.layers.removeSubrange(owned...)
      }
      for index in next.layers.indices {
        next.layers[index].frames.removeAll { $0.flow == current }
      }
      next.layers.removeAll { $0.frames.isEmpty }
      return end(next, with: result)
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
    let possible = next.layers[layer].frames.count > 1
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
    in config: Config
  ) -> [Step] {
    func begin(_ start: FlowStart) -> [Step] {
      switch start.kind {
      case .screen(let screen):
        var next = config
        let index = next.flows.count
        next.flows.append(Running(flow: flow, handlers: handlers))
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
    return apply(handlers[result], next)
  }

  /// After screens went away: every flow left with no screen ends with
  /// `dismissed`, innermost first; only a parent that survives runs its handler.
  private mutating func settle(_ config: Config) -> [Step] {
    var next = config
    next.layers.removeAll { $0.frames.isEmpty }
    func shows(_ flow: Int) -> Bool {
      next.layers.contains { $0.frames.contains { $0.flow == flow } }
    }
    guard !shows(next.flows.count - 1) else { return [.next(next)] }
    var ended = next.flows.removeLast()
    while let last = next.flows.indices.last, !shows(last) { ended = next.flows.removeLast() }
    guard next.flows.count > judged, let handlers = ended.handlers else { return [.finished] }
    return apply(handlers.dismissed, next)
  }
}

/// An exhaustive exploration of a ``ReferenceModel`` within bounds.
struct ReferenceExploration {
  /// Every configuration met, with the steps from it.
  private(set) var configs: [ReferenceModel.Config] = []
  private(set) var steps: [[Int]] = []  // indices into configs; -1 = finished
  /// Whether a bound cut the exploration short (then absence claims are unsafe).
  private(set) var truncated = false
  /// Whether each configuration's steps were explored.
  private(set) var expanded: [Bool] = []
  /// Whether the bound on the number of frames was hit.
  private(set) var grewPastBound = false
  /// For every pop/dismiss line tried: whether it was ever possible.
  private(set) var attempts: [Int: Bool] = [:]

  init(
    graph: FlowGraph, flow: Int, context: ReferenceModel.Context, maxConfigs: Int = 4_000,
    maxFrames: Int = 14
  ) {
    var model = ReferenceModel(graph: graph, context: context)
    var index: [ReferenceModel.Config: Int] = [:]
    var pending: [Int] = []
    func add(_ step: ReferenceModel.Step) -> Int {
      guard case .next(let config) = step else { return -1 }
      if let known = index[config] { return known }
      index[config] = configs.count
      configs.append(config)
      steps.append([])
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
      steps[current] = model.successors(of: config).map(add)
      expanded[current] = true
    }
    attempts = model.attempts
  }

  /// The screens on top of some configuration, shown by the judged flow or
  /// any flow it starts (global indices).
  var shownScreens: Set<Int> {
    Set(configs.compactMap { $0.layers.last?.frames.last?.screen }.filter { $0 >= 0 })
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
  func canFinish() -> [Bool] {
    var result = [Bool](repeating: false, count: configs.count)
    var predecessors = [[Int]](repeating: [], count: configs.count)
    var pending: [Int] = []
    for (source, targets) in steps.enumerated() {
      for target in targets {
        if target < 0 {
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
}

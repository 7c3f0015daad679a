/// The graph as the analysis reads it: every transition occurrence numbered
/// (nested ones too), screens by their index within their flow, result keys as
/// integers, and a source order for every transition.
///
/// Built once per validation in one pass over the model (linear in its size).
struct AnalysisProgram {
  /// All transition occurrences: actions, custom backs, task outcomes and
  /// result handlers, each with its own id.
  private(set) var transitions: [IRTransition] = []
  /// For each screen (global index): its index within its flow.
  private(set) var localIndex: [Int32]
  /// For each screen (global index): its actions' transition ids, in file order.
  private(set) var actions: [[Int32]]
  /// For each screen (global index): what system back does.
  private(set) var back: [IRBack]
  /// For each flow: its start, as a tree.
  private(set) var starts: [IRStart] = []
  /// For each flow and mode a `start` uses: the start transitions that use it.
  private(set) var startSites: [StartSiteKey: [Int32]] = [:]
  let graph: FlowGraph

  init(graph: FlowGraph) {
    self.graph = graph
    localIndex = Array(repeating: -1, count: graph.screens.count)
    actions = Array(repeating: [], count: graph.screens.count)
    back = Array(repeating: .pop, count: graph.screens.count)
    for flow in graph.flows {
      for (offset, screen) in flow.screens.enumerated()
      where graph.screens.indices.contains(screen.index) {
        localIndex[screen.index] = Int32(offset)
      }
    }
    for (flowIndex, flow) in graph.flows.enumerated() {
      starts.append(compileStart(flow.start, flow: flowIndex))
      for screen in flow.screens where graph.screens.indices.contains(screen.index) {
        let model = graph.screens[screen.index]
        guard model.flow.index == flowIndex else { continue }
        let owner = Int32(screen.index)
        actions[screen.index] = model.actions.map {
          compile($0.transition, flow: flowIndex, owner: owner)
        }
        switch model.back {
        case .pop: back[screen.index] = .pop
        case .disabled: back[screen.index] = .disabled
        case .custom(let transition):
          back[screen.index] = .custom(compile(transition, flow: flowIndex, owner: owner))
        }
      }
    }
  }

  /// The number of result keys of a flow: its declared results, then `dismissed`.
  func resultKeyCount(of flow: Int) -> Int { graph.flows[flow].results.count + 1 }

  /// The key of `dismissed` for a flow.
  func dismissedKey(of flow: Int) -> Int { graph.flows[flow].results.count }

  /// The global screen index of a flow's screen, by its index within the flow.
  func screen(_ local: Int, of flow: Int) -> Int { graph.flows[flow].screens[local].index }

  /// The name of a flow's screen, by its index within the flow.
  func screenName(_ local: Int, of flow: Int) -> String {
    graph.screens[screen(local, of: flow)].name
  }

  /// The flow-local index of `target` when it is a screen of `flow`.
  private func local(_ target: ScreenID, in flow: Int) -> Int32? {
    guard graph.screens.indices.contains(target.index),
      graph.screens[target.index].flow.index == flow
    else { return nil }
    return localIndex[target.index]
  }

  private mutating func compile(_ transition: Transition, flow: Int, owner: Int32) -> Int32 {
    // Pre-order: the transition gets its id before its nested outcomes and handlers.
    let id = Int32(transitions.count)
    transitions.append(IRTransition(op: .stay, range: nil, flow: Int32(flow), owner: owner))
    let op: IRTransition.Op
    switch transition.kind {
    case .push(let target): op = local(target, in: flow).map { .push($0) } ?? .unknown
    case .present(let target): op = local(target, in: flow).map { .present($0) } ?? .unknown
    case .replace(let target): op = local(target, in: flow).map { .replace($0) } ?? .unknown
    case .root(let target): op = local(target, in: flow).map { .root($0) } ?? .unknown
    case .popTo(let target): op = local(target, in: flow).map { .popTo($0) } ?? .unknown
    case .pop: op = .pop
    case .popToRoot: op = .popToRoot
    case .dismiss: op = .dismiss
    case .stay: op = .stay
    case .finish(let result):
      op = resultKey(result, of: flow).map { .finish($0) } ?? .unknown
    case .start(let child, let mode, let handlers):
      guard graph.flows.indices.contains(child.index),
        handlers.results.count == graph.flows[child.index].results.count
      else {
        op = .unknown
        break
      }
      let nested = sourceOrdered(handlers.results + [handlers.dismissed])
      var ids = [Int32](repeating: 0, count: nested.count)
      for index in nested { ids[index.offset] = compile(index.element, flow: flow, owner: owner) }
      op = .start(child: Int32(child.index), mode: mode, handlers: ids)
    case .run(let task, let outcomes):
      guard graph.tasks.indices.contains(task.index),
        outcomes.count == graph.tasks[task.index].outcomes.count
      else {
        op = .unknown
        break
      }
      var ids = [Int32](repeating: 0, count: outcomes.count)
      for index in sourceOrdered(outcomes) {
        ids[index.offset] = compile(index.element, flow: flow, owner: owner)
      }
      op = .run(outcomes: ids)
    case .invalid:
      op = .unknown
    }
    transitions[Int(id)] = IRTransition(
      op: op, range: transition.range, flow: Int32(flow), owner: owner)
    if case .start(let child, let mode, _) = op {
      startSites[StartSiteKey(flow: Int(child), mode: mode), default: []].append(id)
    }
    return id
  }

  private func resultKey(_ result: FlowResultRef, of flow: Int) -> Int32? {
    switch result {
    case .dismissed: return Int32(dismissedKey(of: flow))
    case .declared(let index):
      return graph.flows[flow].results.indices.contains(index) ? Int32(index) : nil
    }
  }

  private mutating func compileStart(_ start: FlowStart, flow: Int) -> IRStart {
    switch start.kind {
    case .screen(let target): return local(target, in: flow).map { .screen($0) } ?? .unknown
    case .finish(let result): return resultKey(result, of: flow).map { .finish($0) } ?? .unknown
    case .run(let task, let outcomes):
      guard graph.tasks.indices.contains(task.index),
        outcomes.count == graph.tasks[task.index].outcomes.count
      else { return .unknown }
      return .run(outcomes.map { compileStart($0, flow: flow) })
    case .invalid: return .unknown
    }
  }
}

/// A flow and a mode some `start` uses for it.
struct StartSiteKey: Hashable {
  var flow: Int
  var mode: Transition.StartMode
}

/// Nested transitions in source order (by position when every one has a
/// range, otherwise in model order), with their model offsets.
func sourceOrdered(_ transitions: [Transition]) -> [EnumeratedSequence<[Transition]>.Element] {
  let enumerated = Array(transitions.enumerated())
  guard transitions.allSatisfy({ $0.range != nil }) else {
    // Ranged ones by position, then unranged (such as the implicit `dismissed: stay`).
    let ranged = enumerated.filter { $0.element.range != nil }.sorted(by: sourceBefore)
    return ranged + enumerated.filter { $0.element.range == nil }
  }
  return enumerated.sorted(by: sourceBefore)
}

private func sourceBefore(
  _ lhs: EnumeratedSequence<[Transition]>.Element, _ rhs: EnumeratedSequence<[Transition]>.Element
) -> Bool {
  guard let l = lhs.element.range, let r = rhs.element.range, l.file == r.file else {
    return lhs.offset < rhs.offset
  }
  return (l.start.line, l.start.column, lhs.offset) < (r.start.line, r.start.column, rhs.offset)
}

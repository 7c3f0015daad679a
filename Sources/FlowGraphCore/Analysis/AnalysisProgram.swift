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
  /// The actions' transition ids of every screen, flat, in file order:
  /// screen `s`'s are `actionList[actionOffset[s]..<actionOffset[s + 1]]`.
  private(set) var actionList: [Int32] = []
  private(set) var actionOffset: [Int32] = [0]
  /// The ids of nested transitions (handlers, outcomes), referenced by ranges.
  private(set) var nested: [Int32] = []
  /// For each screen (global index): what system back does.
  private(set) var back: [IRBack]
  /// For each flow: its start, as a tree.
  private(set) var starts: [IRStart] = []
  /// For each flow and mode a `start` uses: the start transitions that use it.
  private(set) var startSites: [StartSiteKey: [Int32]] = [:]
  /// Each flow's screens (global indices), flat: flow `f`'s are
  /// `flowScreens[flowScreenOffset[f]..<flowScreenOffset[f + 1]]`.
  private(set) var flowScreens: [Int32] = []
  private(set) var flowScreenOffset: [Int] = [0]
  /// For each screen (global index): its flow.
  private(set) var screenFlow: [Int32]
  /// For each screen (global index): whether the gesture may close its layer.
  private(set) var dismissible: [Bool]
  let graph: FlowGraph

  init(graph: FlowGraph) {
    self.graph = graph
    screenFlow = graph.screens.map { Int32($0.flow.index) }
    dismissible = graph.screens.map(\.dismissible)
    for flow in graph.flows {
      flowScreens += flow.screens.map { Int32($0.index) }
      flowScreenOffset.append(flowScreens.count)
    }
    localIndex = Array(repeating: -1, count: graph.screens.count)
    // Room for the actions and a share of nested transitions, so that the
    // tables rarely grow (each growth copies them).
    var actionCount = 0
    for index in graph.screens.indices { actionCount += graph.screens[index].actions.count }
    transitions.reserveCapacity(actionCount * 2)
    actionList.reserveCapacity(actionCount)
    back = Array(repeating: .pop, count: graph.screens.count)
    for flow in graph.flows {
      for (offset, screen) in flow.screens.enumerated()
      where graph.screens.indices.contains(screen.index) {
        localIndex[screen.index] = Int32(offset)
      }
    }
    for (flowIndex, flow) in graph.flows.enumerated() {
      starts.append(compileStart(flow.start, flow: flowIndex))
    }
    // Screens in index order, so that the flat action lists line up. (By
    // index, not by value: a `Screen` copy costs more than its compilation.)
    for index in graph.screens.indices {
      let flowIndex = Int(screenFlow[index])
      if graph.flows.indices.contains(flowIndex), localIndex[index] >= 0 {
        let owner = Int32(index)
        for action in graph.screens[index].actions.indices {
          let id = compile(
            graph.screens[index].actions[action].transition, flow: flowIndex, owner: owner)
          actionList.append(id)
        }
        switch graph.screens[index].back {
        case .pop: back[index] = .pop
        case .disabled: back[index] = .disabled
        case .custom(let transition):
          back[index] = .custom(compile(transition, flow: flowIndex, owner: owner))
        }
      }
      actionOffset.append(Int32(actionList.count))
    }
  }

  /// A screen's actions' transition ids (positions in ``actionList``).
  func actions(of screen: Int) -> Range<Int> {
    Int(actionOffset[screen])..<Int(actionOffset[screen + 1])
  }

  /// The handler of a start transition for one result key of its child.
  func handler(_ start: Int32, result: Int) -> Int32 {
    guard case .start(_, _, let first) = transitions[Int(start)].op else { return start }
    return nested[Int(first) + result]
  }

  /// The transition ids of nested transitions, by their range in ``nested``.
  func nested(_ first: Int32, _ count: Int) -> ArraySlice<Int32> {
    nested[Int(first)..<(Int(first) + count)]
  }

  /// The number of result keys of a flow: its declared results, then `dismissed`.
  func resultKeyCount(of flow: Int) -> Int { graph.flows[flow].results.count + 1 }

  /// The key of `dismissed` for a flow.
  func dismissedKey(of flow: Int) -> Int { graph.flows[flow].results.count }

  /// The global screen index of a flow's screen, by its index within the flow.
  func screen(_ local: Int, of flow: Int) -> Int {
    Int(flowScreens[flowScreenOffset[flow] + local])
  }

  /// Whether a transition is `stay`.
  func isStay(_ transition: Int32) -> Bool {
    if case .stay = transitions[Int(transition)].op { return true }
    return false
  }

  /// Whether the gesture may close a layer whose first screen is this one.
  func isDismissible(_ local: Int, of flow: Int) -> Bool { dismissible[screen(local, of: flow)] }

  /// The name of a flow's screen, by its index within the flow.
  func screenName(_ local: Int, of flow: Int) -> String {
    graph.screens[screen(local, of: flow)].name
  }

  /// The flow-local index of `target` when it is a screen of `flow`.
  private func local(_ target: ScreenID, in flow: Int) -> Int32? {
    guard screenFlow.indices.contains(target.index), screenFlow[target.index] == flow else {
      return nil
    }
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
      let count = handlers.results.count + 1
      let ordered = sourceOrder(count) {
        $0 < count - 1 ? handlers.results[$0].range : handlers.dismissed.range
      }
      var ids = [Int32](repeating: 0, count: count)
      for index in ordered {
        ids[index] = compile(
          index < count - 1 ? handlers.results[index] : handlers.dismissed, flow: flow, owner: owner
        )
      }
      op = .start(child: Int32(child.index), mode: mode, handlers: Int32(nested.count))
      nested += ids
    case .run(let task, let outcomes):
      guard graph.tasks.indices.contains(task.index),
        outcomes.count == graph.tasks[task.index].outcomes.count
      else {
        op = .unknown
        break
      }
      var ids = [Int32](repeating: 0, count: outcomes.count)
      for index in sourceOrder(outcomes.count, { outcomes[$0].range }) {
        ids[index] = compile(outcomes[index], flow: flow, owner: owner)
      }
      op = .run(first: Int32(nested.count), count: Int32(ids.count))
      nested += ids
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

/// The offsets `0..<count` of nested transitions in source order: by
/// position when every one has a range, otherwise ranged ones by position
/// then unranged ones (such as the implicit `dismissed: stay`), in model order.
func sourceOrder(_ count: Int, _ range: (Int) -> SourceRange?) -> [Int] {
  let offsets = Array(0..<count)
  guard count > 1 else { return offsets }
  let ranges = offsets.map(range)
  func before(_ lhs: Int, _ rhs: Int) -> Bool {
    guard let l = ranges[lhs], let r = ranges[rhs], l.fileID == r.fileID else { return lhs < rhs }
    return (l.start.line, l.start.column, lhs) < (r.start.line, r.start.column, rhs)
  }
  let ranged = offsets.filter { ranges[$0] != nil }.sorted(by: before)
  return ranged + offsets.filter { ranges[$0] == nil }
}

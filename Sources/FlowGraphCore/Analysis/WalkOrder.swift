/// The walk order of a flow's screens (SPEC §3): a depth-first walk from the
/// flow's start, taking each screen's transitions in file order (actions,
/// then a custom back; nested outcomes and handlers in source order), through
/// every transition that names a screen of the flow.
struct WalkOrder {
  /// The rank of each of the flow's screens (flow-local index); screens the
  /// walk never meets come last, in file order.
  let rank: [Int]

  init(flow: Int, program: AnalysisProgram) {
    let count = program.screenCount(of: flow)
    var rank = [Int](repeating: -1, count: count)
    var next = 0
    var roots: [Int32] = []
    func collect(_ start: IRStart) {
      switch start {
      case .screen(let screen): roots.append(screen)
      case .run(let outcomes): outcomes.forEach(collect)
      case .finish, .unknown: break
      }
    }
    collect(program.starts[flow])
    // Iterative DFS: each frame holds a screen and its remaining targets.
    var stack: [(screen: Int32, targets: [Int32], position: Int)] = []
    func enter(_ screen: Int32) {
      guard rank[Int(screen)] < 0 else { return }
      rank[Int(screen)] = next
      next += 1
      stack.append((screen, Self.targets(of: Int(screen), flow: flow, program: program), 0))
    }
    for root in roots {
      enter(root)
      while let top = stack.last {
        guard top.position < top.targets.count else {
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].position += 1
        enter(top.targets[top.position])
      }
    }
    for index in 0..<count where rank[index] < 0 {
      rank[index] = next
      next += 1
    }
    self.rank = rank
  }

  /// The screens a screen's transitions name, in source order.
  private static func targets(of local: Int, flow: Int, program: AnalysisProgram) -> [Int32] {
    let screen = program.screen(local, of: flow)
    var result: [Int32] = []
    func visit(_ id: Int32) {
      switch program.transitions[Int(id)].op {
      case .push(let s), .present(let s), .replace(let s), .root(let s), .popTo(let s):
        result.append(s)
      case .start(let child, let first, _):
        program.nested(first, program.resultKeyCount(of: Int(child))).sorted().forEach(visit)
      case .run(let first, let count): program.nested(first, Int(count)).sorted().forEach(visit)
      default: break
      }
    }
    for action in program.actions(of: screen) { visit(program.actionList[action]) }
    if case .custom(let id) = program.back[screen] { visit(id) }
    return result
  }
}

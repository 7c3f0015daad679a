/// `invalid-pop` and `invalid-dismiss`: a `pop`, `popToRoot`, `pop: S` or
/// `dismiss` that runs in some reachable context but is possible in none
/// (SPEC §2.4): `pop` needs a screen below in the layer (or the first screen
/// of a push-mode child, which it ends); `popToRoot` needs not to be the
/// flow's first screen in the layer; `pop: S` needs an S below within the
/// flow's part of the layer; `dismiss` needs a layer the flow owns.
///
/// A transition that never runs at all (its screen is unreachable, or it is
/// the handler of a result that never comes) is not reported: there is no run
/// in which it fails. Flows whose answer is unknown are skipped.
struct PopRules {
  let run: AnalysisRun

  /// The findings, and the transitions they are about (every other rule
  /// treats those as `stay`: SPEC §3, "one mistake gives one finding").
  func diagnostics() -> (findings: [Diagnostic], transitions: Set<Int32>) {
    var findings: [Diagnostic] = []
    var never: Set<Int32> = []
    var undecided: [Int32: [(transition: Int32, state: Int32, screen: Int32)]] = [:]
    var undecidedTransitions: [Int32] = []
    let program = run.program
    var status = run.popAttempts.status
    // `pop: S`: a short backward walk settles almost every context; the
    // first possible one settles the transition. The contexts are taken in
    // the order found, so each transition's are walked in order, up to its
    // first possible one.
    var marks = [Int32](repeating: 0, count: run.instances.map(\.stateCount).max() ?? 0)
    var mark: Int32 = 0
    var scratch: [Int32] = []
    var hard: [(transition: Int32, instance: Int32, state: Int32, target: Int32)] = []
    // The log's order is the fixpoint's, scattered over the transitions:
    // what a context needs is read from the log and its activation (whose
    // flow is the transition's), not from the transition's record.
    for logged in run.popAttempts.popToLog where status[Int(logged.transition)] != .possible {
      let attempt = logged.attempt
      guard !LocalState.kind(Int(attempt.state)).isBottom else { continue }
      let instance = run.instances[Int(attempt.instance)]
      guard !run.flowIsUncertain[instance.flow] else { continue }
      mark += 1
      switch LayerContext.quickAnswer(
        instance, state: attempt.state, screen: logged.target,
        marks: &marks, mark: mark, pending: &scratch)
      {
      case true?: status[Int(logged.transition)] = .possible
      case false?: break
      case nil: hard.append((logged.transition, attempt.instance, attempt.state, logged.target))
      }
    }
    // The contexts no short walk settled, of the transitions still not
    // possible: asked below, every instance's together.
    var hasHard = Set<Int32>()
    for query in hard where status[Int(query.transition)] != .possible {
      hasHard.insert(query.transition)
      undecided[query.instance, default: []].append((query.transition, query.state, query.target))
    }
    for index in status.indices where status[index] != .none {
      let transitionID = Int32(index)
      let transition = program.transitions[index]
      guard !run.flowIsUncertain[program.flow(of: transition)] else { continue }
      switch transition.op {
      case .push, .start:
        // A pop-then-push (SPEC §6.3), settled by the fixpoint.
        guard program.popTargets[transitionID] != nil,
          !run.possiblePopThens.contains(transitionID)
        else { continue }
      case .pop, .popToRoot, .dismiss:
        guard status[index] != .possible else { continue }
      case .popTo:
        guard status[index] != .possible else { continue }
        if hasHard.contains(transitionID) {
          undecidedTransitions.append(transitionID)
          continue
        }
      default:
        continue
      }
      findings.append(diagnostic(for: transitionID))
      never.insert(transitionID)
    }
    // The rest: every instance's remaining questions together.
    var possibleLater: Set<Int32> = []
    for (instance, queries) in undecided {
      let answers = LayerContext(run.instances[Int(instance)]).screenCanBeBelow(
        queries.map { ($0.state, $0.screen) })
      for (query, answer) in zip(queries, answers) where answer {
        possibleLater.insert(query.transition)
      }
    }
    for transitionID in undecidedTransitions where !possibleLater.contains(transitionID) {
      findings.append(diagnostic(for: transitionID))
      never.insert(transitionID)
    }
    return (findings, never)
  }

  /// Whether a `pop`, `popToRoot` or `dismiss` does something where it
  /// runs, at a frame of `kind` in an activation of `mode` (SPEC §2.4): `pop`
  /// needs a screen below in the layer (or the first screen of a push-mode
  /// child, which it ends), `popToRoot` not to be on the flow's first screen
  /// in the layer, `dismiss` a layer the flow owns. `nil` for any other
  /// transition. The reachability engine settles them where they run.
  @inline(__always)
  static func isPossible(_ op: IRTransition.Op, at kind: FrameKind, in mode: InstanceMode) -> Bool?
  {
    switch op {
    case .pop: !kind.isBottom || (kind == .homeBottom && mode == .push)
    case .popToRoot: !kind.isBottom
    case .dismiss: kind.isModal || mode == .present
    default: nil
    }
  }

  /// How a message names a `push` or `start` with `popTo` (SPEC §6.3):
  /// `'push' with 'popTo: list'`, `'start' with 'popTo: list' and 'inclusive'`.
  static func popThenPush(_ id: Int32, in program: AnalysisProgram) -> String {
    let transition = program.transitions[Int(id)]
    let target = program.popTargets[id]
    let name = target.map { program.screenName(Int($0.screen), of: program.flow(of: transition)) }
    let verb = if case .start = transition.op { "start" } else { "push" }
    return "'\(verb)' with 'popTo: \(name ?? "")'"
      + (target?.inclusive == true ? " and 'inclusive'" : "")
  }

  private func diagnostic(for id: Int32) -> Diagnostic {
    let transition = run.program.transitions[Int(id)]
    let range = run.program.range(of: id)
    let screen = run.graph.screens[Int(transition.owner)].name
    let flow = run.flowName(run.program.flow(of: transition))
    // A result handler runs on the screen its flow shows when the child
    // ends (after a `popTo` or a tab re-select, not the one that holds it):
    // its messages speak of the current screen.
    let inHandler = isInHandler(id)
    let place = inHandler ? "in a result handler of screen '\(screen)'" : "on screen '\(screen)'"
    let itsScreen =
      inHandler
      ? "the current screen (a result handler runs on the screen its flow shows when the child ends)"
      : "its screen"
    func finding(_ rule: RuleID, _ headline: String, why: String, help: String) -> Diagnostic {
      Diagnostic(
        rule, headline, at: range, notes: [Diagnostic.Note(why), .help(help)])
    }
    switch transition.op {
    case .pop:
      let places = self.places(of: transition)
      // `dismiss` works only where the flow owns the layer (SPEC §2.4).
      let dismissWorks = places.allSatisfy { $0.kind.isModal || $0.mode == .present }
      return finding(
        .invalidPop, "'pop' \(place) is never possible",
        why:
          "whenever it runs, \(itsScreen) is the first of its layer, so nothing lies below to go back to and it does nothing",
        help: dismissWorks
          ? "remove it, or use 'dismiss' or 'finish' to leave"
          : "remove it, or use 'finish' to end flow '\(flow)'\(Self.neither("pop", "dismiss", at: places))"
      )
    case .popToRoot:
      return finding(
        .invalidPop, "'popToRoot' \(place) is never possible",
        why:
          "whenever it runs, \(itsScreen) is already the first screen of flow '\(flow)' in its layer, so it does nothing",
        help: "remove it")
    case .popTo(let target):
      let name = run.program.screenName(Int(target), of: run.program.flow(of: transition))
      return finding(
        .invalidPop, "'pop: \(name)' \(place) is never possible",
        why: inHandler
          ? "whenever it runs, no run has '\(name)' below \(itsScreen) in its layer within flow '\(flow)', so it does nothing"
          : "no run ever has '\(name)' below it in its layer within flow '\(flow)', so it does nothing",
        help: inHandler
          ? "pop to a screen that is below the one the handler runs on, or remove it"
          : "push '\(screen)' on top of '\(name)', or pop to a screen that is below it")
    case .push, .start:
      let target = run.program.popTargets[id]
      let name =
        target.map { run.program.screenName(Int($0.screen), of: run.program.flow(of: transition)) }
        ?? ""
      let what = Self.popThenPush(id, in: run.program)
      if target?.inclusive == true, case .start = transition.op {
        return finding(
          .invalidPop, "\(what) on screen '\(screen)' is never possible",
          why:
            "in every run, popping back to '\(name)' and '\(name)' itself would remove every screen of flow '\(flow)' in its layer (or no '\(name)' is at or below the top), so the child could not start on a screen of this flow",
          help: "drop 'inclusive', or pop to a screen above the flow's first")
      }
      return finding(
        .invalidPop, "\(what) on screen '\(screen)' is never possible",
        why:
          "no run ever has '\(name)' at or below the top in its layer within flow '\(flow)', so there is nothing to pop back to",
        help: "pop to a screen that is below it, or drop 'popTo'")
    default:
      let places = self.places(of: transition)
      // `pop` works above the layer's first screen, and on a push-mode
      // child's first one, which it ends (SPEC §2.4).
      let popWorks = places.allSatisfy {
        !$0.kind.isBottom || ($0.kind == .homeBottom && $0.mode == .push)
      }
      return finding(
        .invalidDismiss, "'dismiss' \(place) is never possible",
        why:
          "whenever it runs, \(itsScreen) is not in a modal layer that flow '\(flow)' owns (one it opened with 'present', or the layer a 'mode: present' start opened for it), so it does nothing",
        help: popWorks
          ? "use 'pop' or 'finish', or show the screen with 'present'"
          : "remove it, or use 'finish' to end flow '\(flow)'\(Self.neither("dismiss", "pop", at: places))"
      )
    }
  }

  /// Whether a transition is a result handler, or in the outcomes of a task
  /// that one runs.
  private func isInHandler(_ id: Int32) -> Bool {
    var current = id
    while let site = run.program.site(of: current), site.holder < 0 {
      let parent = -1 - site.holder
      if case .start = run.program.transitions[Int(parent)].op { return true }
      current = parent
    }
    return false
  }

  /// Where a transition runs: the frame kind of its screen and the mode of
  /// the activation, in every reached state whose top is its screen.
  private func places(of transition: IRTransition) -> [(kind: FrameKind, mode: InstanceMode)] {
    Self.places(
      ofScreen: Int(run.program.localIndex[Int(transition.owner)]),
      inFlow: run.program.flow(of: transition), run)
  }

  /// Where screen `screen` (its index in flow `flow`) is shown: the frame
  /// kind and the mode of the activation, in every reached state whose top
  /// it is (none for a negative index).
  static func places(ofScreen screen: Int, inFlow flow: Int, _ run: AnalysisRun)
    -> [(kind: FrameKind, mode: InstanceMode)]
  {
    var places: [(kind: FrameKind, mode: InstanceMode)] = []
    guard screen >= 0 else { return places }
    for instance in run.instancesOfFlow[flow] where !instance.uncertain {
      for kind in FrameKind.allCases where instance.reached[LocalState.make(screen, kind)] {
        if !places.contains(where: { $0.kind == kind && $0.mode == instance.mode }) {
          places.append((kind, instance.mode))
        }
      }
    }
    return places
  }

  /// Whether `places` are all a tab's first screen (SPEC §6.1): there
  /// neither `pop` nor `dismiss` is possible, only `finish` or selecting
  /// another tab.
  static func isAlwaysATabsFirstScreen(_ places: [(kind: FrameKind, mode: InstanceMode)]) -> Bool {
    !places.isEmpty && places.allSatisfy { $0.kind == .homeBottom && $0.mode == .tab }
  }

  /// Why neither `tried` nor `other` can leave where the screen is, when it
  /// is always a tab's first screen or the base layer's first screen
  /// (otherwise nothing: the places differ from run to run).
  private static func neither(
    _ tried: String, _ other: String, at places: [(kind: FrameKind, mode: InstanceMode)]
  ) -> String {
    if isAlwaysATabsFirstScreen(places) {
      return ": on a tab's first screen neither '\(tried)' nor '\(other)' is possible"
    }
    guard !places.isEmpty, places.allSatisfy({ $0.kind == .homeBottom }) else { return "" }
    if places.allSatisfy({ $0.mode == .base }) {
      return ": on the first screen of the base layer neither '\(tried)' nor '\(other)' is possible"
    }
    return ""
  }
}

/// The transitions that `invalid-pop` reports as never running: a `push` or
/// `start` with a `popTo` that is never possible (``PopRules``), a custom
/// `back` that can never run (``CustomBackRule``). Every other rule treats
/// them as `stay` (SPEC §3), so a screen that only they show is unreachable;
/// its finding names them, at their positions (``UnreachableScreenReasons``).
///
/// They are found by the source span of the model's transition, which
/// ``ScreenMentions`` records for every transition that holds a mention.
struct NeverRunTransitions {
  private let bySpan: [SourceSpan: Int32]
  private let program: AnalysisProgram

  /// The transitions with these ids; the others (a `pop`, a `dismiss`) show
  /// no screen and hold none, and are left out.
  init(_ ids: some Sequence<Int32>, program: AnalysisProgram) {
    self.program = program
    var bySpan: [SourceSpan: Int32] = [:]
    for id in ids {
      guard let span = program.transition(id)?.span, Self.canShowScreens(id, program) else {
        continue
      }
      bySpan[span] = id
    }
    self.bySpan = bySpan
  }

  /// Whether there are none.
  var isEmpty: Bool { bySpan.isEmpty }

  /// The outermost of them among a mention's path (``ScreenMentions/Mention/path``):
  /// the transition that never runs, and whether the mention is that
  /// transition itself rather than one it holds.
  func outermost(in path: [SourceSpan]) -> (id: Int32, isMention: Bool)? {
    for (index, span) in path.enumerated() {
      if let id = bySpan[span] { return (id, index == path.count - 1) }
    }
    return nil
  }

  /// How a note at a transition (one of them) names it and says that it
  /// never runs, with the finding that reports it there: `'push' with
  /// 'popTo: list' on screen 'item', which is never possible (the
  /// 'invalid-pop' error there)`.
  func describe(_ id: Int32) -> String {
    let owner = Int(program.transitions[Int(id)].owner)
    let screen = program.graph.screens[owner].name
    if case .custom(id) = program.back[owner] {
      return
        "the custom 'back' of screen '\(screen)', which can never run (the 'invalid-pop' error there)"
    }
    return
      "\(PopRules.popThenPush(id, in: program)) on screen '\(screen)', which is never possible (the 'invalid-pop' error there)"
  }

  /// The source range of a transition.
  func range(of id: Int32) -> SourceRange? { program.range(of: id) }

  /// Whether a transition may show a screen, or hold one that does: a custom
  /// back, or a `push` or `start` (with `popTo`).
  private static func canShowScreens(_ id: Int32, _ program: AnalysisProgram) -> Bool {
    let transition = program.transitions[Int(id)]
    if case .custom(id) = program.back[Int(transition.owner)] { return true }
    switch transition.op {
    case .push, .start: return program.popTargets[id] != nil
    default: return false
    }
  }
}

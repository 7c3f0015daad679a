/// Where a transition occurrence lies in the model: the analysis keeps this
/// (8 bytes) instead of the occurrence's source range (32), and reads the
/// range from the model only when a finding needs it
/// (``AnalysisProgram/range(of:)``).
struct TransitionSite {
  /// An action or a custom back: its screen's global index. A nested
  /// transition (a result handler or a task outcome): `-1 - parent`, where
  /// `parent` is the id of the `start` or `run` transition that holds it.
  let holder: Int32
  /// An action: its index among its screen's actions; a custom back: `-1`.
  /// A nested transition: its index among its parent's handlers (the
  /// declared results in order, then `dismissed`) or outcomes.
  let slot: Int32

  /// Action `index` of the screen with global index `screen`.
  static func action(_ index: Int, of screen: Int) -> TransitionSite {
    TransitionSite(holder: Int32(screen), slot: Int32(index))
  }

  /// The custom back of the screen with global index `screen`.
  static func back(of screen: Int) -> TransitionSite {
    TransitionSite(holder: Int32(screen), slot: -1)
  }

  /// Handler or outcome `index` of the transition with id `parent`.
  static func nested(_ index: Int, of parent: Int32) -> TransitionSite {
    TransitionSite(holder: -1 - parent, slot: Int32(index))
  }
}

extension FlowGraph {
  /// The transition at `site`, where `parent` finds the transitions that
  /// hold nested ones; `nil` when the site does not fit the graph.
  func transition(at site: TransitionSite, parent: (Int32) -> Transition?) -> Transition? {
    let slot = Int(site.slot)
    if site.holder >= 0 {
      let screen = Int(site.holder)
      guard screen < screens.count else { return nil }
      if slot < 0 {
        if case .custom(let transition) = screens[screen].back { return transition }
        return nil
      }
      guard slot < screens[screen].actions.count else { return nil }
      return screens[screen].actions[slot].transition
    }
    guard slot >= 0, let holder = parent(-1 - site.holder) else { return nil }
    switch holder.kind {
    case .start(_, _, let handlers):
      if slot < handlers.results.count { return handlers.results[slot] }
      return slot == handlers.results.count ? handlers.dismissed : nil
    case .run(_, let outcomes):
      return slot < outcomes.count ? outcomes[slot] : nil
    default:
      return nil
    }
  }
}

/// Where a transition occurrence lies in the model: the analysis stores it
/// for nested transitions only and derives the others' from their screen
/// (``AnalysisProgram/site(of:)``), and reads the range from the model only
/// when a finding needs it (``AnalysisProgram/range(of:)``).
struct TransitionSite {
  /// An action or a custom back: its screen's global index. A nested
  /// transition (a result handler or a task outcome): `-1 - parent`, where
  /// `parent` is the id of the `start` or `run` transition that holds it.
  let holder: Int32
  /// An action: its index among its screen's actions; a custom back: `-1`.
  /// A nested transition: its index among its parent's handlers (the
  /// declared results in order, then `dismissed`) or outcomes.
  let slot: Int32

  /// Action `index` of the screen with global index `screen` (past its
  /// actions: the tabs of a tabs screen, in tab order).
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
      let actions = screens[screen].actions.count
      guard slot >= actions else { return screens[screen].actions[slot].transition }
      // A tab of a tabs screen: as the `start` of its flow, at the tab.
      guard let tabs = screens[screen].tabBar?.tabs, slot - actions < tabs.count else { return nil }
      let tab = tabs[slot - actions]
      return Transition(
        .start(tab.flow, mode: .push, handlers: tab.handlers), span: tab.span)
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

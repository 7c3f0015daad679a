extension AnalysisProgram {
  /// What runs a transition, for messages: the screen (global index) whose
  /// action, custom back or tab holds it, directly or through handlers and
  /// outcomes, and the action's name (`nil` for a back, or in a flow's
  /// start) or the tab's name (SPEC §6.1; `nil` elsewhere).
  func trigger(of transition: Int32) -> (screen: Int, action: String?, tab: String?)? {
    guard var site = site(of: transition) else { return nil }
    while site.holder < 0 {
      guard let parent = self.site(of: -1 - site.holder) else { return nil }
      site = parent
    }
    let screen = Int(site.holder)
    guard screen < graph.screens.count else { return nil }
    let slot = Int(site.slot)
    let actions = graph.screens[screen].actions
    let tabs = graph.screens[screen].tabBar?.tabs ?? []
    let tab = slot - actions.count
    return (
      screen, slot >= 0 && slot < actions.count ? actions[slot].name : nil,
      tab >= 0 && tab < tabs.count ? tabs[tab].name : nil
    )
  }
}

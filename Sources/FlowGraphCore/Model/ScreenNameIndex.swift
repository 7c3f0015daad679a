/// Each flow's screens by name, built on first use and then shared by every
/// copy of the graph.
///
/// Few readers look a screen up by name (hooks registered by screen name, a
/// restored state), while every load would pay for hashing every screen's
/// name: the index waits for its first lookup.
final class ScreenNameIndex: @unchecked Sendable {
  private let lock = Lock()
  /// Guarded by `lock`: `nil` until the first lookup.
  private var byFlow: [[String: ScreenID]]?

  /// Each flow's screens by name: the first of a duplicate name wins.
  func names(flows: [Flow], tables: GraphTables) -> [[String: ScreenID]] {
    lock.withLock {
      if let byFlow { return byFlow }
      let built = flows.map { flow in
        var names: [String: ScreenID] = [:]
        names.reserveCapacity(flow.screens.count)
        // Last to first, each name set once: the first of a duplicate wins.
        for id in flow.screens.reversed() {
          names[tables.name(tables.screens[id.index].name)] = id
        }
        return names
      }
      byFlow = built
      return built
    }
  }
}

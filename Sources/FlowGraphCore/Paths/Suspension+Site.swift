extension Suspension {
  /// Where a suspended step waits for a task: a `run` transition (an action's,
  /// a custom back's, a task outcome's or a result handler's, by its path), or
  /// a flow's `start: { run: … }`.
  package enum Site: Hashable, Sendable {
    /// A `run` transition at this path.
    case transition(TransitionPath)
    /// The start of a live flow instance (of this flow of the graph).
    case flowStart(FlowID, FlowInstanceID)
  }

  /// The `run` this suspension waits at; `nil` for a transition that has no
  /// path in the graph.
  package var site: Site? {
    switch continuation {
    case .transition(_, let path, _):
      return path.map(Site.transition)
    case .flowStart(_, let instance, _):
      guard let flow = state.flow(instance) else { return nil }
      return .flowStart(flow.flow, instance)
    }
  }
}

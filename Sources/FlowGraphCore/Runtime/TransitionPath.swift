/// Where a transition sits in the graph: an action or a custom back of a
/// screen, then a walk through task outcomes and result handlers. A live child
/// flow remembers the path of the `start` that started it, so that its
/// parent's handler can be found when it ends (and so that a saved state names
/// it).
public struct TransitionPath: Hashable, Sendable {
  /// Where the walk begins.
  public enum Root: Hashable, Sendable {
    /// An action of a screen.
    case action(ActionID)
    /// A screen's custom `back` transition.
    case back(ScreenID)
    /// Tab `index` of a tabs screen (SPEC §6.1): it starts the tab's flow
    /// like a `start`, with the tab's arguments and handlers.
    case tab(ScreenID, Int)
  }

  /// One step down into a nested transition.
  public enum Step: Hashable, Sendable {
    /// The transition of a `run`'s outcome, by index in the task's outcomes.
    case outcome(Int)
    /// The handler of a `start`'s result.
    case handler(FlowResultRef)
  }

  /// Where the walk begins.
  public var root: Root
  /// The steps, outermost first.
  public var steps: [Step]

  /// Creates a path.
  public init(root: Root, steps: [Step] = []) {
    self.root = root
    self.steps = steps
  }

  /// The path one step further down.
  public func appending(_ step: Step) -> TransitionPath {
    var path = self
    path.steps.append(step)
    return path
  }
}

extension FlowGraph {
  /// The transition at a path, when the path fits this graph.
  public func transition(at path: TransitionPath) -> Transition? {
    var current: Transition
    switch path.root {
    case .action(let id):
      guard id.screen.index >= 0, id.screen.index < screens.count else { return nil }
      let actions = screens[id.screen.index].actions
      guard id.index >= 0, id.index < actions.count else { return nil }
      current = actions[id.index].transition
    case .back(let screen):
      guard screen.index >= 0, screen.index < screens.count,
        case .custom(let transition) = screens[screen.index].back
      else { return nil }
      current = transition
    case .tab(let screen, let index):
      guard screen.index >= 0, screen.index < screens.count,
        let tabs = screens[screen.index].tabBar?.tabs, index >= 0, index < tabs.count
      else { return nil }
      current = Transition(
        .start(tabs[index].flow, mode: .push, handlers: tabs[index].handlers),
        arguments: tabs[index].arguments, span: tabs[index].span)
    }
    for step in path.steps {
      switch (step, current.kind) {
      case (.outcome(let index), .run(_, let outcomes)):
        guard index >= 0, index < outcomes.count else { return nil }
        current = outcomes[index]
      case (.handler(let result), .start(_, _, let handlers)):
        if case .declared(let index) = result, index < 0 || index >= handlers.results.count {
          return nil
        }
        current = handlers[result]
      default:
        return nil
      }
    }
    return current
  }
}

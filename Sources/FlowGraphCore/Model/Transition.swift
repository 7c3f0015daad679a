/// What happens when an action fires, a task returns an outcome, a child flow
/// ends (`on:`), or the system back runs a custom `back` (SPEC §2.4).
public struct Transition: Hashable, Sendable {
  /// How a child flow is started.
  public enum StartMode: String, Hashable, Sendable, CaseIterable {
    /// The child's start screen is pushed onto the current stack.
    case push
    /// A new modal layer is opened for the child; the child owns it.
    case present
  }

  /// What the parent does when a child flow ends: one transition per declared
  /// result of the child, and one for `dismissed` (`stay` when not written).
  public struct ResultHandlers: Hashable, Sendable {
    /// The handler of each declared result, in the child's ``Flow/results`` order.
    public var results: [Transition]
    /// The handler of `dismissed`.
    public var dismissed: Transition

    /// Creates handlers.
    public init(results: [Transition], dismissed: Transition = .stay) {
      self.results = results
      self.dismissed = dismissed
    }

    /// The handler for one way the child can end.
    public subscript(result: FlowResultRef) -> Transition {
      switch result {
      case .dismissed: dismissed
      case .declared(let index): results[index]
      }
    }
  }

  /// The navigation a transition performs.
  public enum Kind: Hashable, Sendable {
    /// Push the screen onto the current layer's stack.
    case push(ScreenID)
    /// Open a new modal layer whose stack is `[screen]`, owned by this flow.
    case present(ScreenID)
    /// Replace the top screen.
    case replace(ScreenID)
    /// Reset this flow to `[screen]` in its base layer, closing layers above.
    case root(ScreenID)
    /// Pop back to the nearest instance of the screen below the top, within
    /// this flow's part of the current layer.
    case popTo(ScreenID)
    /// Remove the top screen.
    case pop
    /// Pop to this flow's first screen in the current layer.
    case popToRoot
    /// Close the top modal layer.
    case dismiss
    /// Change nothing.
    case stay
    /// Select the named tab of the tabs layer that holds the current screen,
    /// keeping every stack (SPEC §6.1). (Boxed, so that the name does not
    /// make every kind 16 bytes and a tag.)
    indirect case select(String)
    /// End this flow with a result.
    case finish(FlowResultRef)
    /// Start a child flow.
    indirect case start(FlowID, mode: StartMode, handlers: ResultHandlers)
    /// Call a task's Swift hook; its outcome picks the transition (one per
    /// outcome, in the task's ``TaskDefinition/outcomes`` order).
    case run(TaskID, outcomes: [Transition])
    /// A transition that did not compile (a dangling name, a bad form). The
    /// compiler has reported it; analyses treat it as unknown and stay silent
    /// where it could matter, and the runtime never runs a graph with errors.
    case invalid
  }

  /// Where a `push` or a `start` with `mode: push` first pops back to
  /// (SPEC §6.3, `popTo: X` with `inclusive`).
  public struct PopTarget: Hashable, Sendable {
    /// The screen X popped back to: the nearest instance at or below the top,
    /// within the flow's part of the current layer.
    public var screen: ScreenID
    /// Whether X itself is removed too.
    public var inclusive: Bool

    /// Creates a pop target.
    public init(screen: ScreenID, inclusive: Bool = false) {
      self.screen = screen
      self.inclusive = inclusive
    }
  }

  /// The navigation performed.
  public var kind: Kind
  /// For a `push` or a `start` with `mode: push`: the screen to pop back to
  /// first, in the same step (SPEC §6.3); `nil` for every other transition.
  public var popTo: PopTarget?
  /// The arguments for the target's params (screen params, flow input, result
  /// payload or task input), in the target's param order.
  public var arguments: [Argument]
  /// The navigation key (`push:`, `start:`…) or the keyword scalar (`pop`).
  public var span: SourceSpan?
  /// The scalar that names the target (`detail` in `push: detail`).
  public var targetSpan: SourceSpan?

  /// Creates a transition.
  public init(
    _ kind: Kind,
    arguments: [Argument] = [],
    span: SourceSpan? = nil,
    targetSpan: SourceSpan? = nil,
    popTo: PopTarget? = nil
  ) {
    self.kind = kind
    self.arguments = arguments
    self.span = span
    self.targetSpan = targetSpan
    self.popTo = popTo
  }

  /// `stay`, with no position: the implicit handler of `dismissed`.
  public static let stay = Transition(.stay)
}

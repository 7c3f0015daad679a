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
    public var results: TransitionList
    /// The handler of `dismissed`.
    public var dismissed: Transition

    /// Creates handlers.
    public init(results: [Transition], dismissed: Transition = .stay) {
      self.init(
        TransitionValue.HandlersValue(
          results: results.map { TransitionValue($0) }, dismissed: TransitionValue(dismissed)))
    }

    /// Handlers read from a graph's tables: `nested` holds the results, then
    /// `dismissed`.
    init(tables: GraphTables, nested: TableRange) {
      let count = max(Int(nested.count), 1) - 1
      results = TransitionList(tables: tables, start: nested.start, count: UInt32(count))
      dismissed =
        nested.count == 0
        ? .stay : Transition(tables: tables, index: nested.start + UInt32(count))
    }

    package init(_ value: TransitionValue.HandlersValue) {
      var writer = GraphTableWriter()
      let range = writer.append(value.results + [value.dismissed])
      self.init(tables: writer.finish(), nested: range)
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
    /// keeping every stack (SPEC §6.1).
    case select(String)
    /// End this flow with a result.
    case finish(FlowResultRef)
    /// Start a child flow.
    case start(FlowID, mode: StartMode, handlers: ResultHandlers)
    /// Call a task's Swift hook; its outcome picks the transition (one per
    /// outcome, in the task's ``TaskDefinition/outcomes`` order).
    case run(TaskID, outcomes: TransitionList)
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

  /// The tables the transition is read from.
  let tables: GraphTables
  /// Its record's index in ``GraphTables/transitions``.
  let index: UInt32

  init(tables: GraphTables, index: UInt32) {
    self.tables = tables
    self.index = index
  }

  @inline(__always)
  var record: TransitionRecord { tables.transitions[Int(index)] }

  /// The navigation performed.
  public var kind: Kind {
    get {
      let record = record
      switch record.tag {
      case .push: return .push(record.screen)
      case .present: return .present(record.screen)
      case .replace: return .replace(record.screen)
      case .root: return .root(record.screen)
      case .popTo: return .popTo(record.screen)
      case .pop: return .pop
      case .popToRoot: return .popToRoot
      case .dismiss: return .dismiss
      case .stay: return .stay
      case .select: return .select(tables.name(record.target))
      case .finish: return .finish(record.result)
      case .start:
        return .start(
          record.flow, mode: record.mode,
          handlers: ResultHandlers(tables: tables, nested: tables.nested(of: record)))
      case .run:
        return .run(
          record.task, outcomes: TransitionList(tables: tables, range: tables.nested(of: record)))
      case .invalid: return .invalid
      }
    }
    set { modify { $0.kind = TransitionValue.Kind(newValue) } }
  }

  /// For a `push` or a `start` with `mode: push`: the screen to pop back to
  /// first, in the same step (SPEC §6.3); `nil` for every other transition.
  public var popTo: PopTarget? {
    get { tables.popTarget(of: record) }
    set { modify { $0.popTo = newValue } }
  }

  /// The arguments for the target's params (screen params, flow input, result
  /// payload or task input), in the target's param order.
  public var arguments: ArgumentList {
    get {
      ArgumentList(tables: tables, range: tables.arguments(of: record))
    }
    set { modify { $0.arguments = Array(newValue) } }
  }

  /// The navigation key (`push:`, `start:`…) or the keyword scalar (`pop`).
  public var span: SourceSpan? {
    get { tables.keySpan(of: record) }
    set { modify { $0.span = newValue } }
  }

  /// The scalar that names the target (`detail` in `push: detail`).
  public var targetSpan: SourceSpan? {
    get { tables.targetSpan(of: record) }
    set { modify { $0.targetSpan = newValue } }
  }

  /// Creates a transition.
  public init(
    _ kind: Kind,
    arguments: [Argument] = [],
    span: SourceSpan? = nil,
    targetSpan: SourceSpan? = nil,
    popTo: PopTarget? = nil
  ) {
    let kind = TransitionValue.Kind(kind)
    self.init(
      TransitionValue(
        kind, arguments: arguments, span: span, targetSpan: targetSpan, popTo: popTo))
  }

  /// Replaces the transition with a changed copy of its own tables.
  private mutating func modify(_ change: (inout TransitionValue) -> Void) {
    var value = TransitionValue(self)
    change(&value)
    self = Self(value)
  }

  /// A transition of its own tables, from a value.
  package init(_ value: TransitionValue) {
    var writer = GraphTableWriter()
    let index = writer.append(value)
    self.init(tables: writer.finish(), index: index)
  }

  /// `stay`, with no position: the implicit handler of `dismissed`.
  public static let stay = Transition(Kind.stay)
  /// `pop`, with no position: what system back does by default.
  static let backPop = Transition(Kind.pop)
  /// `dismiss`, with no position: the dismiss gesture.
  static let dismissGesture = Transition(Kind.dismiss)

  /// Two transitions are equal when what they do and where they were written
  /// are: their kinds (nested transitions included), pop targets, arguments
  /// and spans.
  public static func == (lhs: Transition, rhs: Transition) -> Bool {
    if lhs.tables === rhs.tables && lhs.index == rhs.index { return true }
    return lhs.kind == rhs.kind && lhs.popTo == rhs.popTo && lhs.span == rhs.span
      && lhs.targetSpan == rhs.targetSpan && lhs.arguments.elementsEqual(rhs.arguments)
  }

  public func hash(into hasher: inout Hasher) {
    let record = record
    hasher.combine(record.tag.rawValue)
    hasher.combine(tables.arguments(of: record).count)
    hasher.combine(span)
  }
}

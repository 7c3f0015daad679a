/// The record API of ``GraphTableWriter``: for a reader that reads its
/// screens in table order, so that it writes each record once, where it
/// belongs, with no value in between: the launch-format reader
/// (``CompiledGraphReader``, which has its names already, unique, as ids of
/// its own string table: no name hashed), and the YAML compiler (through
/// the package calls: transition slots, ``TransitionHead``, arguments).
///
/// The tables come out as ``GraphTableWriter/append(_:)`` writes a screen
/// value: the screen's params; per action its params, its transition and
/// its record (the actions of a screen are consecutive: nothing else goes
/// to their table); the custom back's transition; the tab bar; the screen's
/// record last. A transition takes its slot, then the block of its nested
/// transitions (each filled the same way), then its arguments.
extension GraphTableWriter {
  /// A writer whose names are `names`, as they are: a name's id is its
  /// index. Each name must be there once (distinct bytes). ``append(_:)``
  /// still interns the names it is given (after these, which it interns
  /// the first time it needs to).
  package init(names: [String]) {
    self.init()
    adoptedNames = names
  }

  /// Reserves room for `count` screens' records.
  mutating func reserveScreens(_ count: Int) {
    screens.reserveCapacity(count)
  }

  /// Reserves room for the actions, transitions, params and arguments of
  /// `total` screens, as many per screen as the first `read` have (a little
  /// more): one allocation each instead of the last doublings. At most a
  /// multiple of what is written already, so never more than the records
  /// the bytes read so far could justify.
  mutating func reserveProjecting(read: Int, total: Int) {
    guard read > 0, total > read else { return }
    let scale = Double(total) / Double(read) * 1.05
    actions.reserveCapacity(Int(Double(actions.count) * scale))
    transitions.reserveCapacity(Int(Double(transitions.count) * scale))
    parameters.reserveCapacity(Int(Double(parameters.count) * scale))
    arguments.reserveCapacity(Int(Double(arguments.count) * scale))
  }

  /// Reserves one transition slot, to be set with ``setTransition(_:_:)``,
  /// and returns its index.
  @inline(__always)
  package mutating func reserveTransition() -> Int {
    transitions.append(placeholder)
    return transitions.count - 1
  }

  /// Reserves `count` consecutive transition slots, to be set with
  /// ``setTransition(_:_:)``, and returns the first one's index.
  mutating func reserveTransitions(_ count: Int) -> Int {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(placeholder, count: count))
    return start
  }

  /// Reserves `count` consecutive transition slots (a transition's nested
  /// ones), to be set with
  /// ``setTransition(_:_:arguments:nested:span:targetSpan:popTo:)``.
  package mutating func reserveTransitionRange(_ count: Int) -> TableRange {
    TableRange(start: UInt32(reserveTransitions(count)), count: UInt32(count))
  }

  @inline(__always)
  mutating func setTransition(_ index: Int, _ record: TransitionRecord) {
    transitions[index] = record
  }

  /// Sets a reserved transition slot, or appends the transition when
  /// `index` is `nil` (one that nests nothing: nothing is written to the
  /// table between its slot and it), and returns its index. `arguments`
  /// and `nested` are written already (the nested transitions into slots
  /// reserved after this one, then the arguments, ``appendArguments(_:)``).
  @discardableResult
  package mutating func setTransition(
    _ index: Int?, _ head: TransitionHead, arguments: TableRange = .empty,
    nested: TableRange = .empty, span: SourceSpan?, targetSpan: SourceSpan? = nil,
    popTo: Transition.PopTarget? = nil
  ) -> Int {
    var flags: RecordFlags = []
    var target: UInt32 = 0
    let tag: TransitionTag
    switch head {
    case .push(let screen): (tag, target) = (.push, screen.bits)
    case .present(let screen): (tag, target) = (.present, screen.bits)
    case .replace(let screen): (tag, target) = (.replace, screen.bits)
    case .root(let screen): (tag, target) = (.root, screen.bits)
    case .popTo(let screen): (tag, target) = (.popTo, screen.bits)
    case .pop: tag = .pop
    case .popToRoot: tag = .popToRoot
    case .dismiss: tag = .dismiss
    case .stay: tag = .stay
    case .select(let tab): (tag, target) = (.select, name(tab))
    case .finish(.dismissed):
      tag = .finish
      flags.insert(.dismissedResult)
    case .finish(.declared(let result)):
      (tag, target) = (.finish, UInt32(bitPattern: Int32(clamping: result)))
    case .start(let flow, let mode):
      (tag, target) = (.start, UInt32(bitPattern: Int32(clamping: flow.index)))
      if mode == .present { flags.insert(.third) }
    case .run(let task):
      (tag, target) = (.run, UInt32(bitPattern: Int32(clamping: task.index)))
    case .invalid: tag = .invalid
    }
    var popToBits: UInt32 = 0
    if let popTo {
      flags.insert(.second)
      if popTo.inclusive { flags.insert(.first) }
      popToBits = popTo.screen.bits
    }
    if span != nil { flags.insert(.span) }
    if targetSpan != nil { flags.insert(.secondSpan) }
    let record = TransitionRecord(
      tag: tag, flags: flags, target: target, popTo: popToBits, arguments: arguments,
      nested: nested, span: pack(span), targetSpan: pack(targetSpan))
    guard let index else {
      transitions.append(record)
      return transitions.count - 1
    }
    transitions[index] = record
    return index
  }

  /// The record of a transition slot (set, or still the placeholder).
  @inline(__always)
  func transition(at index: Int) -> TransitionRecord { transitions[index] }

  /// The index of the next action: a screen's actions are appended one
  /// after the other (nothing else is written to their table meanwhile).
  package var actionCount: Int { actions.count }

  /// Appends an action's record, after its params and its transition.
  @inline(__always)
  mutating func appendAction(_ record: ActionRecord) {
    actions.append(record)
  }

  /// Appends a list of parameters; the empty range for none.
  @inline(__always)
  package mutating func appendParameters(_ list: [Parameter]) -> TableRange { append(list) }

  /// Appends a list of arguments; the empty range for none.
  @inline(__always)
  package mutating func appendArguments(_ list: [Argument]) -> TableRange { append(list) }

  /// The parameters of a range written so far.
  @inline(__always)
  func parameters(in range: TableRange) -> ArraySlice<Parameter> {
    parameters[Int(range.start)..<Int(range.start) + Int(range.count)]
  }

  /// The arguments of a range written so far.
  @inline(__always)
  func arguments(in range: TableRange) -> ArraySlice<Argument> {
    arguments[Int(range.start)..<Int(range.start) + Int(range.count)]
  }

  /// The handlers of a `start` written to `nested` (its result handlers,
  /// then `dismissed`), read from the finished tables: for a writer of a
  /// tab's handlers alone.
  package func handlers(in nested: TableRange) -> Transition.ResultHandlers {
    Transition.ResultHandlers(tables: finish(), nested: nested)
  }

  /// Appends a tab bar and returns its index, for ``ScreenRecord/tabBar``.
  mutating func appendTabBar(_ bar: TabBar) -> UInt32 {
    tabBars.append(bar)
    return UInt32(tabBars.count - 1)
  }

  /// Appends a screen's record, after its params, actions and tab bar; its
  /// index is ``screenCount`` before the call.
  mutating func appendScreen(_ record: ScreenRecord) {
    screens.append(record)
  }

  /// Interns the names given to `init(names:)`, in order: each keeps its
  /// index as its id (they are distinct).
  mutating func internAdoptedNames() {
    guard let adopted = adoptedNames else { return }
    adoptedNames = nil
    names = TextInterner(capacity: adopted.count + 256)
    for text in adopted { _ = names.entry(text) }
  }
}

/// The slot API of ``GraphTableWriter``, for the YAML compiler, which
/// writes each record once, where it belongs, with no value in between
/// (transition slots, ``TransitionHead``, arguments).
///
/// The tables come out as ``GraphTableWriter/append(_:)`` writes a screen
/// value: the screen's params; per action its params, its transition and
/// its record (the actions of a screen are consecutive: nothing else goes
/// to their table); the custom back's transition; the tab bar; the screen's
/// record last. A transition takes its slot, then the block of its nested
/// transitions (each filled the same way), then its arguments.
extension GraphTableWriter {
  /// Reserves one transition slot, to be set with ``setTransition(_:_:)``,
  /// and returns its index.
  @inline(__always)
  package mutating func reserveTransition() -> Int {
    transitions.append(TransitionRecord.placeholder)
    return transitions.count - 1
  }

  /// Reserves `count` consecutive transition slots, to be set with
  /// ``setTransition(_:_:)``, and returns the first one's index.
  mutating func reserveTransitions(_ count: Int) -> Int {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(TransitionRecord.placeholder, count: count))
    return start
  }

  /// Reserves `count` consecutive transition slots (a transition's nested
  /// ones), to be set with
  /// ``setTransition(_:_:arguments:nested:span:targetSpan:popTo:)``.
  package mutating func reserveTransitionRange(_ count: Int) -> TableRange {
    TableRange(start: UInt32(reserveTransitions(count)), count: UInt32(count))
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
    if popTo?.inclusive == true { flags.insert(.first) }
    if span != nil { flags.insert(.span) }
    if targetSpan != nil { flags.insert(.secondSpan) }
    let record = TransitionRecord(
      tag: tag, flags: flags, target: target, popTo: popTo?.screen.bits, arguments: arguments,
      nested: nested, span: pack(span), targetSpan: pack(targetSpan), extras: &transitionExtras)
    guard let index else {
      transitions.append(record)
      return transitions.count - 1
    }
    transitions[index] = record
    return index
  }

  /// The index of the next action: a screen's actions are appended one
  /// after the other (nothing else is written to their table meanwhile).
  package var actionCount: Int { actions.count }

  /// Appends a list of parameters; the empty range for none.
  @inline(__always)
  package mutating func appendParameters(_ list: [Parameter]) -> TableRange { append(list) }

  /// Appends a list of arguments; the empty range for none.
  @inline(__always)
  package mutating func appendArguments(_ list: [Argument]) -> TableRange { append(list) }

  /// The handlers of a `start` written to `nested` (its result handlers,
  /// then `dismissed`), read from the finished tables: for a writer of a
  /// tab's handlers alone.
  package func handlers(in nested: TableRange) -> Transition.ResultHandlers {
    Transition.ResultHandlers(tables: finish(), nested: nested)
  }
}

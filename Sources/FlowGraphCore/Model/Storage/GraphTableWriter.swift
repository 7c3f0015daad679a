/// Builds a graph's ``GraphTables``, one screen at a time: the compiler, the
/// readers of the compiled forms and the public initializers all write
/// through it.
package struct GraphTableWriter {
  // Internal, not private: the record API (GraphTableWriter+Records.swift)
  // writes them too.
  var names = TextInterner(capacity: 256)
  /// The names given to `init(names:)`, each once, not interned yet: the
  /// table's names until a name is added (then they are, first).
  var adoptedNames: [String]?
  /// The name id of each reader's key seen (``noIndex`` for none yet).
  private var idsByKey: [UInt32] = []
  var screens: [ScreenRecord] = []
  var actions: [ActionRecord] = []
  var transitions: [TransitionRecord] = []
  var parameters: [Parameter] = []
  var arguments: [Argument] = []
  var tabBars: [TabBar] = []

  package init() {}

  /// How many screens are written: the index of the next one.
  package var screenCount: Int { screens.count }

  /// Reserves room for about this many screens and actions.
  package mutating func reserveCapacity(screens screenCount: Int, actions actionCount: Int) {
    screens.reserveCapacity(screenCount)
    actions.reserveCapacity(actionCount)
    transitions.reserveCapacity(actionCount + actionCount / 4)
  }

  /// Appends a screen; its index is ``screenCount`` before the call.
  package mutating func append(_ screen: ScreenValue) {
    // In the order every writer keeps (the launch-format reader too): the
    // screen's params, each action's params then transition, the back.
    let params = append(screen.params)
    let actionRange = reserveActions(screen.actions.count)
    for offset in screen.actions.indices {
      setAction(actionRange.index(offset), screen.actions[offset])
    }
    append(screen, params: params, actions: actionRange)
  }

  /// Reserves consecutive action slots for the next screen, so that a reader
  /// can write its actions one by one (``setAction(_:_:)``) as it makes them.
  package mutating func reserveActions(_ count: Int) -> TableRange {
    let range = TableRange(start: UInt32(actions.count), count: UInt32(count))
    actions.append(
      contentsOf: repeatElement(
        ActionRecord(name: 0, transition: 0, params: .empty, span: absentSpan, flags: []),
        count: count))
    return range
  }

  /// Writes an action into a slot of ``reserveActions(_:)`` (its transition
  /// and parameters are appended now).
  package mutating func setAction(_ slot: Int, _ action: ActionValue) {
    let params = append(action.params)
    let transition = append(action.transition)
    setAction(
      slot, name: action.name, nameKey: action.nameKey, params: params,
      transition: Int(transition), span: action.span)
  }

  /// Writes an action into a slot of ``reserveActions(_:)``, its params and
  /// its transition already written (to `params`, and to the slot
  /// `transition` of ``reserveTransition()``); `nameKey` as
  /// ``ActionValue/nameKey``.
  package mutating func setAction(
    _ slot: Int, name text: String, nameKey: Int32, params: TableRange, transition: Int,
    span: SourceSpan?
  ) {
    actions[slot] = ActionRecord(
      name: name(text, key: nameKey), transition: UInt32(transition), params: params,
      span: span ?? absentSpan, flags: span == nil ? [] : .span)
  }

  /// Appends a screen whose params and actions are already written to
  /// `params` and `actionRange` (the screen value's own are not read), and
  /// its custom back's transition to the slot `customBack` of
  /// ``reserveTransition()`` when given (the value's `back` is not read
  /// then).
  package mutating func append(
    _ screen: ScreenValue, params: TableRange, actions actionRange: TableRange,
    customBack written: Int? = nil
  ) {
    var flags: RecordFlags = []
    if screen.dismissible { flags.insert(.first) }
    var backKind: UInt8 = 0
    var customBack = noIndex
    if let written {
      backKind = 2
      customBack = UInt32(written)
    } else {
      switch screen.back {
      case .pop: break
      case .disabled: backKind = 1
      case .custom(let transition):
        backKind = 2
        customBack = append(transition)
      }
    }
    var tabBar = noIndex
    if let bar = screen.tabBar {
      tabBar = UInt32(tabBars.count)
      tabBars.append(bar)
    }
    if screen.span != nil { flags.insert(.span) }
    if screen.extentSpan != nil { flags.insert(.secondSpan) }
    if screen.deeplinkSpan != nil { flags.insert(.thirdSpan) }
    screens.append(
      ScreenRecord(
        name: name(screen.name, key: screen.nameKey), flow: screen.flow,
        title: optionalText(screen.title), description: optionalText(screen.description),
        deeplink: optionalText(screen.deeplink),
        tabBar: tabBar, customBack: customBack, params: params, actions: actionRange,
        span: screen.span ?? absentSpan, extentSpan: screen.extentSpan ?? absentSpan,
        deeplinkSpan: screen.deeplinkSpan ?? absentSpan, flags: flags, backKind: backKind))
  }

  /// The finished tables.
  package func finish() -> GraphTables {
    GraphTables(
      names: adoptedNames ?? names.strings, screens: screens, actions: actions,
      transitions: transitions,
      parameters: parameters, arguments: arguments, tabBars: tabBars)
  }

  // MARK: - Parts

  /// Appends one transition (and what it nests) and returns its index.
  mutating func append(_ transition: TransitionValue) -> UInt32 {
    let index = transitions.count
    transitions.append(placeholder)
    fill(index, with: transition)
    return UInt32(index)
  }

  /// Appends consecutive transitions (and what they nest after them).
  mutating func append(_ list: [TransitionValue]) -> TableRange {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(placeholder, count: list.count))
    for (offset, transition) in list.enumerated() { fill(start + offset, with: transition) }
    return TableRange(start: UInt32(start), count: UInt32(list.count))
  }

  /// Appends consecutive transitions, `last` after `list`.
  mutating func append(_ list: [TransitionValue], then last: TransitionValue) -> TableRange {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(placeholder, count: list.count + 1))
    for (offset, transition) in list.enumerated() { fill(start + offset, with: transition) }
    fill(start + list.count, with: last)
    return TableRange(start: UInt32(start), count: UInt32(list.count + 1))
  }

  mutating func append(_ list: [Parameter]) -> TableRange {
    guard !list.isEmpty else { return .empty }
    let start = parameters.count
    parameters.append(contentsOf: list)
    return TableRange(start: UInt32(start), count: UInt32(list.count))
  }

  mutating func append(_ list: [Argument]) -> TableRange {
    guard !list.isEmpty else { return .empty }
    let start = arguments.count
    arguments.append(contentsOf: list)
    return TableRange(start: UInt32(start), count: UInt32(list.count))
  }

  var placeholder: TransitionRecord {
    TransitionRecord(
      tag: .stay, flags: [], target: 0, popTo: 0, arguments: .empty, nested: .empty,
      span: absentSpan, targetSpan: absentSpan)
  }

  private mutating func fill(_ index: Int, with transition: TransitionValue) {
    let head: TransitionHead
    var nested = TableRange.empty
    switch transition.kind {
    case .push(let screen): head = .push(screen)
    case .present(let screen): head = .present(screen)
    case .replace(let screen): head = .replace(screen)
    case .root(let screen): head = .root(screen)
    case .popTo(let screen): head = .popTo(screen)
    case .pop: head = .pop
    case .popToRoot: head = .popToRoot
    case .dismiss: head = .dismiss
    case .stay: head = .stay
    case .select(let tab): head = .select(tab)
    case .finish(let result): head = .finish(result)
    case .start(let flow, let mode, let handlers):
      head = .start(flow, mode: mode)
      nested = append(handlers.results, then: handlers.dismissed)
    case .run(let task, let outcomes):
      head = .run(task)
      nested = append(outcomes)
    case .invalid: head = .invalid
    }
    let arguments = append(transition.arguments)
    setTransition(
      index, head, arguments: arguments, nested: nested, span: transition.span,
      targetSpan: transition.targetSpan, popTo: transition.popTo)
  }

  /// The id of a name, interned.
  mutating func name(_ text: String) -> UInt32 {
    if adoptedNames != nil { internAdoptedNames() }
    return UInt32(truncatingIfNeeded: names.entry(text))
  }

  /// The id of a name the reader has a key for: looked up by the key.
  private mutating func name(_ text: String, key: Int32) -> UInt32 {
    guard key >= 0 else { return name(text) }
    let slot = Int(key)
    if slot < idsByKey.count, idsByKey[slot] != noIndex { return idsByKey[slot] }
    if slot >= idsByKey.count {
      idsByKey.append(contentsOf: repeatElement(noIndex, count: slot + 1 - idsByKey.count))
    }
    let id = name(text)
    idsByKey[slot] = id
    return id
  }

  /// The id of free text (a title, a description, a deep link): kept as
  /// given, without looking for an equal one.
  private mutating func optionalText(_ text: String?) -> UInt32 {
    if text != nil, adoptedNames != nil { internAdoptedNames() }
    return text.map { UInt32(truncatingIfNeeded: names.appendUnindexed($0)) } ?? noIndex
  }
}

extension ScreenID {
  var bits: UInt32 { UInt32(bitPattern: Int32(clamping: index)) }
  init(bits: UInt32) { self.init(Int(Int32(bitPattern: bits))) }
}

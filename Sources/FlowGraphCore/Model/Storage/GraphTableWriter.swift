/// Builds a graph's ``GraphTables``, one screen at a time: the YAML compiler
/// and the public initializers write through it (the launch-format reader
/// fills the tables in place: ``CompiledGraphReader``).
package struct GraphTableWriter {
  // Internal, not private: the record API (GraphTableWriter+Records.swift)
  // writes them too.
  var names = TextInterner(capacity: 256)
  /// The name id of each reader's key seen (``noIndex`` for none yet).
  private var idsByKey: [UInt32] = []
  var screens: [ScreenRecord] = []
  var actions: [ActionRecord] = []
  var transitions: [TransitionRecord] = []
  var parameters: [Parameter] = []
  var arguments: [Argument] = []
  var tabBars: [TabBar] = []
  /// The spans too wide for a record (``PackedSpan``).
  var wideSpans: [SourceSpan] = []
  /// What only some transitions and actions have (``GraphTables``).
  var transitionExtras: [TransitionExtras] = []
  var actionParams: [TableRange] = []
  var screenExtras: [ScreenExtras] = []

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
    let firstAction = actions.count
    for action in screen.actions {
      let actionParams = append(action.params)
      let transition = append(action.transition)
      appendAction(
        name: action.name, nameKey: action.nameKey, params: actionParams,
        transition: Int(transition), span: action.span)
    }
    var customBack: Int?
    switch screen.back {
    case .pop, .disabled: break
    case .custom(let transition): customBack = Int(append(transition))
    }
    appendScreen(
      name: screen.name, nameKey: screen.nameKey, flow: screen.flow, title: screen.title,
      description: screen.description, deeplink: screen.deeplink,
      dismissible: screen.dismissible, backDisabled: screen.back.isDisabled,
      customBack: customBack, tabBar: screen.tabBar, params: params, firstAction: firstAction,
      span: screen.span, extentSpan: screen.extentSpan, deeplinkSpan: screen.deeplinkSpan)
  }

  /// Appends an action's record, its params and its transition already
  /// written (to `params`, and to the slot `transition` of
  /// ``reserveTransition()``); `nameKey` as ``ActionValue/nameKey``. A
  /// screen's actions are appended one after the other, before the screen
  /// (``appendScreen(name:nameKey:flow:title:description:deeplink:dismissible:backDisabled:customBack:tabBar:params:firstAction:span:extentSpan:deeplinkSpan:)``).
  package mutating func appendAction(
    name text: String, nameKey: Int32, params: TableRange, transition: Int, span: SourceSpan?
  ) {
    actions.append(
      ActionRecord(
        name: name(text, key: nameKey), transition: UInt32(transition),
        params: ActionRecord.paramsIndex(params, in: &actionParams), span: pack(span),
        flags: span == nil ? [] : .span))
  }

  /// Appends a screen's record (and its tab bar); its index is
  /// ``screenCount`` before the call. Its params are written already to
  /// `params`, its actions from the action `firstAction` on
  /// (``appendAction(name:nameKey:params:transition:span:)``: where the
  /// previous screen's end, as the record keeps them), and its
  /// custom back's transition, if it has one, to the slot `customBack`;
  /// `nameKey` as ``ScreenValue/nameKey``.
  package mutating func appendScreen(
    name text: String, nameKey: Int32, flow: FlowID, title: String?, description: String?,
    deeplink: String?, dismissible: Bool, backDisabled: Bool, customBack: Int?, tabBar: TabBar?,
    params: TableRange, firstAction: Int, span: SourceSpan?, extentSpan: SourceSpan?,
    deeplinkSpan: SourceSpan?
  ) {
    assert(
      UInt32(firstAction) == screens.last?.actionsEnd ?? 0,
      "a screen's actions follow the previous screen's")
    var flags: RecordFlags = []
    if dismissible { flags.insert(.first) }
    let backKind: UInt8 = customBack != nil ? 2 : backDisabled ? 1 : 0
    var tabBarIndex = noIndex
    if let tabBar {
      tabBarIndex = UInt32(tabBars.count)
      tabBars.append(tabBar)
    }
    if span != nil { flags.insert(.span) }
    if extentSpan != nil { flags.insert(.secondSpan) }
    if deeplinkSpan != nil { flags.insert(.thirdSpan) }
    screens.append(
      ScreenRecord(
        name: name(text, key: nameKey), flow: flow, title: optionalText(title),
        description: optionalText(description), deeplink: optionalText(deeplink),
        extras: ScreenExtras.index(
          tabBar: tabBarIndex, customBack: customBack.map { UInt32($0) } ?? noIndex,
          in: &screenExtras),
        actionsEnd: UInt32(actions.count), params: params, span: pack(span),
        extentSpan: pack(extentSpan),
        deeplinkSpan: pack(deeplinkSpan), flags: flags, backKind: backKind))
  }

  /// The finished tables.
  package func finish() -> GraphTables {
    GraphTables(
      names: names.strings, screens: screens, actions: actions,
      transitions: transitions,
      parameters: parameters, arguments: arguments, tabBars: tabBars, wideSpans: wideSpans,
      transitionExtras: transitionExtras, actionParams: actionParams, screenExtras: screenExtras)
  }

  // MARK: - Parts

  /// Appends one transition (and what it nests) and returns its index.
  mutating func append(_ transition: TransitionValue) -> UInt32 {
    let index = transitions.count
    transitions.append(TransitionRecord.placeholder)
    fill(index, with: transition)
    return UInt32(index)
  }

  /// Appends consecutive transitions (and what they nest after them).
  mutating func append(_ list: [TransitionValue]) -> TableRange {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(TransitionRecord.placeholder, count: list.count))
    for (offset, transition) in list.enumerated() { fill(start + offset, with: transition) }
    return TableRange(start: UInt32(start), count: UInt32(list.count))
  }

  /// Appends consecutive transitions, `last` after `list`.
  mutating func append(_ list: [TransitionValue], then last: TransitionValue) -> TableRange {
    let start = transitions.count
    transitions.append(
      contentsOf: repeatElement(TransitionRecord.placeholder, count: list.count + 1))
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
    UInt32(truncatingIfNeeded: names.entry(text))
  }

  /// The id of a name the reader has a key for: looked up by the key.
  @inline(__always)
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
    return text.map { UInt32(truncatingIfNeeded: names.appendUnindexed($0)) } ?? noIndex
  }
}

extension ScreenID {
  var bits: UInt32 { UInt32(bitPattern: Int32(clamping: index)) }
  init(bits: UInt32) { self.init(Int(Int32(bitPattern: bits))) }
}

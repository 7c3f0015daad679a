/// The storage of a graph's screens: flat tables of fixed-size records, one
/// per screen, action and transition, with names as 32-bit ids into one name
/// table and parameters and arguments as ranges into one table each
/// (docs/compact-model.md).
///
/// One instance is shared by every copy of a ``FlowGraph`` and by every
/// ``Screen``, ``Action`` and ``Transition`` read from it: those are handles
/// (the tables and an index), not copies. Immutable once built; build one
/// with ``GraphTableWriter``.
package final class GraphTables: Sendable {
  /// Every name, title, description, deep link and tab name. Names are
  /// interned: two name ids are equal exactly when their names are (titles,
  /// descriptions and deep links are kept as written, one entry each).
  package let names: [String]
  let screens: [ScreenRecord]
  let actions: [ActionRecord]
  let transitions: [TransitionRecord]
  let parameters: [Parameter]
  let arguments: [Argument]
  let tabBars: [TabBar]
  /// The spans too wide for a record's 8 bytes (``PackedSpan``): rare.
  let wideSpans: [SourceSpan]
  /// The pop target, arguments and nested transitions of each transition
  /// that has any of them (``TransitionRecord/extras``): a few.
  let transitionExtras: [TransitionExtras]
  /// The params of each action that has any (``ActionRecord/params``): a
  /// few.
  let actionParams: [TableRange]
  /// The tab bar and custom back of each screen that has either
  /// (``ScreenRecord/extras``): a few.
  let screenExtras: [ScreenExtras]

  init(
    names: [String], screens: [ScreenRecord], actions: [ActionRecord],
    transitions: [TransitionRecord], parameters: [Parameter], arguments: [Argument],
    tabBars: [TabBar], wideSpans: [SourceSpan] = [], transitionExtras: [TransitionExtras] = [],
    actionParams: [TableRange] = [], screenExtras: [ScreenExtras] = []
  ) {
    self.names = names
    self.screens = screens
    self.actions = actions
    self.transitions = transitions
    self.parameters = parameters
    self.arguments = arguments
    self.tabBars = tabBars
    self.wideSpans = wideSpans
    self.transitionExtras = transitionExtras
    self.actionParams = actionParams
    self.screenExtras = screenExtras
  }

  /// Tables with nothing in them.
  static let empty = GraphTables(
    names: [], screens: [], actions: [], transitions: [], parameters: [], arguments: [],
    tabBars: [])

  @inline(__always)
  func name(_ id: UInt32) -> String { names[Int(id)] }

  @inline(__always)
  func optionalName(_ id: UInt32) -> String? { id == noIndex ? nil : names[Int(id)] }
}

/// The index that stands for "none" in a record's optional index fields.
let noIndex = UInt32.max

/// A run of consecutive records of one table.
package struct TableRange: Hashable, Sendable {
  package var start: UInt32
  package var count: UInt32

  package static let empty = TableRange(start: 0, count: 0)

  @inline(__always)
  package func index(_ offset: Int) -> Int { Int(start) + offset }
}

/// Which of a record's optional spans are present, and its small flags.
struct RecordFlags: OptionSet, Hashable, Sendable {
  let rawValue: UInt8
  static let span = RecordFlags(rawValue: 1 << 0)
  static let secondSpan = RecordFlags(rawValue: 1 << 1)
  /// Screen: the deep link's span is present. Transition: the target span
  /// is far from the key span, kept in its ``TransitionExtras`` (not in
  /// ``TransitionRecord/nearTarget``).
  static let thirdSpan = RecordFlags(rawValue: 1 << 2)
  /// Screen: dismissible. Transition: the pop target is inclusive.
  static let first = RecordFlags(rawValue: 1 << 3)
  /// Transition: a pop target is present.
  static let second = RecordFlags(rawValue: 1 << 4)
  /// Transition: a `start` presents (else pushes).
  static let third = RecordFlags(rawValue: 1 << 5)
  /// Transition: a `finish` ends with `dismissed`.
  static let dismissedResult = RecordFlags(rawValue: 1 << 6)
}

/// A screen: 64 bytes. A screen's actions are consecutive and follow the
/// previous screen's (every writer appends a screen's actions, then its
/// record): the record holds where they end (read with
/// ``GraphTables/actions(ofScreen:)``). The rare tab bar and custom back are
/// in a side table (``GraphTables/tabBar(of:)``,
/// ``GraphTables/customBack(of:)``).
struct ScreenRecord: Sendable {
  var name: UInt32
  var flow: FlowID
  var title: UInt32
  var description: UInt32
  var deeplink: UInt32
  /// The index in ``GraphTables/screenExtras``, or ``noIndex`` for a screen
  /// with neither a tab bar nor a custom back.
  var extras: UInt32
  /// The end of the screen's actions in ``GraphTables/actions``.
  var actionsEnd: UInt32
  var params: TableRange
  var span: PackedSpan
  var extentSpan: PackedSpan
  var deeplinkSpan: PackedSpan
  var flags: RecordFlags
  /// 0 pop, 1 disabled, 2 custom.
  var backKind: UInt8
}

/// What only some screens have: 8 bytes, one per screen with a tab bar or
/// a custom back.
struct ScreenExtras: Sendable {
  /// The index in ``GraphTables/tabBars``, or ``noIndex``.
  var tabBar: UInt32
  /// The custom back's transition, or ``noIndex``.
  var customBack: UInt32

  /// The ``ScreenRecord/extras`` of a screen with these: the index of an
  /// entry appended to `table` (the ``GraphTables/screenExtras`` being
  /// written), or ``noIndex`` when both are ``noIndex`` (nothing appended).
  @inline(__always)
  static func index(tabBar: UInt32, customBack: UInt32, in table: inout [ScreenExtras])
    -> UInt32
  {
    guard tabBar != noIndex || customBack != noIndex else { return noIndex }
    table.append(ScreenExtras(tabBar: tabBar, customBack: customBack))
    return UInt32(truncatingIfNeeded: table.count &- 1)
  }
}

/// An action: 24 bytes. Most actions have no params: an action that has
/// some holds the index of their range in ``GraphTables/actionParams``
/// (read with ``GraphTables/params(of:)``).
struct ActionRecord: Sendable {
  var name: UInt32
  var transition: UInt32
  /// The index of the params' range in ``GraphTables/actionParams``, or
  /// ``noIndex`` for none.
  var params: UInt32
  var span: PackedSpan
  var flags: RecordFlags
}

/// A transition: 20 bytes. Most transitions are plain (no pop target, no
/// arguments, nothing nested) and name their target right after their key
/// (`push: detail`): a transition that has any of the first three, or a
/// target span elsewhere, holds the index of its ``TransitionExtras``
/// (read with ``GraphTables/popTarget(of:)``, ``GraphTables/arguments(of:)``,
/// ``GraphTables/nested(of:)`` and ``GraphTables/targetSpan(of:)``). Build
/// one with ``init(tag:flags:target:popTo:arguments:nested:span:targetSpan:extras:)``.
struct TransitionRecord: Sendable {
  var tag: TransitionTag
  var flags: RecordFlags
  /// The target span relative to the key span (``PackedSpan/near(_:after:)``),
  /// when it is present and ``RecordFlags/thirdSpan`` is clear.
  var nearTarget: UInt16
  /// The screen, flow or task index (bit pattern), the name id of a
  /// `select`, or the declared result of a `finish`.
  var target: UInt32
  /// The index in ``GraphTables/transitionExtras``, or ``noIndex`` for a
  /// plain transition.
  var extras: UInt32
  var span: PackedSpan
}

/// What only some transitions have: 28 bytes, one per transition that has
/// any of it. The nested transitions of a `start` are its result handlers
/// then its `dismissed` handler; of a `run`, its outcomes.
struct TransitionExtras: Sendable {
  /// The pop target's screen (bit pattern) when the record's flag is set.
  var popTo: UInt32
  var arguments: TableRange
  var nested: TableRange
  /// The target span when it is not near the key span (the record's
  /// ``RecordFlags/thirdSpan``); else ``PackedSpan/absent``.
  var targetSpan: PackedSpan
}

extension TransitionRecord {
  /// A transition's record, from its fields: what only some transitions
  /// have goes to an entry appended to `extras` (the
  /// ``GraphTables/transitionExtras`` being written), when there is any.
  /// `flags` says which spans are present (``RecordFlags/span``,
  /// ``RecordFlags/secondSpan``) and holds the small flags; `popTo` is the
  /// pop target's screen (bit pattern), its `inclusive` flag set already.
  /// The flags that say where the record keeps something (a pop target, a
  /// far target span) are set here, so that they always agree with
  /// ``extras``.
  @inline(__always)
  init(
    tag: TransitionTag, flags: RecordFlags, target: UInt32, popTo: UInt32? = nil,
    arguments: TableRange = .empty, nested: TableRange = .empty, span: PackedSpan,
    targetSpan: PackedSpan, extras: inout [TransitionExtras]
  ) {
    var flags = flags.subtracting([.second, .thirdSpan])
    if popTo != nil { flags.insert(.second) }
    var near: UInt16 = 0
    var far = PackedSpan.absent
    if flags.contains(.secondSpan) {
      if flags.contains(.span), let offset = PackedSpan.near(targetSpan, after: span) {
        near = offset
      } else {
        far = targetSpan
        flags.insert(.thirdSpan)
      }
    }
    var index = noIndex
    if popTo != nil || arguments.count > 0 || nested.count > 0 || flags.contains(.thirdSpan) {
      extras.append(
        TransitionExtras(
          popTo: popTo ?? 0, arguments: arguments, nested: nested, targetSpan: far))
      index = UInt32(truncatingIfNeeded: extras.count &- 1)
    }
    self.init(tag: tag, flags: flags, nearTarget: near, target: target, extras: index, span: span)
  }
}

extension ActionRecord {
  /// The ``params`` of an action with these: the index of the range
  /// appended to `table` (the ``GraphTables/actionParams`` being written),
  /// or ``noIndex`` for none (nothing appended).
  @inline(__always)
  static func paramsIndex(_ params: TableRange, in table: inout [TableRange]) -> UInt32 {
    guard params.count > 0 else { return noIndex }
    table.append(params)
    return UInt32(truncatingIfNeeded: table.count &- 1)
  }
}

/// The kind of a ``TransitionRecord``.
enum TransitionTag: UInt8, Sendable {
  case push, present, replace, root, popTo, pop, popToRoot, dismiss, stay, select, finish, start,
    run, invalid
}

extension GraphTables {
  /// The bytes of one screen, action and transition record in the tables.
  package static var recordStrides: (screen: Int, action: Int, transition: Int) {
    (
      MemoryLayout<ScreenRecord>.stride, MemoryLayout<ActionRecord>.stride,
      MemoryLayout<TransitionRecord>.stride
    )
  }
}

// MARK: - Reading a transition record

extension TransitionRecord {
  /// A reserved transition slot's record until it is set.
  @inline(__always)
  static var placeholder: TransitionRecord {
    TransitionRecord(
      tag: .stay, flags: [], nearTarget: 0, target: 0, extras: noIndex, span: .absent)
  }

  /// The target screen of a `push`, `present`, `replace`, `root` or `popTo`.
  @inline(__always)
  var screen: ScreenID { ScreenID(bits: target) }
  /// The child flow of a `start`.
  @inline(__always)
  var flow: FlowID { FlowID(Int(Int32(bitPattern: target))) }
  /// The task of a `run`.
  @inline(__always)
  var task: TaskID { TaskID(Int(Int32(bitPattern: target))) }
  /// The result of a `finish`.
  @inline(__always)
  var result: FlowResultRef {
    flags.contains(.dismissedResult) ? .dismissed : .declared(Int(Int32(bitPattern: target)))
  }
  /// Whether a `push` or `start` pops back first
  /// (``GraphTables/popTarget(of:)`` says where).
  @inline(__always)
  var hasPopTarget: Bool { flags.contains(.second) }
  /// How a `start` shows its child.
  @inline(__always)
  var mode: Transition.StartMode { flags.contains(.third) ? .present : .push }
}

// MARK: - Reading what only some records have

extension GraphTables {
  /// Where a `push` or `start` pops back to first.
  @inline(__always)
  func popTarget(of record: TransitionRecord) -> Transition.PopTarget? {
    guard record.hasPopTarget else { return nil }
    return Transition.PopTarget(
      screen: ScreenID(bits: transitionExtras[Int(record.extras)].popTo),
      inclusive: record.flags.contains(.first))
  }

  /// A transition's arguments: a range of ``arguments``.
  @inline(__always)
  func arguments(of record: TransitionRecord) -> TableRange {
    record.extras == noIndex ? .empty : transitionExtras[Int(record.extras)].arguments
  }

  /// The transitions nested in a `start` (its result handlers, then its
  /// `dismissed` handler) or a `run` (its outcomes): a range of
  /// ``transitions``.
  @inline(__always)
  func nested(of record: TransitionRecord) -> TableRange {
    record.extras == noIndex ? .empty : transitionExtras[Int(record.extras)].nested
  }

  /// A transition's target span: near its key span (in the record), or in
  /// its extras.
  @inline(__always)
  func targetSpan(of record: TransitionRecord) -> SourceSpan? {
    guard record.flags.contains(.secondSpan) else { return nil }
    guard !record.flags.contains(.thirdSpan) else {
      return span(transitionExtras[Int(record.extras)].targetSpan)
    }
    return record.span.narrow.near(record.nearTarget)
  }

  /// The actions of the screen at `index`: from where the previous
  /// screen's end to where its own do.
  @inline(__always)
  func actions(ofScreen index: Int) -> TableRange {
    let end = screens[index].actionsEnd
    let start = index == 0 ? 0 : screens[index &- 1].actionsEnd
    return TableRange(start: start, count: end &- start)
  }

  /// A screen's tab bar: its index in ``tabBars``, or ``noIndex``.
  @inline(__always)
  func tabBar(of record: ScreenRecord) -> UInt32 {
    record.extras == noIndex ? noIndex : screenExtras[Int(record.extras)].tabBar
  }

  /// A screen's custom back: its transition, or ``noIndex``.
  @inline(__always)
  func customBack(of record: ScreenRecord) -> UInt32 {
    record.extras == noIndex ? noIndex : screenExtras[Int(record.extras)].customBack
  }

  /// An action's params: a range of ``parameters``.
  @inline(__always)
  func params(of record: ActionRecord) -> TableRange {
    record.params == noIndex ? .empty : actionParams[Int(record.params)]
  }
}

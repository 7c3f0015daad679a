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

  init(
    names: [String], screens: [ScreenRecord], actions: [ActionRecord],
    transitions: [TransitionRecord], parameters: [Parameter], arguments: [Argument],
    tabBars: [TabBar], wideSpans: [SourceSpan] = []
  ) {
    self.names = names
    self.screens = screens
    self.actions = actions
    self.transitions = transitions
    self.parameters = parameters
    self.arguments = arguments
    self.tabBars = tabBars
    self.wideSpans = wideSpans
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

/// A screen: 72 bytes.
struct ScreenRecord: Sendable {
  var name: UInt32
  var flow: FlowID
  var title: UInt32
  var description: UInt32
  var deeplink: UInt32
  /// The index in ``GraphTables/tabBars``, or ``noIndex``.
  var tabBar: UInt32
  /// The custom back's transition, or ``noIndex``.
  var customBack: UInt32
  var params: TableRange
  var actions: TableRange
  var span: PackedSpan
  var extentSpan: PackedSpan
  var deeplinkSpan: PackedSpan
  var flags: RecordFlags
  /// 0 pop, 1 disabled, 2 custom.
  var backKind: UInt8
}

/// An action: 28 bytes.
struct ActionRecord: Sendable {
  var name: UInt32
  var transition: UInt32
  var params: TableRange
  var span: PackedSpan
  var flags: RecordFlags
}

/// A transition: 44 bytes. The nested transitions of a `start` are its
/// result handlers then its `dismissed` handler; of a `run`, its outcomes.
struct TransitionRecord: Sendable {
  var tag: TransitionTag
  var flags: RecordFlags
  /// The screen, flow or task index (bit pattern), the name id of a
  /// `select`, or the declared result of a `finish`.
  var target: UInt32
  /// The pop target's screen (bit pattern) when the flag is set.
  var popTo: UInt32
  var arguments: TableRange
  var nested: TableRange
  var span: PackedSpan
  var targetSpan: PackedSpan
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
  /// How a `start` shows its child.
  @inline(__always)
  var mode: Transition.StartMode { flags.contains(.third) ? .present : .push }
  /// Where a `push` or `start` pops back to first.
  @inline(__always)
  var popTarget: Transition.PopTarget? {
    flags.contains(.second)
      ? Transition.PopTarget(screen: ScreenID(bits: popTo), inclusive: flags.contains(.first))
      : nil
  }
}

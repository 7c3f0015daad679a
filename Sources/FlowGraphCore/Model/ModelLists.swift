// The collections of the model: each a range of one of a graph's tables.

/// A collection of the transitions nested in a `start` (its result handlers) or a `run` (its outcomes), in order: a range of its graph's tables, indexed from 0.
public struct TransitionList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  let tables: GraphTables
  let start: UInt32
  /// The number of elements.
  public private(set) var count: Int

  init(tables: GraphTables, start: UInt32, count: UInt32) {
    self.tables = tables
    self.start = start
    self.count = Int(count)
  }

  init(tables: GraphTables, range: TableRange) {
    self.init(tables: tables, start: range.start, count: range.count)
  }

  /// Creates a list of its own tables, holding these elements.
  public init(_ elements: [Transition]) {
    guard !elements.isEmpty else {
      self.init(tables: .empty, start: 0, count: 0)
      return
    }
    var writer = GraphTableWriter()
    let range = writer.append(elements.map { TransitionValue($0) })
    self.init(tables: writer.finish(), start: range.start, count: range.count)
  }

  public init(arrayLiteral elements: Transition...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Reads an element; setting one gives the list tables of its own.
  public subscript(position: Int) -> Transition {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return Transition(tables: tables, index: start + UInt32(position))
    }
    set {
      var elements = Array(self)
      elements[position] = newValue
      self = Self(elements)
    }
  }

  /// An empty list.
  public init() { self.init([Transition]()) }

  /// Replaces a range of elements; the list gets tables of its own.
  public mutating func replaceSubrange<C: Collection<Transition>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var elements = Array(self)
    elements.replaceSubrange(subrange, with: newElements)
    self = Self(elements)
  }

  public var description: String { Array(self).description }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.tables === rhs.tables && lhs.start == rhs.start && lhs.count == rhs.count {
      return true
    }
    return lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

/// A collection of a screen's actions, in file order: a range of its graph's tables, indexed from 0.
public struct ActionList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  let tables: GraphTables
  let start: UInt32
  /// The number of elements.
  public private(set) var count: Int

  init(tables: GraphTables, start: UInt32, count: UInt32) {
    self.tables = tables
    self.start = start
    self.count = Int(count)
  }

  init(tables: GraphTables, range: TableRange) {
    self.init(tables: tables, start: range.start, count: range.count)
  }

  /// Creates a list of its own tables, holding these elements.
  public init(_ elements: [Action]) {
    guard !elements.isEmpty else {
      self.init(tables: .empty, start: 0, count: 0)
      return
    }
    let screen = Screen(name: "", flow: FlowID(0), actions: elements)
    let range = screen.tables.actions(ofScreen: Int(screen.index))
    self.init(tables: screen.tables, start: range.start, count: range.count)
  }

  public init(arrayLiteral elements: Action...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Reads an element; setting one gives the list tables of its own.
  public subscript(position: Int) -> Action {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return Action(tables: tables, index: start + UInt32(position))
    }
    set {
      var elements = Array(self)
      elements[position] = newValue
      self = Self(elements)
    }
  }

  /// An empty list.
  public init() { self.init([Action]()) }

  /// Replaces a range of elements; the list gets tables of its own.
  public mutating func replaceSubrange<C: Collection<Action>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var elements = Array(self)
    elements.replaceSubrange(subrange, with: newElements)
    self = Self(elements)
  }

  public var description: String { Array(self).description }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.tables === rhs.tables && lhs.start == rhs.start && lhs.count == rhs.count {
      return true
    }
    return lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

/// A collection of parameters: a screen's params or an action's payload: a range of its graph's tables, indexed from 0.
public struct ParameterList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  let tables: GraphTables
  let start: UInt32
  /// The number of elements.
  public private(set) var count: Int

  init(tables: GraphTables, start: UInt32, count: UInt32) {
    self.tables = tables
    self.start = start
    self.count = Int(count)
  }

  init(tables: GraphTables, range: TableRange) {
    self.init(tables: tables, start: range.start, count: range.count)
  }

  /// Creates a list of its own tables, holding these elements.
  public init(_ elements: [Parameter]) {
    guard !elements.isEmpty else {
      self.init(tables: .empty, start: 0, count: 0)
      return
    }
    var writer = GraphTableWriter()
    let range = writer.append(elements)
    self.init(tables: writer.finish(), start: range.start, count: range.count)
  }

  public init(arrayLiteral elements: Parameter...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Reads an element; setting one gives the list tables of its own.
  public subscript(position: Int) -> Parameter {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return tables.parameters[Int(start) + position]
    }
    set {
      var elements = Array(self)
      elements[position] = newValue
      self = Self(elements)
    }
  }

  /// An empty list.
  public init() { self.init([Parameter]()) }

  /// Replaces a range of elements; the list gets tables of its own.
  public mutating func replaceSubrange<C: Collection<Parameter>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var elements = Array(self)
    elements.replaceSubrange(subrange, with: newElements)
    self = Self(elements)
  }

  public var description: String { Array(self).description }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.tables === rhs.tables && lhs.start == rhs.start && lhs.count == rhs.count {
      return true
    }
    return lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

/// A collection of a transition's arguments, in the target's param order: a range of its graph's tables, indexed from 0.
public struct ArgumentList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  let tables: GraphTables
  let start: UInt32
  /// The number of elements.
  public private(set) var count: Int

  init(tables: GraphTables, start: UInt32, count: UInt32) {
    self.tables = tables
    self.start = start
    self.count = Int(count)
  }

  init(tables: GraphTables, range: TableRange) {
    self.init(tables: tables, start: range.start, count: range.count)
  }

  /// Creates a list of its own tables, holding these elements.
  public init(_ elements: [Argument]) {
    guard !elements.isEmpty else {
      self.init(tables: .empty, start: 0, count: 0)
      return
    }
    var writer = GraphTableWriter()
    let range = writer.append(elements)
    self.init(tables: writer.finish(), start: range.start, count: range.count)
  }

  public init(arrayLiteral elements: Argument...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Reads an element; setting one gives the list tables of its own.
  public subscript(position: Int) -> Argument {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return tables.arguments[Int(start) + position]
    }
    set {
      var elements = Array(self)
      elements[position] = newValue
      self = Self(elements)
    }
  }

  /// An empty list.
  public init() { self.init([Argument]()) }

  /// Replaces a range of elements; the list gets tables of its own.
  public mutating func replaceSubrange<C: Collection<Argument>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var elements = Array(self)
    elements.replaceSubrange(subrange, with: newElements)
    self = Self(elements)
  }

  public var description: String { Array(self).description }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.tables === rhs.tables && lhs.start == rhs.start && lhs.count == rhs.count {
      return true
    }
    return lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

/// All screens of a graph, indexed by ``ScreenID/index``.
public struct ScreenList: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
  let tables: GraphTables

  /// The number of screens.
  public var count: Int { tables.screens.count }
  public var startIndex: Int { 0 }
  public var endIndex: Int { tables.screens.count }

  public subscript(position: Int) -> Screen {
    precondition(position >= 0 && position < count, "index out of range")
    return Screen(tables: tables, index: UInt32(position))
  }

  public var description: String { Array(self).description }

  /// Two lists are equal when their screens are, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.tables === rhs.tables || lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for screen in self { hasher.combine(screen) }
  }
}

/// A list of model values read by index from 0: an array, or one of the
/// model's lists. What the readers that serve both take.
package protocol IndexedList<Element>: RandomAccessCollection where Index == Int {}

extension Array: IndexedList {}
extension TransitionList: IndexedList {}
extension ActionList: IndexedList {}
extension ParameterList: IndexedList {}
extension ArgumentList: IndexedList {}
extension ScreenList: IndexedList {}

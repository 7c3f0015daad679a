/// A compiled, typed, immutable flow graph: every name resolved to a dense
/// index, every argument bound and type-checked.
///
/// Build one with the YAML front end (`FlowGraphYAML`), load one from the
/// compiled JSON format, or construct one in Swift.
public struct FlowGraph: Hashable, Sendable {
  /// All flows (of every imported file), in load order.
  public let flows: [Flow]
  /// All screens of all flows; ``Flow/screens`` lists each flow's own.
  public var screens: ScreenList { ScreenList(tables: tables) }
  /// The screens, actions and transitions, as flat tables.
  package let tables: GraphTables
  /// All tasks.
  public let tasks: [TaskDefinition]
  /// All named types.
  public let types: [TypeDefinition]
  /// The flow started first, when there is one.
  public let entry: FlowID?
  /// The `suppress` lists of the source files, flows and screens.
  public let suppressions: [Suppression]
  /// The source files the model's ``SourceSpan``s point into: resolve a span
  /// with ``range(_:)``.
  public let sources: SourceMap

  private let flowsByName: [String: FlowID]
  private let tasksByName: [String: TaskID]
  private let typesByName: [String: TypeID]
  private let screensByName = ScreenNameIndex()

  /// Creates a graph. Names must be unique (flows, tasks and types across the
  /// graph; screens within their flow): the first of a duplicate wins lookups.
  public init(
    flows: [Flow],
    screens: [Screen],
    tasks: [TaskDefinition] = [],
    types: [TypeDefinition] = [],
    entry: FlowID?,
    suppressions: [Suppression] = [],
    sources: SourceMap = SourceMap()
  ) {
    self.init(
      flows: flows, tables: Self.tables(of: screens), tasks: tasks, types: types, entry: entry,
      suppressions: suppressions, sources: sources)
  }

  /// The tables of these screens: theirs when they are all of one graph's
  /// tables, in order; else a copy of each into new tables.
  private static func tables(of screens: [Screen]) -> GraphTables {
    if let first = screens.first, first.tables.screens.count == screens.count,
      screens.indices.allSatisfy({ screens[$0].tables === first.tables && screens[$0].index == $0 })
    {
      return first.tables
    }
    var writer = GraphTableWriter()
    for screen in screens { writer.append(ScreenValue(screen)) }
    return writer.finish()
  }

  /// Creates a graph of screens already written to tables (by the compiler or
  /// a reader of a compiled form).
  package init(
    flows: [Flow],
    tables: GraphTables,
    tasks: [TaskDefinition] = [],
    types: [TypeDefinition] = [],
    entry: FlowID?,
    suppressions: [Suppression] = [],
    sources: SourceMap = SourceMap()
  ) {
    self.flows = flows
    self.tables = tables
    self.tasks = tasks
    self.types = types
    self.entry = entry
    self.suppressions = suppressions
    self.sources = sources
    flowsByName = Self.index(flows.map(\.name), FlowID.init)
    tasksByName = Self.index(tasks.map(\.name), TaskID.init)
    typesByName = Self.index(types.map(\.name), TypeID.init)
  }

  private static func index<ID>(_ names: [String], _ make: (Int) -> ID) -> [String: ID] {
    var result: [String: ID] = [:]
    result.reserveCapacity(names.count)
    // Last to first, each name set once: the first of a duplicate wins.
    for index in names.indices.reversed() {
      result[names[index]] = make(index)
    }
    return result
  }

  /// The flow with this name.
  public func flow(named name: String) -> FlowID? { flowsByName[name] }
  /// The task with this name.
  public func task(named name: String) -> TaskID? { tasksByName[name] }
  /// The type with this name.
  public func type(named name: String) -> TypeID? { typesByName[name] }
  /// The screen with this name in a flow.
  public func screen(named name: String, in flow: FlowID) -> ScreenID? {
    let names = screensByName.names(flows: flows, tables: tables)
    return names.indices.contains(flow.index) ? names[flow.index][name] : nil
  }

  /// Whether the name lookups hold every flow, task and type, and every
  /// screen a flow lists: then no two of them share a name where names must
  /// be unique (the graph-wide ones; screens within their flow).
  var lookupsHoldEveryName: Bool {
    flowsByName.count == flows.count && tasksByName.count == tasks.count
      && typesByName.count == types.count
      && screenNamesAreUniqueInEachFlow
  }

  /// Whether no flow lists two screens of one name (or one screen twice).
  /// Names are interned: within the tables one name has one id, so this
  /// compares ids, with no name hashed.
  private var screenNamesAreUniqueInEachFlow: Bool {
    var flowOfName = [Int32](repeating: -1, count: tables.names.count)
    for (flowIndex, flow) in flows.enumerated() {
      let mark = Int32(truncatingIfNeeded: flowIndex)
      for id in flow.screens {
        let name = Int(tables.screens[id.index].name)
        if flowOfName[name] == mark { return false }
        flowOfName[name] = mark
      }
    }
    return true
  }

  /// The full source range of a span of this graph's model (path, line,
  /// column and offset of each end); `nil` for no span.
  @inline(__always)
  public func range(_ span: SourceSpan?) -> SourceRange? { sources.range(span) }

  public subscript(flow: FlowID) -> Flow { flows[flow.index] }
  public subscript(screen: ScreenID) -> Screen { screens[screen.index] }
  public subscript(task: TaskID) -> TaskDefinition { tasks[task.index] }
  public subscript(type: TypeID) -> TypeDefinition { types[type.index] }

  /// Two graphs are equal when their model values are, with each span
  /// compared by the range it stands for (``range(_:)``), not by how each
  /// graph's ``sources`` keeps it.
  public static func == (lhs: FlowGraph, rhs: FlowGraph) -> Bool {
    guard lhs.entry == rhs.entry, lhs.suppressions == rhs.suppressions,
      lhs.flows.count == rhs.flows.count, lhs.screens.count == rhs.screens.count,
      lhs.tasks.count == rhs.tasks.count, lhs.types.count == rhs.types.count
    else { return false }
    if lhs.sources == rhs.sources {
      return lhs.flows == rhs.flows && lhs.tasks == rhs.tasks && lhs.types == rhs.types
        && lhs.screens.elementsEqual(rhs.screens)
    }
    let left = lhs.resolvedModel()
    let right = rhs.resolvedModel()
    return left.model == right.model && left.ranges == right.ranges
  }

  /// Hashes what equal graphs share however their spans are kept: the entry,
  /// the counts and the names.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entry)
    hasher.combine(flows.count)
    hasher.combine(screens.count)
    for flow in flows { hasher.combine(flow.name) }
    for screen in tables.screens { hasher.combine(tables.name(screen.name)) }
    for task in tasks { hasher.combine(task.name) }
    for type in types { hasher.combine(type.name) }
  }
}

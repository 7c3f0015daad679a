/// Reads the compiled format (``CompiledGraph``) straight from the bytes:
/// no intermediate document, one `String` per distinct string. Every read is
/// bounds-checked; every count is checked against the bytes left before
/// anything is reserved for it; every index is checked against what it
/// indexes; nesting is bounded.
///
/// What can be checked where it is read is checked there, in the same pass
/// (the types, tasks and flows come before the screens, and a flow lists
/// its screens): each screen is listed by exactly the flow it names, each
/// transition's screen is in its own flow, handlers and outcome transitions
/// match the started flow's results and the task's outcomes, arguments read
/// fields that exist where they are written, fields and actions have unique
/// names and defaults that fit, deep links are ones the compiler accepts
/// (``DeeplinkPattern/check(_:params:report:)``, ``DeeplinkShapes``); the
/// arguments of transitions to screens further on in the file once the
/// screens are read (``screenArguments``).
/// ``CompiledGraphCheck`` checks the rest once the graph is whole: names
/// across the graph and the flows' starts.
struct CompiledGraphReader {
  /// The fixed header.
  struct Header {
    var version: UInt32
    var fingerprint: UInt64
    var bodyLength: Int
    var checksum: UInt64
  }

  private let buffer: UnsafeRawBufferPointer
  /// `buffer.count`, kept: the bounds of every read.
  private let end: Int
  private let root: String?
  private var position = 0
  private var depth = 0
  private var strings: [String] = []
  /// Whether two strings of the table are equal exactly when their indexes
  /// are: the table is sorted by bytes, each string once, and no two of its
  /// strings are canonically equivalent (always so when they are ASCII).
  /// Then names are compared by index.
  private var indexesAreNames = true
  /// The spans that do not fit eight bytes, from their table.
  private var otherSpans: [SourceSpan?] = []
  /// The names (string indexes) of the current screen's tabs and of the
  /// current field list, to check that they are unique.
  /// Per string, a stamp of the last screen that has an action of that
  /// name, when ``indexesAreNames``: a repeated action name is found with
  /// one look per action instead of a comparison of the screen's list. A
  /// byte per string: the stamp is the screen's index modulo 255, plus 1, so
  /// a name last used a multiple of 255 screens earlier looks repeated too;
  /// then the list is compared, and finds no repeat.
  private var actionNameScreens = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  private var tabNames: [Int] = []
  private var fieldNames: [Int] = []
  private var files: [String] = []
  /// The graph's source map.
  private var sources = SourceMap()
  /// Each file's size in bytes, or -1 for a file without a line table: what
  /// a span is checked against (read here, not through the map's tables).
  private var fileSizes: [Int] = []
  /// The files a span's eight bytes can name: the first 254.
  private var inlineFiles = 0
  /// The size of file 0 (``fileSizes``), or -1 for none.
  private var firstFileSize = -1
  private var typeCount = 0
  private var taskCount = 0
  private var flowCount = 0
  private var screenCount = 0
  private var types: [TypeDefinition] = []
  private var tasks: [TaskDefinition] = []
  private var flows: [Flow] = []
  /// The graph's tables, written screen by screen, record by record, in
  /// the room of their arrays (``CompiledTable``), sized by the file's
  /// table sizes; the tables' names are ``strings`` (a name's id is its
  /// string index). While a tab bar is read, ``transitionTable``,
  /// ``argumentTable`` and ``wideSpans`` are the bar's own.
  private var screenTable = CompiledTable<ScreenRecord>.none
  private var actionTable = CompiledTable<ActionRecord>.none
  private var transitionTable = CompiledTable<TransitionRecord>.none
  private var parameterTable = CompiledTable<Parameter>.none
  private var argumentTable = CompiledTable<Argument>.none
  private var wideSpans: [SourceSpan] = []
  /// What only some transitions and actions have (``GraphTables``); while
  /// a tab bar is read, ``transitionExtras`` are the bar's own.
  private var transitionExtras: [TransitionExtras] = []
  private var actionParams: [TableRange] = []
  private var screenExtras: [ScreenExtras] = []
  private var tabBars: [TabBar] = []
  /// Whether a tab bar's transitions are being read (into tables of the
  /// bar's own).
  private var inTabBar = false
  /// The flow that lists each screen, `-1` for none yet.
  private var listedBy: [Int32] = []
  /// The arguments of each transition to a screen that was not read yet
  /// when the transition was, to check against its params once the screens
  /// are read.
  private var screenArguments: [(screen: ScreenID, arguments: DeferredArguments)] = []
  /// The arguments read where the screen in scope came later in the file,
  /// to check their screen params against its params once it is read.
  private var screenSources: [(screen: ScreenID, arguments: DeferredArguments)] = []
  /// The deep-link patterns of the screens read, by shape, with the index
  /// of the first screen of each.
  private var deeplinkShapes = DeeplinkShapes<Int>()

  /// The arguments of a transition to a screen not read yet.
  private enum DeferredArguments {
    /// A range of the graph's arguments.
    case tables(TableRange)
    /// The arguments of a tab's `start`, in the tab bar's own tables.
    case list([Argument])
  }

  init(_ buffer: UnsafeRawBufferPointer, root: String?) {
    self.buffer = buffer
    end = buffer.count
    self.root = root
  }

  // MARK: Header

  static func header(_ buffer: UnsafeRawBufferPointer) throws(CompiledGraphError) -> Header {
    // A start of the magic cut short is a compiled graph, truncated.
    let isCutMagic =
      !buffer.isEmpty && buffer.count < CompiledGraphLayout.magic.count
      && CompiledGraphLayout.magic.starts(with: buffer)
    guard isCutMagic || CompiledGraph.hasMagic(buffer) else {
      throw CompiledGraphError(
        "not a compiled flow graph (it does not start with the format's magic bytes); "
          + "`flowgraph compile FILE -o FILE.\(CompiledGraph.fileExtension)` writes one")
    }
    guard buffer.count >= CompiledGraphLayout.headerSize else {
      throw CompiledGraphError(
        "truncated: the file has \(buffer.count) bytes, less than the "
          + "\(CompiledGraphLayout.headerSize)-byte header")
    }
    let version = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    guard version == CompiledGraph.version else {
      let which = version > CompiledGraph.version ? "a newer" : "an older"
      throw CompiledGraphError(
        "compiled graph format version \(version), but this library reads version "
          + "\(CompiledGraph.version): the file was written by \(which) flowgraph; "
          + "compile the flow file again with this version", offset: 8)
    }
    let flags = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
    guard flags == 0 else {
      throw CompiledGraphError("unknown header flags \(flags); expected 0", offset: 12)
    }
    let length = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    let available = buffer.count - CompiledGraphLayout.headerSize
    guard length == UInt64(available) else {
      throw CompiledGraphError(
        length > UInt64(available)
          ? "truncated: the header announces \(length) bytes of graph, the file has \(available)"
          : "\(UInt64(available) - length) unexpected bytes after the graph's \(length)",
        offset: 24)
    }
    return Header(
      version: version,
      fingerprint: UInt64(
        littleEndian: buffer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
      bodyLength: available,
      checksum: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 32, as: UInt64.self)))
  }

  // MARK: The graph

  mutating func graph() throws(CompiledGraphError) -> FlowGraph {
    let header = try Self.header(buffer)
    let body = UnsafeRawBufferPointer(rebasing: buffer[CompiledGraphLayout.headerSize...])
    guard CompiledGraphLayout.checksum(body) == header.checksum else {
      throw CompiledGraphError(
        "corrupt: the graph's checksum does not match its header "
          + "(the file was changed or damaged after it was compiled)", offset: 32)
    }
    position = CompiledGraphLayout.headerSize
    try readTables()

    typeCount = try count("types")
    types.reserveCapacity(typeCount)
    for _ in 0..<typeCount {
      let name = try string()
      let caseCount = try count("type cases")
      var cases: [String] = []
      cases.reserveCapacity(caseCount)
      for _ in 0..<caseCount { cases.append(try string()) }
      types.append(TypeDefinition(name: name, cases: cases, span: try span()))
    }

    taskCount = try count("tasks")
    tasks.reserveCapacity(taskCount)
    for _ in 0..<taskCount {
      let name = try string()
      let input = try parameters()
      let outcomeCount = try count("outcomes")
      var outcomes: [OutcomeDefinition] = []
      outcomes.reserveCapacity(outcomeCount)
      for _ in 0..<outcomeCount {
        outcomes.append(
          OutcomeDefinition(name: try string(), payload: try parameters(), span: try span()))
      }
      tasks.append(
        TaskDefinition(name: name, input: input, outcomes: outcomes, span: try span()))
    }

    flowCount = try count("flows")
    screenCount = try count("screens")
    listedBy = [Int32](repeating: -1, count: screenCount)
    flows.reserveCapacity(flowCount)
    for _ in 0..<flowCount { flows.append(try flow()) }
    let tables = try readScreens()

    let entry = try optionalIndex(below: flowCount, "entry flow").map(FlowID.init)
    let suppressionCount = try count("suppressions")
    var suppressions: [Suppression] = []
    suppressions.reserveCapacity(suppressionCount)
    for _ in 0..<suppressionCount {
      let fileIndex = try index(below: files.count, "file")
      let file = files[fileIndex]
      let range = try range()
      let ruleCount = try count("rules")
      var rules: Set<RuleID> = []
      for _ in 0..<ruleCount { rules.insert(RuleID(rawValue: try string())) }
      suppressions.append(Suppression(file: file, range: range, rules: rules))
    }
    guard position == end else {
      throw fault("\(end - position) unexpected bytes after the graph's records")
    }
    return FlowGraph(
      flows: flows, tables: tables, tasks: tasks, types: types, entry: entry,
      suppressions: suppressions, sources: sources)
  }

  /// The table sizes, checked against the bytes left, then the screens,
  /// read into tables of those sizes (each array allocated once, filled in
  /// place), which the screens must fill exactly.
  private mutating func readScreens() throws(CompiledGraphError) -> GraphTables {
    let sizesOffset = position
    var sizes = CompiledTableSizes()
    sizes.screens = screenCount
    sizes.actions = try count("actions")
    sizes.transitions = try count("transitions")
    sizes.parameters = try count("params")
    sizes.arguments = try count("arguments")
    let left = end - position
    guard sizes.minimumBytes <= UInt64(left) else {
      throw fault(
        "\(sizes.screens) screens with table sizes of \(sizes.actions) actions, \(sizes.transitions) transitions, "
          + "\(sizes.parameters) params and \(sizes.arguments) arguments take at least "
          + "\(sizes.minimumBytes) bytes, but only \(left) bytes are left")
    }
    var failure: CompiledGraphError?
    var actionRecords: [ActionRecord] = []
    var transitionRecords: [TransitionRecord] = []
    var parameterList: [Parameter] = []
    var argumentList: [Argument] = []
    // Each array's room is one of the tables while the screens are read;
    // the stamps of action names are written in place too.
    var stamps = [UInt8](repeating: 0, count: indexesAreNames ? strings.count : 0)
    // The side tables' room: about one entry per transition that nests
    // others (there are about as many as nested transitions), a quarter
    // more for arguments and pop targets; they grow past it.
    let nested = max(sizes.transitions - sizes.actions, 0)
    transitionExtras.reserveCapacity(nested + nested / 4 + 16)
    actionParams.reserveCapacity(min(sizes.actions, sizes.parameters))
    let screenRecords = CompiledTable.filling(screenCount) { screens in
      actionRecords = CompiledTable.filling(sizes.actions) { actions in
        transitionRecords = CompiledTable.filling(sizes.transitions) { transitions in
          parameterList = CompiledTable.filling(sizes.parameters) { parameters in
            argumentList = CompiledTable.filling(sizes.arguments) { arguments in
              swap(&screens, &screenTable)
              swap(&actions, &actionTable)
              swap(&transitions, &transitionTable)
              swap(&parameters, &parameterTable)
              swap(&arguments, &argumentTable)
              stamps.withUnsafeMutableBufferPointer { stamps in
                actionNameScreens = stamps
                do throws(CompiledGraphError) {
                  for _ in 0..<screenCount { try readScreen() }
                  try checkScreenArguments()
                } catch {
                  failure = error
                }
                actionNameScreens = UnsafeMutableBufferPointer(start: nil, count: 0)
              }
              swap(&screens, &screenTable)
              swap(&actions, &actionTable)
              swap(&transitions, &transitionTable)
              swap(&parameters, &parameterTable)
              swap(&arguments, &argumentTable)
            }
          }
        }
      }
    }
    if let failure { throw failure }
    let counts = [
      ("actions", sizes.actions, actionRecords.count),
      ("transitions", sizes.transitions, transitionRecords.count),
      ("params", sizes.parameters, parameterList.count),
      ("arguments", sizes.arguments, argumentList.count),
    ]
    for (what, announced, read) in counts where read != announced {
      throw CompiledGraphError(
        "the table sizes announce \(announced) \(what), but the screens have \(read)",
        offset: sizesOffset)
    }
    return GraphTables(
      names: strings, screens: screenRecords, actions: actionRecords,
      transitions: transitionRecords, parameters: parameterList, arguments: argumentList,
      tabBars: tabBars, wideSpans: wideSpans, transitionExtras: transitionExtras,
      actionParams: actionParams, screenExtras: screenExtras)
  }

  /// Checks the arguments of the transitions to screens that came later in
  /// the file against their params, the screens read.
  private func checkScreenArguments() throws(CompiledGraphError) {
    for (screen, arguments) in screenSources {
      let count = Int(screenTable[screen.index].params.count)
      let list: [Argument] =
        switch arguments {
        case .tables(let range): Array(argumentTable.slice(range))
        case .list(let list): list
        }
      for argument in list {
        guard case .screenParameter(let field) = argument.source, field >= count else { continue }
        throw fault("an argument reads screen param \(field) where there are \(count)")
      }
    }
    for (screen, arguments) in screenArguments {
      let params = parameterTable.slice(screenTable[screen.index].params)
      switch arguments {
      case .tables(let range):
        try CompiledGraphCheck.checkTargets(argumentTable.slice(range), filling: params)
      case .list(let list): try CompiledGraphCheck.checkTargets(list, filling: params)
      }
    }
  }

  /// The error for a record past its table's announced size.
  private func pastSize(_ what: String, _ limit: Int) -> CompiledGraphError {
    fault("more \(what) than the \(limit) that the table sizes announce")
  }

  private mutating func readTables() throws(CompiledGraphError) {
    let stringCount = try count("strings")
    strings.reserveCapacity(stringCount)
    var previous = UnsafeRawBufferPointer(start: nil, count: 0)
    let tableStart = position
    for index in 0..<stringCount {
      let length = try count("bytes of a string")
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[position..<position + length])
      guard index == 0 || Self.precedes(previous, bytes) else {
        throw fault(
          "string \(index) is not after string \(index - 1) in byte order (the string "
            + "table is sorted, each string once)")
      }
      strings.append(String(decoding: bytes, as: UTF8.self))
      previous = bytes
      position += length
    }
    // Distinct bytes are distinct strings unless two of them are
    // canonically equivalent, which needs a character beyond ASCII: the
    // table's bytes are looked at in one pass, lengths and all (a length
    // of 128 or more looks like a character beyond ASCII; then the strings
    // are compared).
    if !Self.isASCII(UnsafeRawBufferPointer(rebasing: buffer[tableStart..<position])) {
      indexesAreNames = Set(strings).count == strings.count
    }
    let fileCount = try count("files")
    files.reserveCapacity(fileCount)
    for _ in 0..<fileCount {
      var path = try string()
      if let root, !path.hasPrefix("/") {
        path = PathText.normalize(root + "/" + path)
      }
      files.append(path)
      let lines = try lineTable(of: files.count - 1)
      fileSizes.append(lines?.byteCount ?? -1)
      sources.addFile(path: path, lines: lines)
    }
    inlineFiles = min(fileSizes.count, 254)
    firstFileSize = fileSizes.first ?? -1
    let otherCount = try count("other spans")
    otherSpans.reserveCapacity(otherCount)
    for _ in 0..<otherCount { otherSpans.append(try checkedSpan()) }
  }

  /// Whether `left` comes before `right` in byte order (as
  /// `lexicographicallyPrecedes`), eight bytes at a time: the first eight
  /// that differ, read as big-endian numbers, compare as the bytes do.
  static func precedes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer)
    -> Bool
  {
    let common = min(left.count, right.count)
    var index = 0
    while index + 8 <= common {
      let a = UInt64(bigEndian: left.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let b = UInt64(bigEndian: right.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      if a != b { return a < b }
      index += 8
    }
    while index < common {
      if left[index] != right[index] { return left[index] < right[index] }
      index += 1
    }
    return left.count < right.count
  }

  /// Whether every byte of `bytes` is ASCII, eight at a time.
  private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= bytes.count {
      bits |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      bits |= UInt64(bytes[index])
      index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// A file's line table (`docs/compiled-format.md`), checked to describe a
  /// file of its size: line starts ascending within it, continuation bytes
  /// likewise.
  private mutating func lineTable(of file: Int) throws(CompiledGraphError) -> SourceLineTable? {
    let size = try varint()
    guard size > 0 else { return nil }
    guard size - 1 <= UInt64(UInt32.max) else {
      throw fault("file \(file) has \(size - 1) bytes; at most \(UInt32.max) are possible")
    }
    var lists: [[UInt32]] = []
    for what in ["line starts", "continuation bytes"] {
      // A count, then each offset in four bytes: one bounds check, one copy
      // and the highest (the order is the table's own check).
      let count = try count(what, width: 4)
      let list = [UInt32](unsafeUninitializedCapacity: count) { list, initialized in
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[position..<position + 4 * count])
        UnsafeMutableRawBufferPointer(list).copyMemory(from: bytes)
        #if _endian(big)
          for index in 0..<count { list[index] = UInt32(littleEndian: list[index]) }
        #endif
        initialized = count
      }
      var highest: UInt32 = 0
      for value in list { highest = max(highest, value) }
      guard highest <= UInt32(size - 1) else {
        throw fault("file \(file)'s \(what) go past its \(size - 1) bytes")
      }
      position += 4 * count
      lists.append(list)
    }
    guard
      let table = SourceLineTable(
        lineStarts: lists[0], continuations: lists[1], byteCount: Int(size - 1), indexed: false)
    else {
      throw fault("file \(file)'s line table does not describe a file of \(size - 1) bytes")
    }
    return table
  }

  private mutating func flow() throws(CompiledGraphError) -> Flow {
    let name = try string()
    let description = try optionalString()
    let input = try parameters()
    let resultCount = try count("results")
    var results: [ResultDefinition] = []
    results.reserveCapacity(resultCount)
    for _ in 0..<resultCount {
      results.append(
        ResultDefinition(name: try string(), payload: try parameters(), span: try span()))
    }
    let start = try self.start()
    let listed = try count("screens of a flow")
    let flowIndex = Int32(flows.count)
    // Written in place: the list, and the owner of each screen it lists.
    var owners: [Int32] = []
    swap(&owners, &listedBy)
    defer { swap(&owners, &listedBy) }
    var failure: CompiledGraphError?
    let screens = [ScreenID](unsafeUninitializedCapacity: listed) { list, count in
      owners.withUnsafeMutableBufferPointer { owners in
        for offset in 0..<listed {
          let screen: Int
          do throws(CompiledGraphError) {
            screen = try index(below: screenCount, "screen")
          } catch {
            failure = error
            return
          }
          let other = owners[screen]
          guard other < 0 else {
            failure = illFormed(
              other == flowIndex
                ? "flow '\(name)' lists screen \(screen) twice"
                : "screen \(screen) is listed by flows '\(flows[Int(other)].name)' and '\(name)'")
            return
          }
          owners[screen] = flowIndex
          list[offset] = ScreenID(screen)
          count = offset + 1
        }
      }
    }
    if let failure { throw failure }
    return Flow(
      name: name, description: description, input: input, results: results, start: start,
      screens: screens, span: try span(), extentSpan: try span())
  }

  /// Reads the next screen into the tables: its params, each action's
  /// params, transition and record, the custom back, the tab bar and the
  /// screen's record last, the tables that ``GraphTableWriter/append(_:)``
  /// writes. Names are string indexes: the tables' names are the string
  /// table.
  private mutating func readScreen() throws(CompiledGraphError) {
    let screenIndex = screenTable.count
    let nameIndex: Int
    let flowIndex: Int
    let title: UInt32
    let description: UInt32
    let paramRange: TableRange
    let actionCount: Int
    if let head = plainScreenHead() {
      (nameIndex, flowIndex, title, description) = (
        head.name, head.flow, head.title, head.description
      )
      (paramRange, actionCount) = (.empty, head.actions)
    } else {
      nameIndex = try index(below: strings.count, "string")
      flowIndex = try index(below: flowCount, "flow")
      title = try optionalName()
      description = try optionalName()
      paramRange = try parametersIntoTables()
      actionCount = try count("actions")
    }
    guard listedBy[screenIndex] == flowIndex else {
      let lister = Int(listedBy[screenIndex])
      throw illFormed(
        lister < 0
          ? "screen '\(strings[nameIndex])' is not listed by its flow"
          : "flow '\(flows[lister].name)' lists screen '\(strings[nameIndex])', which names flow "
            + "'\(flows[flowIndex].name)' as its own")
    }
    let scope = Scope(flow: flowIndex, screenParams: Int(paramRange.count))
    // Appended one by one: an action's params and transition go to other
    // tables.
    let actionRange = TableRange(start: UInt32(actionTable.count), count: UInt32(actionCount))
    let screenStamp = UInt8(truncatingIfNeeded: screenIndex % 255 + 1)
    var repeatedName = !indexesAreNames
    for _ in 0..<actionCount {
      if let name = plainAction(scope) {
        if indexesAreNames {
          repeatedName = repeatedName || actionNameScreens[name] == screenStamp
          actionNameScreens[name] = screenStamp
        }
        continue
      }
      let actionName = try index(below: strings.count, "string")
      if indexesAreNames {
        repeatedName = repeatedName || actionNameScreens[actionName] == screenStamp
        actionNameScreens[actionName] = screenStamp
      }
      let actionParamRange = try parametersIntoTables()
      var actionScope = scope
      actionScope.payload = Int(actionParamRange.count)
      actionScope.action = Int(actionParamRange.count)
      let transition = try appendTransition(actionScope)
      let span = try recordSpan(flag: .span)
      guard
        actionTable.append(
          ActionRecord(
            name: UInt32(actionName), transition: UInt32(transition),
            params: ActionRecord.paramsIndex(actionParamRange, in: &actionParams),
            span: span.packed, flags: span.flag)) != nil
      else { throw pastSize("actions", actionTable.limit) }
    }
    // The list is compared only to say which name it repeats.
    if repeatedName {
      let names = actionTable.slice(actionRange).map { Int($0.name) }
      try unique(names, actionCount, "actions of a screen")
    }
    if let tail = plainScreenTail() {
      // The table holds a record per screen: the count is its size.
      _ = screenTable.append(
        ScreenRecord(
          name: UInt32(nameIndex), flow: FlowID(flowIndex), title: title,
          description: description, deeplink: tail.deeplink, extras: noIndex,
          actionsEnd: UInt32(actionTable.count), params: paramRange, span: tail.spans.0,
          extentSpan: tail.spans.1, deeplinkSpan: tail.spans.2, flags: tail.flags,
          backKind: tail.backKind))
      if tail.deeplink != noIndex { try checkDeeplink(tail.deeplink, ofScreen: screenIndex) }
      return
    }
    var backKind: UInt8 = 0
    var customBack = noIndex
    switch try byte() {
    case CompiledTag.backPop: break
    case CompiledTag.backDisabled: backKind = 1
    case CompiledTag.backCustom:
      backKind = 2
      customBack = UInt32(try appendTransition(scope))
    case let tag: throw fault("unknown back behaviour tag \(tag)", before: 1)
    }
    let dismissible: RecordFlags = try flag("dismissible") ? .first : []
    let deeplink = try optionalName()
    let nameSpan = try recordSpan(flag: .span)
    let extent = try recordSpan(flag: .secondSpan)
    let deeplinkSpan = try recordSpan(flag: .thirdSpan)
    let tabBar = try tabBar(scope)
    // The table holds a record per screen: the count is its size.
    _ = screenTable.append(
      ScreenRecord(
        name: UInt32(nameIndex), flow: FlowID(flowIndex), title: title,
        description: description, deeplink: deeplink,
        extras: ScreenExtras.index(tabBar: tabBar, customBack: customBack, in: &screenExtras),
        actionsEnd: UInt32(actionTable.count), params: paramRange, span: nameSpan.packed,
        extentSpan: extent.packed, deeplinkSpan: deeplinkSpan.packed,
        flags: dismissible.union(nameSpan.flag).union(extent.flag).union(deeplinkSpan.flag),
        backKind: backKind))
    if deeplink != noIndex { try checkDeeplink(deeplink, ofScreen: screenIndex) }
  }

  /// Refuses the deep link of the screen just read when the compiler
  /// refuses it (`invalid-deeplink`), with its check
  /// (``DeeplinkPattern/check(_:params:report:)``): malformed, a `{name}`
  /// that is not a param or is a list, a param every link must carry left
  /// unbound, or the shape of an earlier screen's pattern
  /// (``DeeplinkShapes``). Only screens with a deep link pay for it.
  private mutating func checkDeeplink(_ deeplink: UInt32, ofScreen screen: Int)
    throws(CompiledGraphError)
  {
    let text = strings[Int(deeplink)]
    let record = screenTable[screen]
    let params = parameterTable.slice(record.params)
    func place(_ record: ScreenRecord) -> String {
      "screen '\(strings[Int(record.name)])' of flow '\(flows[record.flow.index].name)'"
    }
    let checked = try DeeplinkPattern.check(text, params: params) {
      finding throws(CompiledGraphError) in
      throw illFormed(
        place(record) + ": "
          + finding.refusal(
            pattern: text, screen: strings[Int(record.name)], params: params,
            describe: { $0.type.written { types[$0.index].name } }))
    }
    guard let pattern = checked, let first = deeplinkShapes.claim(pattern, for: screen) else {
      return
    }
    let other = screenTable[first]
    throw illFormed(
      place(record) + ": "
        + DeeplinkPattern.sameURLsMessage(
          pattern: text, screen: strings[Int(other.name)], flow: flows[other.flow.index].name))
  }

  /// The start of the most frequent screen read at once, when it is next:
  /// its name, flow, optional title and description (indexes of one or two
  /// bytes), no params and fewer than 128 actions; one bounds check for all
  /// of it. Then the position is at its first action; else it is unchanged
  /// and the result `nil`, for the screen to be read field by field (or to
  /// say what is wrong). Whether its flow lists it is the caller's check.
  @inline(__always)
  private mutating func plainScreenHead() -> (
    name: Int, flow: Int, title: UInt32, description: UInt32, actions: Int
  )? {
    // Two bytes each of name, flow, title and description, the params and
    // the action count.
    guard end - position >= 10 else { return nil }
    var cursor = position
    guard let name = shortNumber(at: &cursor), name < strings.count,
      let flow = shortNumber(at: &cursor), flow < flowCount,
      let title = shortNumber(at: &cursor), title <= strings.count,
      let description = shortNumber(at: &cursor), description <= strings.count,
      buffer[cursor] == 0
    else { return nil }
    let actions = Int(buffer[cursor &+ 1])
    guard actions < 0x80, actions <= end &- cursor &- 2 else { return nil }
    position = cursor &+ 2
    return (
      name, flow, title == 0 ? noIndex : UInt32(title - 1),
      description == 0 ? noIndex : UInt32(description - 1), actions
    )
  }

  /// The end of the most frequent screen read at once, when it is next: a
  /// back that pops or is disabled, the dismissible flag, an optional deep
  /// link (an index of one or two bytes), three spans that
  /// ``packedSpan(at:)`` reads and no tabs; one bounds check for all of it.
  /// Then the position is past the screen and what it read is returned;
  /// else the position is unchanged and the result `nil`, for the rest of
  /// the screen to be read field by field (or to say what is wrong).
  @inline(__always)
  private mutating func plainScreenTail() -> (
    backKind: UInt8, flags: RecordFlags, deeplink: UInt32,
    spans: (PackedSpan, PackedSpan, PackedSpan)
  )? {
    // The back, the flag, two bytes of deep link, three spans, the tabs.
    guard end - position >= 29 else { return nil }
    let backKind = buffer[position]
    let dismissible = buffer[position + 1]
    guard backKind <= CompiledTag.backDisabled, dismissible <= 1 else { return nil }
    var cursor = position &+ 2
    guard let deeplink = shortNumber(at: &cursor), deeplink <= strings.count,
      let name = packedSpan(at: cursor),
      let extent = packedSpan(at: cursor &+ 8), let link = packedSpan(at: cursor &+ 16),
      buffer[cursor &+ 24] == 0
    else { return nil }
    position = cursor &+ 25
    var flags: RecordFlags = dismissible == 1 ? .first : []
    if name.present { flags.insert(.span) }
    if extent.present { flags.insert(.secondSpan) }
    if link.present { flags.insert(.thirdSpan) }
    return (
      backKind, flags, deeplink == 0 ? noIndex : UInt32(deeplink - 1),
      (name.packed, extent.packed, link.packed)
    )
  }

  /// The most frequent action read at once, when it is next: its name (an
  /// index of one or two bytes), no params, a transition that
  /// ``plainKind(_:)`` reads, and three spans that ``packedSpan(at:)``
  /// reads; one bounds check for all of it. Then its transition's record
  /// and its own are appended, the position is past the action and its
  /// name is returned; else the position is unchanged and the result `nil`,
  /// for the action to be read field by field (or to say what is wrong,
  /// a table full too).
  @inline(__always)
  private mutating func plainAction(_ scope: Scope) -> Int? {
    // Two bytes of name, the param count, five of transition, three spans.
    guard end - position >= 32, depth < CompiledGraphLayout.maxDepth,
      transitionTable.count < transitionTable.limit, actionTable.count < actionTable.limit
    else { return nil }
    var cursor = position
    guard let name = shortNumber(at: &cursor), name < strings.count, buffer[cursor] == 0
    else { return nil }
    cursor &+= 1
    guard let (tag, target) = plainKind(scope, at: &cursor),
      let keySpan = packedSpan(at: cursor), let targetSpan = packedSpan(at: cursor &+ 8),
      let span = packedSpan(at: cursor &+ 16)
    else { return nil }
    position = cursor &+ 24
    var flags: RecordFlags = []
    if keySpan.present { flags.insert(.span) }
    if targetSpan.present { flags.insert(.secondSpan) }
    let transition = transitionTable.count
    _ = transitionTable.append(
      TransitionRecord(
        tag: tag, flags: flags, target: target, span: keySpan.packed,
        targetSpan: targetSpan.packed, extras: &transitionExtras))
    _ = actionTable.append(
      ActionRecord(
        name: UInt32(name), transition: UInt32(transition), params: noIndex, span: span.packed,
        flags: span.present ? .span : []))
    return name
  }

  /// Reserves `count` consecutive transition slots, set by
  /// ``setTransition(_:_:)``, and returns the first one's index.
  @inline(__always)
  private mutating func reserveTransitions(_ count: Int) throws(CompiledGraphError) -> Int {
    let first = transitionTable.count
    guard transitionTable.limit - first >= count else {
      throw pastSize("transitions", transitionTable.limit)
    }
    for _ in 0..<count { _ = transitionTable.append(TransitionRecord.placeholder) }
    return first
  }

  /// A screen's tab bar, appended to the tables: its index, ``noIndex`` for
  /// a tab count of zero. A tab holds its handlers as transitions of tables
  /// of their own (the graph's are not built yet): the tabs' `start`s are
  /// read into tables of the bar's own, in place of the graph's.
  private mutating func tabBar(_ scope: Scope) throws(CompiledGraphError) -> UInt32 {
    let tabCount = try count("tabs")
    guard tabCount > 0 else { return noIndex }
    // The bar's tables take the place of the graph's while its tabs are
    // read; the graph's come back whatever happens (their arrays are being
    // initialized), and the bar's are freed on an error.
    var barTransitions = CompiledTable<TransitionRecord>(growing: 4 * tabCount)
    var barArguments = CompiledTable<Argument>(growing: 4)
    var barWideSpans: [SourceSpan] = []
    var barExtras: [TransitionExtras] = []
    swap(&transitionTable, &barTransitions)
    swap(&argumentTable, &barArguments)
    swap(&wideSpans, &barWideSpans)
    swap(&transitionExtras, &barExtras)
    inTabBar = true
    let read: [(name: Int, title: Int?, start: Int)]
    let selected: Int
    do {
      (read, selected) = try tabs(tabCount, scope)
    } catch {
      swap(&transitionTable, &barTransitions)
      swap(&argumentTable, &barArguments)
      swap(&wideSpans, &barWideSpans)
      swap(&transitionExtras, &barExtras)
      inTabBar = false
      barTransitions.rows.free()
      barArguments.rows.free()
      throw error
    }
    swap(&transitionTable, &barTransitions)
    swap(&argumentTable, &barArguments)
    swap(&wideSpans, &barWideSpans)
    swap(&transitionExtras, &barExtras)
    inTabBar = false
    let tables = GraphTables(
      names: strings, screens: [], actions: [], transitions: barTransitions.rows.moveToArray(),
      parameters: [], arguments: barArguments.rows.moveToArray(), tabBars: [],
      wideSpans: barWideSpans, transitionExtras: barExtras)
    var bar = TabBar(tabs: [], selected: selected)
    bar.tabs.reserveCapacity(tabCount)
    for (name, title, start) in read {
      let record = tables.transitions[start]
      let arguments = tables.arguments(of: record)
      let first = Int(arguments.start)
      bar.tabs.append(
        Tab(
          name: strings[name], flow: FlowID(Int(Int32(bitPattern: record.target))),
          title: title.map { strings[$0] },
          arguments: Array(tables.arguments[first..<first + Int(arguments.count)]),
          handlers: Transition.ResultHandlers(tables: tables, nested: tables.nested(of: record)),
          span: tables.keySpan(of: record)))
    }
    tabBars.append(bar)
    return UInt32(tabBars.count - 1)
  }

  /// A tab bar's tabs (name, title and the slot of its `start`), read into
  /// the bar's tables, and the selected tab.
  private mutating func tabs(_ tabCount: Int, _ scope: Scope) throws(CompiledGraphError)
    -> (tabs: [(name: Int, title: Int?, start: Int)], selected: Int)
  {
    var read: [(name: Int, title: Int?, start: Int)] = []
    read.reserveCapacity(tabCount)
    for tab in 0..<tabCount {
      let nameIndex = try index(below: strings.count, "string")
      Self.set(&tabNames, tab, nameIndex)
      let title = try optionalIndex(below: strings.count, "string")
      let start = try appendTransition(scope)
      let record = transitionTable[start]
      guard record.tag == .start, !record.flags.contains(.third),
        !record.flags.contains(.second)
      else {
        throw fault("a tab's flow is not a 'start' in mode push")
      }
      read.append((nameIndex, title, start))
    }
    try unique(tabNames, tabCount, "tabs of a screen")
    let selected = try varint()
    guard selected < UInt64(tabCount) else {
      throw fault("the selected tab \(selected) is not one of the \(tabCount) tabs")
    }
    return (read, Int(selected))
  }

  // MARK: Transitions

  /// Where a screen's transition is read: what its arguments may read
  /// (``CompiledGraphCheck/checkSources(_:payload:screenParams:action:flowInput:)``).
  private struct Scope {
    var flow: Int
    var screenParams: Int
    /// The screen whose params the arguments read, when it comes later in
    /// the file (a start's handlers run on the screen it pops to): its
    /// params are counted once the screens are read (``screenSources``).
    var laterScreen: ScreenID?
    /// The payload of what triggered the transition.
    var payload = 0
    /// The params of the action whose `run` chain the transition is in.
    var action = 0

    init(flow: Int, screenParams: Int) {
      self.flow = flow
      self.screenParams = screenParams
    }

    /// A result handler's scope: the result's payload, no action.
    init(handling payload: Int, in scope: Scope) {
      self = scope
      self.payload = payload
      action = 0
    }
  }

  /// The params of a screen read already, from the graph's parameters.
  private func parameters(ofScreen screen: Int) -> CompiledTableSlice<Parameter> {
    parameterTable.slice(screenTable[screen].params)
  }

  /// A screen index that must be in the scope's flow.
  @inline(__always)
  private mutating func screenID(in scope: Scope) throws(CompiledGraphError) -> ScreenID {
    // Read first: a mutating call in the arguments of a non-mutating one
    // would copy the reader.
    let screen = try index(below: screenCount, "screen")
    return try inFlow(screen, scope)
  }

  /// `screen`, when its flow (the flow that lists it) is the scope's.
  @inline(__always)
  private func inFlow(_ screen: Int, _ scope: Scope) throws(CompiledGraphError) -> ScreenID {
    guard listedBy[screen] == scope.flow else { throw notInFlow(screen, scope) }
    return ScreenID(screen)
  }

  private func notInFlow(_ screen: Int, _ scope: Scope) -> CompiledGraphError {
    let other = Int(listedBy[screen])
    return illFormed(
      "a transition in flow '\(flows[scope.flow].name)' targets screen \(screen) of "
        + (other < 0 ? "no flow" : "flow '\(flows[other].name)'"))
  }

  /// A graph that is not well-formed, found at the current position.
  private func illFormed(_ message: String) -> CompiledGraphError {
    CompiledGraphError("not a well-formed graph: " + message, offset: position)
  }

  /// A screen's transition, checked against its flow (`scope`) as it is
  /// read, into its reserved `slot` of the transitions.
  private mutating func transition(_ scope: Scope, into slot: Int) throws(CompiledGraphError) {
    guard let (tag, target) = plainKind(scope) else {
      return try anyTransition(scope, into: slot)
    }
    transitionTable[slot] = try plainTransition(tag, target)
  }

  /// A screen's own transition (an action's, a custom back's, a tab's),
  /// checked against its flow (`scope`) as it is read, appended to the
  /// transitions (a plain one straight, without a slot reserved first):
  /// its index.
  @inline(__always)
  private mutating func appendTransition(_ scope: Scope) throws(CompiledGraphError) -> Int {
    guard let (tag, target) = plainKind(scope) else {
      let slot = try reserveTransitions(1)
      try anyTransition(scope, into: slot)
      return slot
    }
    let record = try plainTransition(tag, target)
    guard let index = transitionTable.append(record) else {
      throw pastSize("transitions", transitionTable.limit)
    }
    return index
  }

  /// The record of a transition that ``plainKind(_:)`` read: no pop
  /// target, no arguments, only the spans are left to read.
  @inline(__always)
  private mutating func plainTransition(_ tag: TransitionTag, _ target: UInt32)
    throws(CompiledGraphError) -> TransitionRecord
  {
    let keySpan = try recordSpan(flag: .span)
    let targetSpan = try recordSpan(flag: .secondSpan)
    return TransitionRecord(
      tag: tag, flags: keySpan.flag.union(targetSpan.flag), target: target,
      span: keySpan.packed, targetSpan: targetSpan.packed, extras: &transitionExtras)
  }

  /// The kind and target of the most frequent transitions, read at once
  /// when they are next: a screen of the scope's flow (an index of one or
  /// two bytes) or a keyword, no pop target, no arguments. Then the
  /// position is at the transition's spans; else it is unchanged and the
  /// result `nil`, for ``anyTransition(_:into:)`` to read whatever is there
  /// (or say what is wrong).
  @inline(__always)
  private mutating func plainKind(_ scope: Scope) -> (TransitionTag, UInt32)? {
    // A tag, two bytes of screen index, the pop target and the argument count.
    guard end - position >= 5, depth < CompiledGraphLayout.maxDepth else { return nil }
    var cursor = position
    guard let kind = plainKind(scope, at: &cursor) else { return nil }
    position = cursor
    return kind
  }

  /// A number of one or two bytes at `cursor` (two bytes there, not
  /// checked here), the cursor moved past it; `nil` for a longer one.
  @inline(__always)
  private func shortNumber(at cursor: inout Int) -> Int? {
    let low = Int(buffer[cursor])
    guard low >= 0x80 else {
      cursor &+= 1
      return low
    }
    let high = Int(buffer[cursor &+ 1])
    guard high < 0x80 else { return nil }
    cursor &+= 2
    return low & 0x7F | high << 7
  }

  /// ``plainKind(_:)`` at `cursor`, which has five bytes or more after it
  /// (not checked here), moved past the kind when it is one.
  @inline(__always)
  private func plainKind(_ scope: Scope, at cursor: inout Int) -> (TransitionTag, UInt32)? {
    let tag = buffer[cursor]
    cursor &+= 1
    var target: UInt32 = 0
    switch tag {
    case CompiledTag.push, CompiledTag.present, CompiledTag.replace, CompiledTag.root,
      CompiledTag.popTo:
      guard let screen = shortNumber(at: &cursor), screen < screenCount,
        listedBy[screen] == scope.flow
      else { return nil }
      target = ScreenID(screen).bits
    case CompiledTag.pop, CompiledTag.popToRoot, CompiledTag.dismiss, CompiledTag.stay: break
    default: return nil
    }
    guard buffer[cursor] == 0, buffer[cursor &+ 1] == 0 else { return nil }
    cursor &+= 2
    return (Self.tag(tag), target)
  }

  /// A transition's pop target (0 for none, else the screen's index times
  /// two, plus one when inclusive, plus one): a screen of the scope's flow,
  /// on a push or a start only (DSL 1.1's `popTo`).
  private mutating func popTarget(tag: TransitionTag, _ scope: Scope)
    throws(CompiledGraphError) -> (screen: ScreenID, inclusive: Bool)?
  {
    let popTarget = try varint()
    guard popTarget > 0 else { return nil }
    let screen = (popTarget - 1) / 2
    guard screen < UInt64(screenCount) else {
      throw fault("popTo screen index \(screen) is out of range (the graph has \(screenCount))")
    }
    guard tag == .push || tag == .start else {
      throw illFormed("a 'popTo' on a transition that is neither a push nor a start")
    }
    return (try inFlow(Int(screen), scope), popTarget % 2 == 0)
  }

  /// The record's tag for the file's tag of a screen transition or of a
  /// keyword.
  @inline(__always)
  private static func tag(_ tag: UInt8) -> TransitionTag {
    switch tag {
    case CompiledTag.push: .push
    case CompiledTag.present: .present
    case CompiledTag.replace: .replace
    case CompiledTag.root: .root
    case CompiledTag.popTo: .popTo
    case CompiledTag.pop: .pop
    case CompiledTag.popToRoot: .popToRoot
    case CompiledTag.dismiss: .dismiss
    default: .stay
    }
  }

  /// Any transition, read field by field into its `slot`: its nested
  /// transitions (a start's handlers, a run's outcomes) into a block of
  /// slots reserved when their count is read, then its own fields.
  private mutating func anyTransition(_ scope: Scope, into slot: Int)
    throws(CompiledGraphError)
  {
    try enter()
    defer { depth -= 1 }
    let tag: TransitionTag
    var target: UInt32 = 0
    var flags: RecordFlags = []
    var nested = TableRange.empty
    // Whose params the arguments fill (looked up only when there are
    // arguments); a screen's when they may not be known yet.
    var filled = Filled.none
    var targetScreen: ScreenID?
    var startPopTarget: (screen: ScreenID, inclusive: Bool)?
    let fileTag = try byte()
    switch fileTag {
    case CompiledTag.push, CompiledTag.present, CompiledTag.replace, CompiledTag.root,
      CompiledTag.popTo:
      let id = try screenID(in: scope)
      targetScreen = id
      (tag, target) = (Self.tag(fileTag), id.bits)
    case CompiledTag.pop, CompiledTag.popToRoot, CompiledTag.dismiss, CompiledTag.stay:
      tag = Self.tag(fileTag)
    case CompiledTag.select:
      (tag, target) = (.select, UInt32(try index(below: strings.count, "string")))
    case CompiledTag.finish:
      let result = try result()
      if case .declared(let index) = result, index >= flows[scope.flow].results.count {
        throw illFormed(
          "result \(index) of flow '\(flows[scope.flow].name)', which has "
            + "\(flows[scope.flow].results.count)")
      }
      filled = .payload(result)
      tag = .finish
      switch result {
      case .dismissed: flags.insert(.dismissedResult)
      case .declared(let index): target = UInt32(bitPattern: Int32(clamping: index))
      }
    case CompiledTag.start:
      let flow = try index(below: flowCount, "flow")
      switch try byte() {
      case 0: break
      case 1: flags.insert(.third)
      case let tag: throw fault("unknown start mode \(tag)", before: 1)
      }
      // Its pop target, then its handlers, which run on the screen it pops
      // to (``Transition/PopTarget/handlerScreen``).
      startPopTarget = try popTarget(tag: .start, scope)
      var handlerScope = scope
      if let popped = startPopTarget {
        if popped.inclusive {
          (handlerScope.screenParams, handlerScope.laterScreen) = (0, nil)
        } else if popped.screen.index < screenTable.count {
          handlerScope.screenParams = parameters(ofScreen: popped.screen.index).count
          handlerScope.laterScreen = nil
        } else {
          handlerScope.screenParams = Int(Int32.max)
          handlerScope.laterScreen = popped.screen
        }
      }
      let declared = flows[flow].results
      let handlerCount = try count("result handlers")
      guard handlerCount == declared.count else {
        throw illFormed(
          "a start of flow '\(flows[flow].name)' handles \(handlerCount) results; "
            + "the flow has \(declared.count)")
      }
      // The results' handlers, then the handler of `dismissed`.
      let first = try reserveTransitions(handlerCount + 1)
      for (offset, result) in declared.enumerated() {
        try transition(
          Scope(handling: result.payload.count, in: handlerScope), into: first + offset)
      }
      try transition(Scope(handling: 0, in: handlerScope), into: first + handlerCount)
      nested = TableRange(start: UInt32(first), count: UInt32(handlerCount + 1))
      filled = .flowInput(flow)
      (tag, target) = (.start, UInt32(truncatingIfNeeded: flow))
    case CompiledTag.run:
      let task = try index(below: taskCount, "task")
      let definitions = tasks[task].outcomes
      let outcomeCount = try count("outcome transitions")
      guard outcomeCount == definitions.count else {
        throw illFormed(
          "a run of task '\(tasks[task].name)' has \(outcomeCount) outcome transitions; "
            + "the task has \(definitions.count) outcomes")
      }
      let first = try reserveTransitions(outcomeCount)
      for (offset, definition) in definitions.enumerated() {
        var outcomeScope = scope
        outcomeScope.payload = definition.payload.count
        try transition(outcomeScope, into: first + offset)
      }
      nested = TableRange(start: UInt32(first), count: UInt32(outcomeCount))
      filled = .taskInput(task)
      (tag, target) = (.run, UInt32(truncatingIfNeeded: task))
    case CompiledTag.invalid: tag = .invalid
    case let tag: throw fault("unknown transition kind tag \(tag)", before: 1)
    }
    let popped = tag == .start ? startPopTarget : try popTarget(tag: tag, scope)
    let popTo = popped?.screen.bits
    if popped?.inclusive == true { flags.insert(.first) }
    let argumentRange = try argumentsIntoTables()
    if argumentRange.count > 0 {
      let arguments = argumentTable.slice(argumentRange)
      try CompiledGraphCheck.checkSources(
        arguments, payload: scope.payload, screenParams: scope.screenParams,
        action: scope.action, flowInput: flows[scope.flow].input.count)
      if let laterScreen = scope.laterScreen {
        screenSources.append(
          (laterScreen, inTabBar ? .list(Array(arguments)) : .tables(argumentRange)))
      }
      if let targetScreen {
        if targetScreen.index < screenTable.count {
          try CompiledGraphCheck.checkTargets(
            arguments, filling: parameters(ofScreen: targetScreen.index))
        } else {
          // A tab's transitions are in tables of their own.
          screenArguments.append(
            (
              targetScreen,
              inTabBar ? .list(Array(arguments)) : .tables(argumentRange)
            ))
        }
      } else {
        let targets: [Parameter] =
          switch filled {
          case .none: []
          case .payload(let result): flows[scope.flow].payload(of: result)
          case .flowInput(let flow): flows[flow].input
          case .taskInput(let task): tasks[task].input
          }
        try CompiledGraphCheck.checkTargets(arguments, filling: targets)
      }
    }
    let keySpan = try recordSpan(flag: .span)
    let targetSpan = try recordSpan(flag: .secondSpan)
    flags.formUnion(keySpan.flag.union(targetSpan.flag))
    transitionTable[slot] = TransitionRecord(
      tag: tag, flags: flags, target: target, popTo: popTo, arguments: argumentRange,
      nested: nested, span: keySpan.packed, targetSpan: targetSpan.packed,
      extras: &transitionExtras)
  }

  /// The fields that a transition's arguments fill, other than a screen's
  /// params: none, the payload of a result of the transition's flow, or the
  /// input of the flow it starts or of the task it runs.
  private enum Filled {
    case none
    case payload(FlowResultRef)
    case flowInput(Int)
    case taskInput(Int)
  }

  private mutating func start() throws(CompiledGraphError) -> FlowStart {
    try enter()
    defer { depth -= 1 }
    let kind: FlowStart.Kind
    switch try byte() {
    case CompiledTag.startScreen: kind = .screen(try screenID())
    case CompiledTag.startRun:
      let task = TaskID(try index(below: taskCount, "task"))
      let outcomeCount = try count("outcome starts")
      var outcomes: [FlowStart] = []
      outcomes.reserveCapacity(outcomeCount)
      for _ in 0..<outcomeCount { outcomes.append(try start()) }
      kind = .run(task, outcomes: outcomes)
    case CompiledTag.startFinish: kind = .finish(try result())
    case CompiledTag.startInvalid: kind = .invalid
    case let tag: throw fault("unknown flow start tag \(tag)", before: 1)
    }
    return FlowStart(kind, arguments: try arguments(), span: try span())
  }

  private mutating func result() throws(CompiledGraphError) -> FlowResultRef {
    let value = try varint()
    guard value > 0 else { return .dismissed }
    guard value <= UInt64(Int32.max) else { throw fault("result index \(value - 1) is too large") }
    return .declared(Int(value - 1))
  }

  @inline(__always)
  private mutating func arguments() throws(CompiledGraphError) -> [Argument] {
    if takeZero() { return [] }  // most transitions have none
    return try someArguments()
  }

  private mutating func someArguments() throws(CompiledGraphError) -> [Argument] {
    let argumentCount = try count("arguments")
    var list: [Argument] = []
    list.reserveCapacity(argumentCount)
    for _ in 0..<argumentCount { list.append(try argument()) }
    return list
  }

  /// A transition's arguments read straight into the tables' arguments: no
  /// list of its own to copy from and free.
  @inline(__always)
  private mutating func argumentsIntoTables() throws(CompiledGraphError) -> TableRange {
    if takeZero() { return .empty }  // most transitions have none
    return try someArgumentsIntoTables()
  }

  private mutating func someArgumentsIntoTables() throws(CompiledGraphError) -> TableRange {
    let argumentCount = try count("arguments")
    let start = argumentTable.count
    for _ in 0..<argumentCount {
      let argument = try self.argument()
      guard argumentTable.append(argument) != nil else {
        throw pastSize("arguments", argumentTable.limit)
      }
    }
    return argumentCount == 0
      ? .empty : TableRange(start: UInt32(start), count: UInt32(argumentCount))
  }

  /// One argument: the param it fills, its source, its span.
  private mutating func argument() throws(CompiledGraphError) -> Argument {
    let parameter = try smallIndex("argument parameter")
    let source: ArgumentSource
    switch try byte() {
    case CompiledTag.literal: source = .literal(try value())
    case CompiledTag.payload: source = .payload(try smallIndex("payload field"))
    case CompiledTag.screenParameter: source = .screenParameter(try smallIndex("screen param"))
    case CompiledTag.actionParameter: source = .actionParameter(try smallIndex("action param"))
    case CompiledTag.flowInput: source = .flowInput(try smallIndex("flow input"))
    case let tag: throw fault("unknown argument source tag \(tag)", before: 1)
    }
    return Argument(parameter: parameter, source: source, span: try span())
  }

  // MARK: Fields, types and values

  @inline(__always)
  private mutating func parameters() throws(CompiledGraphError) -> [Parameter] {
    if takeZero() { return [] }  // most actions have none
    return try someParameters()
  }

  private mutating func someParameters() throws(CompiledGraphError) -> [Parameter] {
    let parameterCount = try count("params")
    var list: [Parameter] = []
    list.reserveCapacity(parameterCount)
    for field in 0..<parameterCount { list.append(try parameter(field)) }
    if parameterCount > 1 { try unique(fieldNames, parameterCount, "fields") }
    return list
  }

  /// A list of fields read straight into the tables' parameters (a
  /// screen's or an action's params): no list of its own to copy from and
  /// free.
  @inline(__always)
  private mutating func parametersIntoTables() throws(CompiledGraphError) -> TableRange {
    if takeZero() { return .empty }  // most actions have none
    return try someParametersIntoTables()
  }

  private mutating func someParametersIntoTables() throws(CompiledGraphError) -> TableRange {
    let parameterCount = try count("params")
    let start = parameterTable.count
    for field in 0..<parameterCount {
      let parameter = try self.parameter(field)
      guard parameterTable.append(parameter) != nil else {
        throw pastSize("params", parameterTable.limit)
      }
    }
    if parameterCount > 1 { try unique(fieldNames, parameterCount, "fields") }
    return parameterCount == 0
      ? .empty : TableRange(start: UInt32(start), count: UInt32(parameterCount))
  }

  /// Field `field` of a list, checked: its default fits its type. Its name
  /// is noted in ``fieldNames``, for the list's check that they are unique.
  @inline(__always)
  private mutating func parameter(_ field: Int) throws(CompiledGraphError) -> Parameter {
    let nameIndex = try index(below: strings.count, "string")
    Self.set(&fieldNames, field, nameIndex)
    let name = strings[nameIndex]
    let type = try self.type()
    let span = try span()
    let defaultValue = try flag("default") ? try value() : nil
    if let defaultValue, !fits(defaultValue, type) {
      // The types read so far are every type: they come first.
      let graph = FlowGraph(flows: [], screens: [], types: types, entry: nil)
      throw illFormed(
        "the default \(graph.describeValue(defaultValue)) of field '\(name)' "
          + "does not fit its type \(graph.describe(type))")
    }
    return Parameter(name: name, type: type, span: span, defaultValue: defaultValue)
  }

  /// Whether `value` fits `type` (``Value/typed(as:isCase:)``).
  private func fits(_ value: Value, _ type: ValueType) -> Bool {
    let types = types  // not the whole reader into the closure
    return value.typed(as: type) { id, text in types[id.index].cases.contains(text) } != nil
  }

  private mutating func type() throws(CompiledGraphError) -> ValueType {
    // A scalar type (most fields) nests nothing: no depth to count.
    if position < end {
      let scalar: ValueType? =
        switch buffer[position] {
        case CompiledTag.typeString: .string
        case CompiledTag.typeInt: .int
        case CompiledTag.typeDouble: .double
        case CompiledTag.typeBool: .bool
        case CompiledTag.typeURL: .url
        case CompiledTag.typeDate: .date
        default: nil
        }
      if let scalar {
        position += 1
        return scalar
      }
    }
    try enter()
    defer { depth -= 1 }
    switch try byte() {
    case CompiledTag.typeString: return .string
    case CompiledTag.typeInt: return .int
    case CompiledTag.typeDouble: return .double
    case CompiledTag.typeBool: return .bool
    case CompiledTag.typeURL: return .url
    case CompiledTag.typeDate: return .date
    case CompiledTag.typeList: return .list(try type())
    case CompiledTag.typeOptional:
      let wrapped = try type()
      if case .optional = wrapped { throw illFormed("an optional of an optional type") }
      return .optional(wrapped)
    case CompiledTag.typeNamed: return .named(TypeID(try index(below: typeCount, "type")))
    case let tag: throw fault("unknown type tag \(tag)", before: 1)
    }
  }

  private mutating func value() throws(CompiledGraphError) -> Value {
    try enter()
    defer { depth -= 1 }
    switch try byte() {
    case CompiledTag.valueNull: return .null
    case CompiledTag.valueFalse: return .bool(false)
    case CompiledTag.valueTrue: return .bool(true)
    case CompiledTag.valueInt: return .int(Int(truncatingIfNeeded: try signed()))
    case CompiledTag.valueDouble:
      guard end - position >= 8 else { throw fault("truncated in a number") }
      let bits = UInt64(
        littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      position += 8
      return .double(Double(bitPattern: bits))
    case CompiledTag.valueString: return .string(try string())
    case CompiledTag.valueURL: return .url(try string())
    case CompiledTag.valueDate: return .date(try string())
    case CompiledTag.valueList:
      let elementCount = try count("list elements")
      var elements: [Value] = []
      elements.reserveCapacity(elementCount)
      for _ in 0..<elementCount { elements.append(try value()) }
      return .list(elements)
    case let tag: throw fault("unknown value tag \(tag)", before: 1)
    }
  }

  // MARK: Strings and ranges

  // An index is read before `strings` is touched: reading it in the
  // subscript's brackets would copy the reader first.
  private mutating func string() throws(CompiledGraphError) -> String {
    let index = try index(below: strings.count, "string")
    return strings[index]
  }

  /// Throws when two of the first `count` of `names` (string indexes) name
  /// the same string: by index when the table allows it
  /// (``indexesAreNames``), else by text.
  private func unique(_ names: [Int], _ count: Int, _ what: String) throws(CompiledGraphError) {
    guard indexesAreNames else {
      return try CompiledGraphCheck.unique(count, what) { strings[names[$0]] }
    }
    if let repeated = CompiledGraphCheck.repeated(names, count: count) {
      throw CompiledGraphCheck.duplicate(what, strings[repeated])
    }
  }

  /// Element `index` of a scratch list, which holds `index` elements or more.
  @inline(__always)
  private static func set(_ list: inout [Int], _ index: Int, _ value: Int) {
    if index < list.count { list[index] = value } else { list.append(value) }
  }

  private mutating func optionalString() throws(CompiledGraphError) -> String? {
    guard let index = try optionalIndex(below: strings.count, "string") else { return nil }
    return strings[index]
  }

  /// An optional string as a name id of the tables: its index, or
  /// ``noIndex``.
  @inline(__always)
  private mutating func optionalName() throws(CompiledGraphError) -> UInt32 {
    guard let index = try optionalIndex(below: strings.count, "string") else { return noIndex }
    return UInt32(index)
  }

  /// A source span (`docs/compiled-format.md`): eight bytes, the start
  /// offset (32 bits), the length (24 bits) and the file + 1 (8 bits); zero
  /// for none; `0xFF` in the top byte for one of the table of other spans.
  /// The most frequent record of a file: one bounds check, one load, and
  /// ``unusualSpan(_:)`` for anything but a span of a file that holds it.
  @inline(__always)
  private mutating func span() throws(CompiledGraphError) -> SourceSpan? {
    guard end - position >= 8 else {
      throw fault("truncated: the graph ends in a source span")
    }
    let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    let file = Int(truncatingIfNeeded: word >> 56) &- 1
    let start = word & 0xFFFF_FFFF
    let end = start &+ (word >> 32) & 0xFF_FFFF
    if file >= 0, file < inlineFiles, Int(truncatingIfNeeded: end) <= fileSizes[file] {
      position += 8
      return SourceSpan(
        file: UInt32(truncatingIfNeeded: file), start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: end))
    }
    if word == 0 {
      position += 8
      return nil
    }
    return try unusualSpan(word)
  }

  /// A record's span as the record holds it (``PackedSpan``), with `flag`
  /// when there is one: a span of a file that holds it packed straight from
  /// its eight bytes (no ``SourceSpan`` in between); anything else through
  /// ``span()``, a wide one kept in ``wideSpans``.
  @inline(__always)
  private mutating func recordSpan(flag: RecordFlags) throws(CompiledGraphError)
    -> (packed: PackedSpan, flag: RecordFlags)
  {
    if end - position >= 8, let (packed, present) = packedSpan(at: position) {
      position += 8
      return (packed, present ? flag : [])
    }
    let span = try span()
    return (PackedSpan.pack(span, wideSpans: &wideSpans), span == nil ? [] : flag)
  }

  /// The span at `offset` (eight bytes there, not checked here) as a record
  /// holds it, and whether there is one: none, or a span of a file that
  /// holds it, packed straight from its eight bytes; `nil` for anything else
  /// (``span()`` reads it, or says what is wrong).
  @inline(__always)
  private func packedSpan(at offset: Int) -> (packed: PackedSpan, present: Bool)? {
    let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    // Most spans are of the first file (of a graph's one), whose size is
    // kept, and shorter than a record's 20 bits: the top 12 bits are then
    // the file + 1 and four zero bits.
    let lengthEnd = 32 + UInt64(PackedSpan.lengthBits)
    if word >> lengthEnd == 1 << (56 - lengthEnd) {
      let length = (word >> 32) & UInt64(PackedSpan.lengthMask)
      if Int(truncatingIfNeeded: (word & 0xFFFF_FFFF) &+ length) <= firstFileSize {
        let packed = PackedSpan(
          start: UInt32(truncatingIfNeeded: word), lengthAndFile: UInt32(truncatingIfNeeded: length)
        )
        return (packed, true)
      }
    }
    let file = Int(truncatingIfNeeded: word >> 56) &- 1
    let start = word & 0xFFFF_FFFF
    let length = (word >> 32) & 0xFF_FFFF
    if file > 0, file < inlineFiles, length <= UInt64(PackedSpan.lengthMask),
      Int(truncatingIfNeeded: start &+ length) <= fileSizes[file]
    {
      let packed = PackedSpan(
        start: UInt32(truncatingIfNeeded: start),
        lengthAndFile: UInt32(truncatingIfNeeded: file) << PackedSpan.lengthBits
          | UInt32(truncatingIfNeeded: length))
      return (packed, true)
    }
    return word == 0 ? (.absent, false) : nil
  }

  /// A span that is none, one of the table of other spans, or an error.
  private mutating func unusualSpan(_ word: UInt64) throws(CompiledGraphError) -> SourceSpan? {
    let kind = word >> 56
    let low = word & 0xFFFF_FFFF
    let length = (word >> 32) & 0xFF_FFFF
    switch kind {
    case 0:
      guard word == 0 else {
        throw fault("a source span of no file has offsets (\(low), \(length) bytes)")
      }
      position += 8
      return nil
    case 0xFF:
      guard length == 0, low < UInt64(otherSpans.count) else {
        throw fault(
          "other span index \(low) is out of range (the graph has \(otherSpans.count))")
      }
      position += 8
      return otherSpans[Int(low)]
    default:
      let file = Int(kind - 1)
      guard file < fileSizes.count, fileSizes[file] >= 0 else {
        throw fault("a source span's file index \(file) is not a file with a line table")
      }
      throw fault(
        "a source span from byte \(low), \(length) bytes long, is past the end of file "
          + "\(file) (\(fileSizes[file]) bytes)")
    }
  }

  /// An entry of the table of other spans, in the varint form: `0` for
  /// none; a file × 2 + 1, a start offset and a length; or an explicit
  /// range, kept whole in the graph's map.
  private mutating func checkedSpan() throws(CompiledGraphError) -> SourceSpan? {
    let tag = try varint()
    guard tag & 1 == 1 else {
      guard let range = try range(tag: tag) else { return nil }
      return sources.span(for: range)
    }
    let file = tag >> 1
    guard file < UInt64(fileSizes.count), fileSizes[Int(file)] >= 0 else {
      throw fault("a source span's file index \(file) is not a file with a line table")
    }
    let size = UInt64(fileSizes[Int(file)])
    let start = try varint()
    let length = try varint()
    guard start <= size, length <= size - start else {
      throw fault(
        "a source span from byte \(start), \(length) bytes long, is past the end of file \(file) (\(size) bytes)"
      )
    }
    return SourceSpan(file: UInt32(file), start: UInt32(start), end: UInt32(start + length))
  }

  /// A source range (a suppression's region): a span, resolved.
  private mutating func range() throws(CompiledGraphError) -> SourceRange? {
    // Read first: the map is the one the span was added to.
    let span = try span()
    return sources.range(span)
  }

  /// An explicit range after its tag: `0`, or (its file + 1) × 2 and six
  /// numbers. Most are read here with one bounds check: six numbers of at
  /// most five bytes each, all in range. Anything else (the end of the bytes
  /// near, a longer number, a number out of range) is read again by
  /// ``checkedRange(file:)``, which says what is wrong.
  private mutating func range(tag: UInt64) throws(CompiledGraphError) -> SourceRange? {
    guard tag > 0 else { return nil }
    let file = tag >> 1
    guard end - position >= 6 * 5 else { return try checkedRange(file: file) }
    var cursor = position
    let limit = UInt64(UInt32.max)
    guard file <= UInt64(files.count),
      let line = Self.shortVarint(buffer, &cursor), line >= 1, line <= limit,
      let column = Self.shortVarint(buffer, &cursor), column >= 1, column <= limit,
      let offset = Self.shortVarint(buffer, &cursor), offset <= limit,
      let lineDelta = Self.shortVarint(buffer, &cursor),
      let endColumn = Self.shortVarint(buffer, &cursor), endColumn >= 1, endColumn <= limit,
      let offsetDelta = Self.shortVarint(buffer, &cursor)
    else { return try checkedRange(file: file) }
    // Five-byte numbers are below 2^35: no overflow in 64 bits.
    let endLine = Int64(line) + Self.zigzag(lineDelta)
    let endOffset = Int64(offset) + Self.zigzag(offsetDelta)
    guard endLine >= 1, endLine <= Int64(limit), endOffset >= 0, endOffset <= Int64(limit) else {
      return try checkedRange(file: file)
    }
    position = cursor
    return SourceRange(
      file: files[Int(file - 1)],
      start: SourcePosition(
        exactLine: UInt32(line), column: UInt32(column), offset: UInt32(offset)),
      end: SourcePosition(
        exactLine: UInt32(endLine), column: UInt32(endColumn), offset: UInt32(endOffset)))
  }

  /// A varint of at most five bytes at `cursor`, read without bounds checks
  /// (the caller made sure that five bytes are there); `nil` for a longer one.
  @inline(__always)
  private static func shortVarint(_ buffer: UnsafeRawBufferPointer, _ cursor: inout Int)
    -> UInt64?
  {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    for _ in 0..<5 {
      let byte = buffer[cursor]
      cursor &+= 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
    return nil
  }

  /// An explicit range read number by number, each checked: the range that
  /// ``range(tag:)`` could not read at once, or the error that says why.
  private mutating func checkedRange(file tagged: UInt64) throws(CompiledGraphError) -> SourceRange
  {
    guard tagged >= 1, tagged <= UInt64(files.count) else {
      throw fault("file index \(tagged &- 1) is out of range (the graph has \(files.count))")
    }
    let file = Int(tagged - 1)
    let line = try varint()
    let column = try varint()
    let offset = try varint()
    let endLine = Int64(bitPattern: line) &+ (try signed())
    let endColumn = try varint()
    let endOffset = Int64(bitPattern: offset) &+ (try signed())
    // One test for the common case; the message only when it fails.
    let limit = UInt64(UInt32.max)
    guard line >= 1, line <= limit, column >= 1, column <= limit, offset <= limit,
      endLine >= 1, endLine <= Int64(limit), endColumn >= 1, endColumn <= limit,
      endOffset >= 0, endOffset <= Int64(limit)
    else {
      let numbers: [(String, Int64, Int64)] = [
        ("line", Int64(truncatingIfNeeded: line), 1),
        ("column", Int64(truncatingIfNeeded: column), 1),
        ("offset", Int64(truncatingIfNeeded: offset), 0), ("end line", endLine, 1),
        ("end column", Int64(truncatingIfNeeded: endColumn), 1), ("end offset", endOffset, 0),
      ]
      let (what, value, minimum) =
        numbers.first { $0.1 < $0.2 || $0.1 > Int64(limit) } ?? ("line", Int64(line), 1)
      throw fault("a source range's \(what) is \(value); it must be \(minimum) to \(limit)")
    }
    return SourceRange(
      file: files[file],
      start: SourcePosition(line: Int(line), column: Int(column), offset: Int(offset)),
      end: SourcePosition(line: Int(endLine), column: Int(endColumn), offset: Int(endOffset)))
  }

  // MARK: Numbers

  private mutating func screenID() throws(CompiledGraphError) -> ScreenID {
    ScreenID(try index(below: screenCount, "screen"))
  }

  /// An index that must be below `limit`.
  @inline(__always)
  private mutating func index(below limit: Int, _ what: String) throws(CompiledGraphError) -> Int {
    let value = try varint()
    guard value < UInt64(limit) else { throw outOfRange(what, value, limit) }
    return Int(value)
  }

  private func outOfRange(_ what: String, _ value: UInt64, _ limit: Int) -> CompiledGraphError {
    fault("\(what) index \(value) is out of range (the graph has \(limit))")
  }

  /// Takes a `0` byte (an empty list, a `none`) when one is next.
  @inline(__always)
  private mutating func takeZero() -> Bool {
    guard position < end, buffer[position] == 0 else { return false }
    position += 1
    return true
  }

  /// `0` for none, else an index below `limit` plus one.
  @inline(__always)
  private mutating func optionalIndex(below limit: Int, _ what: String)
    throws(CompiledGraphError) -> Int?
  {
    let value = try varint()
    guard value > 0 else { return nil }
    guard value <= UInt64(limit) else {
      throw fault("\(what) index \(value - 1) is out of range (the graph has \(limit))")
    }
    return Int(value - 1)
  }

  /// An index into a list that is bounded once the list is known (a field
  /// of a param list); here only kept from overflowing.
  private mutating func smallIndex(_ what: String) throws(CompiledGraphError) -> Int {
    let value = try varint()
    guard value <= UInt64(Int32.max) else { throw fault("\(what) index \(value) is too large") }
    return Int(value)
  }

  /// A count of elements that each take at least one byte: never more than
  /// the bytes left, so that nothing is reserved beyond the file's size.
  @inline(__always)
  private mutating func count(_ what: String) throws(CompiledGraphError) -> Int {
    let value = try varint()
    let left = end - position
    guard value <= UInt64(left) else { throw tooMany(what, value, left) }
    return Int(value)
  }

  /// A count of elements of `width` bytes each, all of them there.
  private mutating func count(_ what: String, width: Int) throws(CompiledGraphError) -> Int {
    let value = try varint()
    let left = end - position
    guard value <= UInt64(left / width) else { throw tooMany(what, value, left) }
    return Int(value)
  }

  private func tooMany(_ what: String, _ value: UInt64, _ left: Int) -> CompiledGraphError {
    fault("a count of \(value) \(what), but only \(left) bytes are left")
  }

  @inline(__always)
  private mutating func flag(_ what: String) throws(CompiledGraphError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw fault("\(what) flag is \(other); expected 0 or 1", before: 1)
    }
  }

  @inline(__always)
  private mutating func byte() throws(CompiledGraphError) -> UInt8 {
    guard position < end else { throw fault("truncated: the graph ends early") }
    defer { position += 1 }
    return buffer[position]
  }

  /// An unsigned LEB128 number of at most ten bytes that fits 64 bits.
  @inline(__always)
  private mutating func varint() throws(CompiledGraphError) -> UInt64 {
    // Most numbers are one or two bytes (indexes of strings and screens).
    if end - position >= 2 {
      let first = buffer[position]
      if first < 0x80 {
        position += 1
        return UInt64(first)
      }
      let second = buffer[position + 1]
      if second < 0x80 {
        position += 2
        return UInt64(first & 0x7F) | UInt64(second) << 7
      }
    }
    return try longVarint()
  }

  private mutating func longVarint() throws(CompiledGraphError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < end else { throw fault("truncated: the graph ends in a number") }
      let byte = buffer[position]
      position += 1
      guard shift < 63 || (shift == 63 && byte <= 1) else {
        throw fault("a number is longer than 64 bits")
      }
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
  }

  /// A zigzag-encoded signed number.
  private mutating func signed() throws(CompiledGraphError) -> Int64 {
    Self.zigzag(try varint())
  }

  /// The signed number that a zigzag encoding stands for.
  @inline(__always)
  private static func zigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  @inline(__always)
  private mutating func enter() throws(CompiledGraphError) {
    depth += 1
    guard depth <= CompiledGraphLayout.maxDepth else {
      throw fault("nesting deeper than \(CompiledGraphLayout.maxDepth) levels")
    }
  }

  /// An error at the current position (or `before` bytes back, at the
  /// start of what was just read).
  private func fault(_ message: String, before: Int = 0) -> CompiledGraphError {
    CompiledGraphError(message, offset: position - before)
  }
}

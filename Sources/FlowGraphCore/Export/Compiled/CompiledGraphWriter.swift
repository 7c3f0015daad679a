/// Writes a ``FlowGraph`` in the compiled format (``CompiledGraph``): the
/// records into a body with a string table of every distinct string (sorted
/// by their UTF-8 bytes, so that the reader can see that they are distinct),
/// a file table and the spans that do not fit a span's eight bytes, then the
/// header in front.
struct CompiledGraphWriter {
  let graph: FlowGraph
  /// The folder that stored paths are relative to (`nil`: as given).
  let root: String?

  private var body: [UInt8] = []
  private var strings: [String] = []
  private var stringIndex: [String: Int] = [:]
  /// The file table: each file's path (as stored) and line table.
  private var files: [(path: String, lines: SourceLineTable?)] = []
  private var fileIndex: [String: Int] = [:]
  /// The spans that a span's eight bytes cannot hold (an explicit range, a
  /// file past the 254th, a span of 16 MiB or more), in the varint form of
  /// `docs/compiled-format.md`, and how many.
  private var otherSpans: [UInt8] = []
  private var otherSpanCount = 0
  /// The records of the screens' tables written so far in this pass, and
  /// those of the first pass (the table sizes the second pass writes).
  private var counted = CompiledTableSizes()
  private var announced = CompiledTableSizes()
  /// Whether a tab bar is being written: its transitions and arguments are
  /// tables of their own, not counted in the table sizes.
  private var inTabBar = false

  init(graph: FlowGraph, root: String?) {
    self.graph = graph
    self.root = root
    // The graph's source files first, in map order: a span's file index is
    // its index in the file table.
    for file in graph.sources.files {
      if fileIndex[file.path] == nil { fileIndex[file.path] = files.count }
      let path = root.map { PathText.relative(file.path, to: $0) } ?? file.path
      intern(path)
      files.append((path, file.lines))
    }
  }

  /// The whole file: header, string table, file table, records.
  mutating func bytes() -> [UInt8] {
    // Twice: the first pass finds every string, which are then sorted, and
    // counts the records of the screens' tables; the second writes the
    // strings' indexes in the sorted table and the table sizes.
    writeRecords()
    announced = counted
    counted = CompiledTableSizes()
    strings.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for (index, string) in strings.enumerated() { stringIndex[string] = index }
    body.removeAll(keepingCapacity: true)
    otherSpans.removeAll()
    otherSpanCount = 0
    body.reserveCapacity(graph.screens.count * 192 + 256)
    writeRecords()
    assert(counted == announced, "the two passes wrote different records")
    var tables = ByteWriter()
    tables.varint(strings.count)
    for string in strings {
      tables.varint(string.utf8.count)
      tables.bytes.append(contentsOf: string.utf8)
    }
    tables.varint(files.count)
    for file in files {
      tables.varint(intern(file.path))
      Self.lineTable(file.lines, into: &tables)
    }
    tables.varint(otherSpanCount)
    tables.bytes += otherSpans
    return CompiledGraphLayout.file(
      body: tables.bytes + body, fingerprint: graph.fingerprintValue)
  }

  private mutating func writeRecords() {
    varint(graph.types.count)
    for type in graph.types {
      string(type.name)
      varint(type.cases.count)
      for name in type.cases { string(name) }
      range(type.span)
    }
    varint(graph.tasks.count)
    for task in graph.tasks {
      string(task.name)
      parameters(task.input)
      varint(task.outcomes.count)
      for outcome in task.outcomes {
        string(outcome.name)
        parameters(outcome.payload)
        range(outcome.span)
      }
      range(task.span)
    }
    varint(graph.flows.count)
    varint(graph.screens.count)
    for flow in graph.flows {
      string(flow.name)
      optionalString(flow.description)
      parameters(flow.input)
      varint(flow.results.count)
      for result in flow.results {
        string(result.name)
        parameters(result.payload)
        range(result.span)
      }
      start(flow.start)
      varint(flow.screens.count)
      for id in flow.screens { varint(id.index) }
      range(flow.span)
      range(flow.extentSpan)
    }
    varint(announced.actions)
    varint(announced.transitions)
    varint(announced.parameters)
    varint(announced.arguments)
    for screen in graph.screens {
      self.screen(screen)
    }
    varint(graph.entry.map { $0.index + 1 } ?? 0)
    varint(graph.suppressions.count)
    for suppression in graph.suppressions {
      varint(file(suppression.file))
      otherSpan(suppression.range)
      let rules = suppression.rules.sorted()
      varint(rules.count)
      for rule in rules { string(rule.rawValue) }
    }
  }

  private mutating func screen(_ screen: Screen) {
    string(screen.name)
    varint(screen.flow.index)
    optionalString(screen.title)
    optionalString(screen.description)
    parameters(screen.params)
    counted.parameters += screen.params.count
    varint(screen.actions.count)
    counted.actions += screen.actions.count
    for action in screen.actions {
      counted.parameters += action.params.count
      string(action.name)
      parameters(action.params)
      transition(action.transition)
      range(action.span)
    }
    switch screen.back {
    case .pop: body.append(CompiledTag.backPop)
    case .disabled: body.append(CompiledTag.backDisabled)
    case .custom(let transition):
      body.append(CompiledTag.backCustom)
      self.transition(transition)
    }
    body.append(screen.dismissible ? 1 : 0)
    optionalString(screen.deeplink)
    range(screen.span)
    range(screen.extentSpan)
    range(screen.deeplinkSpan)
    // A tab bar (SPEC §6.1): its tab count (0 for an ordinary screen), each
    // tab as its name, title and the `start` of its flow, then the selected
    // tab.
    let tabs = screen.tabBar?.tabs ?? []
    varint(tabs.count)
    guard let bar = screen.tabBar, !tabs.isEmpty else { return }
    inTabBar = true
    defer { inTabBar = false }
    for tab in tabs {
      string(tab.name)
      optionalString(tab.title)
      transition(
        Transition(
          .start(tab.flow, mode: .push, handlers: tab.handlers), arguments: tab.arguments,
          span: tab.span))
    }
    varint(bar.selected)
  }

  // MARK: Transitions

  private mutating func transition(_ transition: Transition) {
    if !inTabBar {
      counted.transitions += 1
      counted.arguments += transition.arguments.count
    }
    switch transition.kind {
    case .push(let id): tagged(CompiledTag.push, id.index)
    case .present(let id): tagged(CompiledTag.present, id.index)
    case .replace(let id): tagged(CompiledTag.replace, id.index)
    case .root(let id): tagged(CompiledTag.root, id.index)
    case .popTo(let id): tagged(CompiledTag.popTo, id.index)
    case .pop: body.append(CompiledTag.pop)
    case .popToRoot: body.append(CompiledTag.popToRoot)
    case .dismiss: body.append(CompiledTag.dismiss)
    case .stay: body.append(CompiledTag.stay)
    case .select(let tab):
      body.append(CompiledTag.select)
      string(tab)
    case .finish(let result):
      body.append(CompiledTag.finish)
      self.result(result)
    case .start(let flow, let mode, let handlers):
      tagged(CompiledTag.start, flow.index)
      body.append(mode == .push ? 0 : 1)
      // A start's pop target comes before its handlers: they run on the
      // screen it pops to (``Transition/PopTarget/handlerScreen``).
      popTarget(transition.popTo)
      varint(handlers.results.count)
      for handler in handlers.results { self.transition(handler) }
      self.transition(handlers.dismissed)
    case .run(let task, let outcomes):
      tagged(CompiledTag.run, task.index)
      varint(outcomes.count)
      for outcome in outcomes { self.transition(outcome) }
    case .invalid: body.append(CompiledTag.invalid)
    }
    if case .start = transition.kind {} else { popTarget(transition.popTo) }
    arguments(transition.arguments)
    range(transition.span)
    range(transition.targetSpan)
  }

  /// A transition's `popTo`: 0 for none, else the screen's index times
  /// two, plus one when inclusive, plus one.
  private mutating func popTarget(_ popTo: Transition.PopTarget?) {
    varint(popTo.map { $0.screen.index * 2 + ($0.inclusive ? 1 : 0) + 1 } ?? 0)
  }

  private mutating func start(_ start: FlowStart) {
    switch start.kind {
    case .screen(let id): tagged(CompiledTag.startScreen, id.index)
    case .run(let task, let outcomes):
      tagged(CompiledTag.startRun, task.index)
      varint(outcomes.count)
      for outcome in outcomes { self.start(outcome) }
    case .finish(let result):
      body.append(CompiledTag.startFinish)
      self.result(result)
    case .invalid: body.append(CompiledTag.startInvalid)
    }
    arguments(start.arguments)
    range(start.span)
  }

  private mutating func result(_ result: FlowResultRef) {
    switch result {
    case .dismissed: varint(0)
    case .declared(let index): varint(index + 1)
    }
  }

  private mutating func arguments(_ arguments: some IndexedList<Argument>) {
    varint(arguments.count)
    for argument in arguments {
      varint(argument.parameter)
      switch argument.source {
      case .literal(let value):
        body.append(CompiledTag.literal)
        self.value(value)
      case .payload(let index): tagged(CompiledTag.payload, index)
      case .screenParameter(let index): tagged(CompiledTag.screenParameter, index)
      case .actionParameter(let index): tagged(CompiledTag.actionParameter, index)
      case .flowInput(let index): tagged(CompiledTag.flowInput, index)
      }
      range(argument.span)
    }
  }

  // MARK: Fields, types and values

  private mutating func parameters(_ list: some IndexedList<Parameter>) {
    varint(list.count)
    for parameter in list {
      string(parameter.name)
      type(parameter.type)
      range(parameter.span)
      if let value = parameter.defaultValue {
        body.append(1)
        self.value(value)
      } else {
        body.append(0)
      }
    }
  }

  private mutating func type(_ type: ValueType) {
    switch type {
    case .string: body.append(CompiledTag.typeString)
    case .int: body.append(CompiledTag.typeInt)
    case .double: body.append(CompiledTag.typeDouble)
    case .bool: body.append(CompiledTag.typeBool)
    case .url: body.append(CompiledTag.typeURL)
    case .date: body.append(CompiledTag.typeDate)
    case .list(let element):
      body.append(CompiledTag.typeList)
      self.type(element)
    case .optional(let wrapped):
      body.append(CompiledTag.typeOptional)
      self.type(wrapped)
    case .named(let id): tagged(CompiledTag.typeNamed, id.index)
    }
  }

  private mutating func value(_ value: Value) {
    switch value {
    case .null: body.append(CompiledTag.valueNull)
    case .bool(let flag): body.append(flag ? CompiledTag.valueTrue : CompiledTag.valueFalse)
    case .int(let number):
      body.append(CompiledTag.valueInt)
      signed(number)
    case .double(let number):
      body.append(CompiledTag.valueDouble)
      var bits = number.bitPattern
      for _ in 0..<8 {
        body.append(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
      }
    case .string(let text):
      body.append(CompiledTag.valueString)
      string(text)
    case .url(let text):
      body.append(CompiledTag.valueURL)
      string(text)
    case .date(let text):
      body.append(CompiledTag.valueDate)
      string(text)
    case .list(let elements):
      body.append(CompiledTag.valueList)
      varint(elements.count)
      for element in elements { self.value(element) }
    }
  }

  // MARK: Strings, files and ranges

  private mutating func string(_ text: String) {
    varint(intern(text))
  }

  private mutating func optionalString(_ text: String?) {
    varint(text.map { intern($0) + 1 } ?? 0)
  }

  @discardableResult
  private mutating func intern(_ text: String) -> Int {
    if let index = stringIndex[text] { return index }
    strings.append(text)
    stringIndex[text] = strings.count - 1
    return strings.count - 1
  }

  /// The index of `path` in the file table, adding it (relative to
  /// `root`) on first use.
  private mutating func file(_ path: String) -> Int {
    if let index = fileIndex[path] { return index }
    let stored = root.map { PathText.relative(path, to: $0) } ?? path
    intern(stored)
    files.append((stored, nil))
    fileIndex[path] = files.count - 1
    return files.count - 1
  }

  /// A file's line table: `0` for none, else its size + 1, the count of line
  /// starts and each in four bytes, the count of continuation bytes and
  /// each likewise.
  private static func lineTable(_ lines: SourceLineTable?, into writer: inout ByteWriter) {
    guard let lines else { return writer.varint(0) }
    writer.varint(lines.byteCount + 1)
    for list in [lines.lineStarts, lines.continuations] {
      writer.varint(list.count)
      for value in list { writer.uint32(value) }
    }
  }

  /// A span in eight bytes (`docs/compiled-format.md`): its start offset
  /// (32 bits), its length (24 bits) and its file + 1 (8 bits), for a span of
  /// one of the first 254 files, with a line table, shorter than 16 MiB;
  /// zero for none; else `0xFF` in the top byte and the span's index in the
  /// table of other spans, where it is written as its range.
  private mutating func range(_ span: SourceSpan?) {
    if let span, !span.isExplicit, span.file < 254,
      Int(span.file) < graph.sources.files.count,
      let lines = graph.sources.files[Int(span.file)].lines, span.start <= span.end,
      Int(span.end) <= lines.byteCount, span.end - span.start < 1 << 24
    {
      word(
        UInt64(span.start) | UInt64(span.end - span.start) << 32 | UInt64(span.file + 1) << 56)
      return
    }
    otherSpan(graph.range(span))
  }

  /// A range as a span of the table of other spans (or none).
  private mutating func otherSpan(_ range: SourceRange?) {
    guard let range else { return word(0) }
    word(UInt64(otherSpanCount) | 0xFF << 56)
    otherSpanCount += 1
    swap(&body, &otherSpans)
    self.range(range)
    swap(&body, &otherSpans)
  }

  /// `0` for no range; else (file + 1) × 2, the start, and the end as
  /// differences from the start (the column as it is).
  private mutating func range(_ range: SourceRange?) {
    guard let range else { return varint(0) }
    varint((file(range.file) + 1) * 2)
    varint(range.start.line)
    varint(range.start.column)
    varint(range.start.offset)
    signed(range.end.line - range.start.line)
    varint(range.end.column)
    signed(range.end.offset - range.start.offset)
  }

  /// Eight bytes, little-endian.
  private mutating func word(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
  }

  private mutating func tagged(_ tag: UInt8, _ index: Int) {
    body.append(tag)
    varint(index)
  }

  /// A count or index as a varint (a negative one, which no well-formed
  /// graph has, as a huge number that the reader refuses).
  private mutating func varint(_ value: Int) {
    ByteWriter.varint(UInt64(bitPattern: Int64(value)), into: &body)
  }

  private mutating func signed(_ value: Int) {
    let wide = Int64(value)
    ByteWriter.varint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)), into: &body)
  }
}

/// Little-endian integers and LEB128 varints appended to bytes.
struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func varint(_ value: Int) { Self.varint(UInt64(bitPattern: Int64(value)), into: &bytes) }

  mutating func uint32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func uint64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  static func varint(_ value: UInt64, into bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }
}

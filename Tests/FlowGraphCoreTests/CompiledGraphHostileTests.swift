import Testing

@testable import FlowGraphCore

/// Hostile and damaged compiled files: each is an error with a clear
/// message, never a crash, a hang or an allocation from a length field.
@Suite struct CompiledGraphHostileTests {
  static let graph = ExportFixtures.everything
  static let bytes = CompiledGraph.encode(graph)
  static let header = CompiledGraphLayout.headerSize

  /// The message of decoding `bytes`, which must fail.
  func failure(_ bytes: [UInt8]) -> String {
    do {
      _ = try CompiledGraph.decode(bytes)
      Issue.record("decoded a hostile file")
      return ""
    } catch {
      #expect(!error.message.isEmpty)
      return error.description
    }
  }

  /// `body` behind a correct header (so that the checksum passes).
  func sealed(_ body: [UInt8]) -> [UInt8] { CompiledGraphLayout.file(body: body) }

  var body: [UInt8] { Array(Self.bytes[Self.header...]) }

  @Test func wrongMagicIsNotACompiledGraph() {
    #expect(failure(Array("flows:\n  app: {}\n".utf8)).contains("not a compiled flow graph"))
    #expect(failure([]).contains("not a compiled flow graph"))
    var bytes = Self.bytes
    bytes[1] = UInt8(ascii: "X")
    #expect(failure(bytes).contains("not a compiled flow graph"))
  }

  @Test func anotherVersionIsRefusedByName() {
    let newer = failure(CompiledGraphLayout.file(body: body, version: 7))
    #expect(newer.contains("version 7, but this library reads version 6"))
    #expect(newer.contains("a newer flowgraph"))
    // Version 5 stored a start's pop target after its handlers; version 4
    // had no table sizes; version 3 spans of three varints and an unsorted
    // string table.
    let older = failure(CompiledGraphLayout.file(body: body, version: 5))
    #expect(older.contains("version 5, but this library reads version 6"))
    #expect(older.contains("an older flowgraph; compile the flow file again"))
    #expect(failure(CompiledGraphLayout.file(body: body, version: 0)).contains("an older"))
    #expect(failure(CompiledGraphLayout.file(body: body, flags: 4)).contains("flags"))
  }

  @Test func everyTruncationIsAnError() {
    for length in 0..<Self.bytes.count {
      let message = failure(Array(Self.bytes[..<length]))
      #expect(message.contains("truncated") || message.contains("not a compiled"), "\(length)")
    }
    for length in 0..<body.count {
      _ = failure(sealed(Array(body[..<length])))
    }
  }

  @Test func aChangedByteFailsTheChecksum() {
    var bytes = Self.bytes
    bytes[bytes.count / 2] ^= 0x40
    #expect(failure(bytes).contains("checksum"))
    #expect(failure(Self.bytes + [0]).contains("unexpected bytes"))
  }

  /// The checksum changes with any one bit of the body, with two words
  /// swapped, and with a byte added (every length of the tail).
  @Test func theChecksumSeesEveryBitAndTheOrder() {
    let body = body
    let original = body.withUnsafeBytes(CompiledGraphLayout.checksum)
    for bit in stride(from: 0, to: body.count * 8, by: 3) {
      var changed = body
      changed[bit / 8] ^= 1 << (bit % 8)
      #expect(changed.withUnsafeBytes(CompiledGraphLayout.checksum) != original, "bit \(bit)")
    }
    for offset in stride(from: 0, to: body.count - 16, by: 8) {
      let (first, second) = (body[offset..<offset + 8], body[offset + 8..<offset + 16])
      guard !first.elementsEqual(second) else { continue }
      var swapped = body
      swapped.replaceSubrange(offset..<offset + 16, with: Array(second) + Array(first))
      #expect(swapped.withUnsafeBytes(CompiledGraphLayout.checksum) != original, "\(offset)")
    }
    var sums: Set<UInt64> = []
    for length in 0...40 {
      sums.insert(body[..<length].withUnsafeBytes(CompiledGraphLayout.checksum))
    }
    #expect(sums.count == 41)
  }

  @Test func hugeCountsAreRefusedBeforeAllocating() {
    // A string table of 2^62 strings, then of one string 2^40 bytes long.
    let huge: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
    #expect(failure(sealed(huge)).contains("a count of 4611686018427387904 strings"))
    #expect(failure(sealed([1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20])).contains("bytes of a string"))
    // A number longer than 64 bits.
    #expect(
      failure(sealed([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])).contains(
        "64 bits"))
  }

  @Test func outOfRangeIndexesAreRefused() {
    // No strings, no files, no other spans, one type whose name is string 5.
    #expect(failure(sealed([0, 0, 0, 1, 5])).contains("string index 5 is out of range"))
    // No strings, files, other spans, types or tasks, one flow, no screens;
    // the flow's name is string 0 of none.
    #expect(failure(sealed([0, 0, 0, 0, 0, 1, 0, 0])).contains("out of range"))
    // One string "a", no files, other spans, types or tasks, one flow with
    // no screens whose start is screen 3.
    let start: [UInt8] = [1, 1, 0x61, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3]
    #expect(failure(sealed(start)).contains("screen index 3 is out of range (the graph has 0)"))
  }

  /// A graph whose spans point into a file with a line table: one flow, one
  /// screen, its name at bytes 7..<11 of `text`.
  static func graphWithAFile(_ text: String = "flows:\n  home: {}\n") -> FlowGraph {
    var sources = SourceMap()
    let lines = Array(text.utf8).withUnsafeBufferPointer {
      SourceLineTable(bytes: $0, bomLength: 0)
    }
    let file = sources.addFile(path: "a.yaml", lines: lines)
    return FlowGraph(
      flows: [Flow(name: "main", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
      screens: [
        Screen(name: "home", flow: FlowID(0), span: SourceSpan(file: file, start: 9, end: 13))
      ], entry: FlowID(0), sources: sources)
  }

  /// The body of `graph`'s file with its first file's line table replaced
  /// by `table` (the bytes after the file's path).
  func body(of graph: FlowGraph, lineTable table: [UInt8]) -> [UInt8] {
    let body = Array(CompiledGraph.encode(graph)[Self.header...])
    var at = 0
    func varint() -> Int {
      var value = 0
      var shift = 0
      while true {
        let byte = body[at]
        at += 1
        value |= Int(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
    }
    for _ in 0..<varint() { at += varint() }  // the strings
    #expect(varint() >= 1)  // the file count
    _ = varint()  // the first file's path
    let start = at
    if varint() > 0 {
      for _ in 0..<2 { at += 4 * varint() }
    }
    return Array(body[..<start]) + table + Array(body[at...])
  }

  /// A line table's bytes: the file's size + 1, then the line starts and
  /// the continuation bytes, each list a count and four bytes an offset.
  func lineTable(size: UInt8, starts: [UInt32], continuations: [UInt32] = []) -> [UInt8] {
    var bytes = [size + 1]
    for list in [starts, continuations] {
      bytes.append(UInt8(list.count))
      for offset in list { withUnsafeBytes(of: offset.littleEndian) { bytes += $0 } }
    }
    return bytes
  }

  @Test func aFileSpanReadsBackWithItsLinesAndColumns() throws {
    let graph = Self.graphWithAFile("flows:\n  é: {}\n  home: {}\n")
    let decoded = try CompiledGraph.decode(CompiledGraph.encode(graph))
    #expect(decoded.sources == graph.sources)
    #expect(decoded == graph)
    #expect(decoded.range(decoded.screens[0].span) == graph.range(graph.screens[0].span))
    #expect(decoded.range(decoded.screens[0].span)?.start.column == 3)
  }

  @Test func aDamagedLineTableIsRefused() {
    let graph = Self.graphWithAFile()
    // The text is 18 bytes, lines start at 0, 7 and 18.
    let good = lineTable(size: 18, starts: [0, 7, 18])
    #expect((try? CompiledGraph.decode(sealed(body(of: graph, lineTable: good)))) != nil)
    // Line starts that do not ascend.
    #expect(
      failure(sealed(body(of: graph, lineTable: lineTable(size: 18, starts: [0, 7, 7]))))
        .contains("line table does not describe a file of 18 bytes"))
    // A line start past the end of the file.
    #expect(
      failure(sealed(body(of: graph, lineTable: lineTable(size: 18, starts: [0, 40]))))
        .contains("line starts go past its 18 bytes"))
    // A continuation byte past the end of the file.
    #expect(
      failure(
        sealed(body(of: graph, lineTable: lineTable(size: 18, starts: [0], continuations: [18])))
      )
      .contains("line table does not describe"))
    // A size beyond what an offset can hold.
    #expect(
      failure(sealed(body(of: graph, lineTable: [0x80, 0x80, 0x80, 0x80, 0x20, 1, 0, 0])))
        .contains("at most 4294967295"))
    // A count of line starts larger than the file.
    #expect(
      failure(sealed(body(of: graph, lineTable: [19, 0x7F]))).contains("a count of 127 line starts")
    )
    // Fewer bytes left than four a line start (the records after the table
    // are fewer than 160 bytes, more than 40).
    #expect(
      failure(sealed(body(of: graph, lineTable: [19, 40]))).contains("a count of 40 line starts"))
  }

  @Test func aSpanOutsideItsFileIsRefused() {
    let graph = Self.graphWithAFile()
    // The file shrunk to 10 bytes: the screen's span (bytes 9..<13) is past its end.
    #expect(
      failure(sealed(body(of: graph, lineTable: lineTable(size: 10, starts: [0]))))
        .contains("a source span from byte 9, 4 bytes long, is past the end of file 0 (10 bytes)"))
    // The file has no line table: its spans cannot be resolved.
    #expect(
      failure(sealed(body(of: graph, lineTable: [0])))
        .contains("file index 0 is not a file with a line table"))
  }

  @Test func theStringTableIsSortedEachStringOnce() {
    // Two strings, "b" then "a"; then "a" twice.
    #expect(
      failure(sealed([2, 1, 0x62, 1, 0x61, 0, 0])).contains(
        "string 1 is not after string 0 in byte order"))
    #expect(
      failure(sealed([2, 1, 0x61, 1, 0x61, 0, 0])).contains("string 1 is not after string 0"))
    // A prefix sorts first: "a", "ab" is in order (and then the body ends).
    #expect(!failure(sealed([2, 1, 0x61, 2, 0x61, 0x62])).contains("not after"))
  }

  /// The body of `graph`'s file with the span `from` (its eight bytes)
  /// replaced by `to`.
  func body(of graph: FlowGraph, span from: [UInt8], as to: [UInt8]) -> [UInt8] {
    var body = Array(CompiledGraph.encode(graph)[Self.header...])
    let at = (0...body.count - 8).first { Array(body[$0..<$0 + 8]) == from }
    guard let at else {
      Issue.record("no such span")
      return body
    }
    body.replaceSubrange(at..<at + 8, with: to)
    return body
  }

  /// The string table's order check compares eight bytes at a time as
  /// `lexicographicallyPrecedes` compares bytes: around every word
  /// boundary, with shared prefixes, a prefix of the other, bytes past 0x7F.
  @Test func theStringOrderIsByteOrder() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x00, 0x41, 0x42, 0x7F, 0x80, 0xC3, 0xFF]
    for _ in 0..<3_000 {
      let shared = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let left =
        shared
        + (0..<Int.random(in: 0...10, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }
      let right =
        shared
        + (0..<Int.random(in: 0...10, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }
      let fast = left.withUnsafeBytes { a in
        right.withUnsafeBytes { b in CompiledGraphReader.precedes(a, b) }
      }
      #expect(fast == left.lexicographicallyPrecedes(right), "\(left) \(right)")
    }
  }

  @Test func aDamagedSpanIsRefused() {
    let graph = Self.graphWithAFile()
    // The screen's span: bytes 9..<13 of file 0 (start 9, length 4, file + 1).
    let span: [UInt8] = [9, 0, 0, 0, 4, 0, 0, 1]
    #expect((try? CompiledGraph.decode(sealed(body(of: graph, span: span, as: span)))) != nil)
    let damaged: [([UInt8], String)] = [
      ([9, 0, 0, 0, 4, 0, 0, 0], "a source span of no file has offsets (9, 4 bytes)"),
      ([9, 0, 0, 0, 4, 0, 0, 2], "a source span's file index 1 is not a file with a line table"),
      (
        [9, 0, 0, 0, 0x40, 0, 0, 1],
        "a source span from byte 9, 64 bytes long, is past the end of file 0 (18 bytes)"
      ),
      (
        [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1],
        "a source span from byte 4294967295, 0 bytes long, is past the end"
      ),
      // The table of other spans is empty.
      ([0, 0, 0, 0, 0, 0, 0, 0xFF], "other span index 0 is out of range (the graph has 0)"),
    ]
    for (bytes, message) in damaged {
      #expect(failure(sealed(body(of: graph, span: span, as: bytes))).contains(message))
    }
  }

  @Test func spansThatDoNotFitEightBytesGoThroughTheTable() throws {
    // Explicit ranges (a graph built in Swift), a suppression's region, and
    // a span longer than 16 MiB of a file that has one.
    let text = "flows:\n  home: {}\n" + String(repeating: "#", count: 1 << 24)
    var graph = Self.graphWithAFile(text)
    var sources = graph.sources
    let explicit = sources.span(
      for: SourceRange(
        file: "b.yaml", start: SourcePosition(line: 2, column: 3, offset: 9),
        end: SourcePosition(line: 2, column: 7, offset: 13)))
    var screens = Array(graph.screens)
    screens[0].extentSpan = explicit
    screens[0].deeplinkSpan = SourceSpan(file: 0, start: 0, end: 1 << 24 + 5)
    graph = FlowGraph(
      flows: graph.flows, screens: screens, entry: graph.entry,
      suppressions: [
        Suppression(
          file: "a.yaml",
          range: SourceRange(
            file: "a.yaml", start: SourcePosition(line: 1, column: 1, offset: 0),
            end: SourcePosition(line: 2, column: 1, offset: 7)),
          rules: [RuleID(rawValue: "dead-end")])
      ], sources: sources)
    let bytes = CompiledGraph.encode(graph)
    let decoded = try CompiledGraph.decode(bytes)
    #expect(decoded == graph)
    #expect(decoded.range(decoded.screens[0].deeplinkSpan)?.end.offset == 1 << 24 + 5)
    #expect(CompiledGraph.encode(decoded) == bytes)
  }

  /// A hand-made body: one flow "main" with one screen "main" whose two
  /// actions (`stay`) are named by strings 0 and 2 of `strings` (sorted by
  /// bytes, "main" at 1).
  /// A graph of one screen with two actions named by strings 0 and 2 of
  /// `strings`, each a `stay`; `sizes` are its table sizes (actions,
  /// transitions, params, arguments), as bytes.
  func twoActions(_ strings: [[UInt8]], sizes: [UInt8] = [2, 2, 0, 0]) -> [UInt8] {
    let none = [UInt8](repeating: 0, count: 8)
    var body: [UInt8] = [UInt8(strings.count)]
    for string in strings { body += [UInt8(string.count)] + string }
    body += [0, 0, 0, 0, 1, 1]  // files, other spans, types, tasks; one flow, one screen
    body += [1, 0, 0, 0]  // the flow: name, description, input, results
    body += [0, 0, 0] + none  // its start: screen 0, no arguments, no span
    body += [1, 0] + none + none  // its screens: screen 0; span, extent
    body += sizes  // table sizes: actions, transitions, params, arguments
    body += [1, 0, 0, 0, 0, 2]  // the screen: name, flow, title, description, params; two actions
    for name: UInt8 in [0, 2] {
      body += [name, 0, 8, 0, 0] + none + none + none  // params, stay, popTo, arguments, spans
    }
    body += [0, 1, 0] + none + none + none + [0]  // back, dismissible, deep link, spans, tabs
    body += [1, 0]  // entry, suppressions
    return body
  }

  /// The body of `graph`'s file with its table sizes (actions,
  /// transitions, params, arguments) replaced by `sizes`, and their offset
  /// in the file.
  func body(of graph: FlowGraph, tableSizes sizes: [Int]) throws -> (body: [UInt8], offset: Int) {
    let tables = graph.tables
    func varints(_ numbers: [Int]) -> [UInt8] {
      var writer = ByteWriter()
      for number in numbers { writer.varint(number) }
      return writer.bytes
    }
    let written = varints([
      tables.actions.count, tables.transitions.count, tables.parameters.count,
      tables.arguments.count,
    ])
    let body = Array(CompiledGraph.encode(graph)[Self.header...])
    let offsets = (0...body.count - written.count).filter {
      body[$0..<$0 + written.count].elementsEqual(written)
    }
    let offset = try #require(offsets.count == 1 ? offsets.first : nil, "\(offsets)")
    return (
      Array(body[..<offset]) + varints(sizes) + body[(offset + written.count)...],
      Self.header + offset
    )
  }

  @Test func tableSizesThatDoNotMatchTheScreensAreRefused() throws {
    let graph = Self.graph
    let tables = graph.tables
    let (actions, transitions) = (tables.actions.count, tables.transitions.count)
    let (parameters, arguments) = (tables.parameters.count, tables.arguments.count)
    #expect(actions > 1 && transitions > 1 && parameters > 1 && arguments > 1)
    let right = try body(of: graph, tableSizes: [actions, transitions, parameters, arguments])
    #expect(try CompiledGraph.decode(sealed(right.body)) == graph)
    // Too large: refused once the screens are read, at the sizes' byte.
    let more: [([Int], String)] = [
      ([actions + 1, transitions, parameters, arguments], "\(actions + 1) actions"),
      ([actions, transitions + 1, parameters, arguments], "\(transitions + 1) transitions"),
      ([actions, transitions, parameters + 1, arguments], "\(parameters + 1) params"),
      ([actions, transitions, parameters, arguments + 1], "\(arguments + 1) arguments"),
    ]
    for (sizes, expected) in more {
      let message = failure(sealed(try body(of: graph, tableSizes: sizes).body))
      #expect(
        message.hasPrefix("at byte \(right.offset): the table sizes announce \(expected), but "),
        "\(sizes): \(message)")
    }
    // Too small: refused where the record past the size is read.
    let fewer: [([Int], String)] = [
      ([actions - 1, transitions, parameters, arguments], "actions than the \(actions - 1)"),
      (
        [actions, transitions - 1, parameters, arguments], "transitions than the \(transitions - 1)"
      ),
      ([actions, transitions, parameters - 1, arguments], "params than the \(parameters - 1)"),
      ([actions, transitions, parameters, arguments - 1], "arguments than the \(arguments - 1)"),
      ([0, 0, 0, 0], "params than the 0 that the table sizes announce"),
    ]
    for (sizes, expected) in fewer {
      let message = failure(sealed(try body(of: graph, tableSizes: sizes).body))
      #expect(message.contains("more \(expected)"), "\(sizes): \(message)")
    }
  }

  @Test func hugeTableSizesAreRefusedBeforeAllocating() {
    let strings = [[0x61], Array("main".utf8), [0x7A]] as [[UInt8]]
    // Each size alone within the bytes left, together not: 2 actions,
    // 2 transitions and 8 params take 10 × 2 + 19 × 2 + 11 × 8 = 146 bytes
    // (the screen 32 more), more than the 60-odd left.
    let together = failure(sealed(twoActions(strings, sizes: [2, 2, 8, 0])))
    #expect(
      together.contains(
        "1 screens with table sizes of 2 actions, 2 transitions, 8 params and 0 arguments "
          + "take at least 178 bytes, but only"), "\(together)")
    // A size far past the bytes left.
    let huge = failure(sealed(twoActions(strings, sizes: [2, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0])))
    #expect(huge.contains("a count of 268435455 transitions, but only"), "\(huge)")
  }

  @Test func aRepeatedNameIsFoundInShortAndLongLists() {
    #expect(CompiledGraphCheck.repeated([3, 1, 3], count: 3) == 3)
    #expect(CompiledGraphCheck.repeated([3, 1, 3], count: 2) == nil)
    // Past eight names, sorted rather than pairwise; only the first `count`.
    let long = Array(0..<20)
    #expect(CompiledGraphCheck.repeated(long, count: 20) == nil)
    #expect(CompiledGraphCheck.repeated(long + [7], count: 21) == 7)
    #expect(CompiledGraphCheck.repeated(long + [7], count: 20) == nil)
  }

  @Test func actionNamesAreComparedAsStrings() throws {
    let main = Array("main".utf8)
    // Distinct names decode.
    _ = try CompiledGraph.decode(sealed(twoActions([[0x61], main, [0x7A]])))
    // "e" + U+0301 and U+00E9 are different bytes but the same Swift string.
    let message = failure(sealed(twoActions([[0x65, 0xCC, 0x81], main, [0xC3, 0xA9]])))
    #expect(message.contains("two actions of a screen are named"), "\(message)")
  }

  @Test func deepNestingIsRefused() {
    // One string "a", no files, other spans, types or tasks, one flow and
    // no screens; the flow "a", no description, one input param "a" of type
    // list<list<...>>.
    var body: [UInt8] = [1, 1, 0x61, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0]
    body += [UInt8](repeating: CompiledTag.typeList, count: 100_000)
    #expect(failure(sealed(body)).contains("nesting deeper than 256"))
  }

  @Test func aGraphThatIsNotWellFormedIsRefused() {
    var graph = Self.graph.flows
    graph[0].screens.removeLast()
    let broken = FlowGraph(
      flows: graph, screens: Array(Self.graph.screens), tasks: Self.graph.tasks,
      types: Self.graph.types, entry: Self.graph.entry)
    #expect(failure(CompiledGraph.encode(broken)).contains("not a well-formed graph"))

    var screens = Array(Self.graph.screens)
    screens[0].actions[0].transition.arguments = [
      Argument(parameter: 40, source: .literal(.int(1)))
    ]
    let extra = FlowGraph(
      flows: Self.graph.flows, screens: screens, tasks: Self.graph.tasks,
      types: Self.graph.types, entry: Self.graph.entry)
    #expect(failure(CompiledGraph.encode(extra)).contains("fills param 40"))
  }
}

/// What the fuzzer's first campaign taught: a decoded graph must also be one
/// the JSON can hold (ranges from line 1, names unique and writable).
@Suite struct CompiledGraphFuzzRegressionTests {
  func failure(_ graph: FlowGraph) -> String {
    do {
      _ = try CompiledGraph.decode(CompiledGraph.encode(graph))
      Issue.record("decoded a graph the JSON cannot hold")
      return ""
    } catch {
      return error.description
    }
  }

  @Test func aRangeAtLineZeroIsRefused() {
    let graph = ExportFixtures.everything
    var screens = Array(graph.screens)
    var sources = graph.sources
    screens[0].span = sources.span(
      for: SourceRange(
        file: "a.yaml", start: SourcePosition(line: 0, column: 1),
        end: SourcePosition(line: 1, column: 1)))
    let broken = FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry, sources: sources)
    #expect(failure(broken).contains("line is 0; it must be 1 to 4294967295"))
  }

  @Test func aPopToOnAReplaceIsRefused() throws {
    let graph = ExportFixtures.everything
    var screens = Array(graph.screens)
    let login = ExportFixtures.login
    try #require(!screens[login.index].actions.isEmpty)
    screens[login.index].actions[0].transition = Transition(
      .replace(login), popTo: Transition.PopTarget(screen: login))
    let broken = FlowGraph(
      flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
      entry: graph.entry)
    #expect(failure(broken).contains("neither a push nor a start"))
  }

  @Test func namesTheJSONNeedsUniqueAreUnique() {
    let graph = ExportFixtures.everything
    var screens = Array(graph.screens)
    screens[0].actions.append(screens[0].actions[0])
    #expect(
      failure(
        FlowGraph(
          flows: graph.flows, screens: screens, tasks: graph.tasks, types: graph.types,
          entry: graph.entry)
      ).contains("two actions of a screen are named"))
    var types = graph.types
    types[0].cases.append(types[0].cases[0])
    #expect(
      failure(
        FlowGraph(
          flows: graph.flows, screens: Array(graph.screens), tasks: graph.tasks, types: types,
          entry: graph.entry)
      ).contains("two cases of type"))
  }

  @Test func aTypeNameThatNoTypeExpressionCanWriteIsRefused() {
    let graph = ExportFixtures.everything
    var types = graph.types
    types[0].name = "Th>me"
    let broken = FlowGraph(
      flows: graph.flows, screens: Array(graph.screens), tasks: graph.tasks, types: types,
      entry: graph.entry)
    #expect(failure(broken).contains("not a well-formed graph: type name 'Th>me'"))
  }

  /// `graph` with `screens` (and `flows`) changed.
  func changed(screens: [Screen]? = nil, flows: [Flow]? = nil) -> FlowGraph {
    let graph = ExportFixtures.everything
    return FlowGraph(
      flows: flows ?? graph.flows, screens: screens ?? Array(graph.screens), tasks: graph.tasks,
      types: graph.types, entry: graph.entry)
  }

  /// The reader checks a screen's transitions as it reads them; the
  /// arguments of a transition to a screen further on in the file are
  /// checked once that screen is read.
  @Test func argumentsAreCheckedAgainstScreensBeforeAndAfter() throws {
    let graph = ExportFixtures.everything
    // home (screen 2) pushes detail (screen 3): a target read later.
    var screens = Array(graph.screens)
    try #require(
      screens[ExportFixtures.home.index].actions[0].transition.kind == .push(ExportFixtures.detail))
    screens[ExportFixtures.home.index].actions[0].transition.arguments = [
      Argument(parameter: 5, source: .payload(0))
    ]
    #expect(failure(changed(screens: screens)).contains("fills param 5 of a target with 1"))
    screens[ExportFixtures.home.index].actions[0].transition.arguments = [
      Argument(parameter: 0, source: .payload(0)), Argument(parameter: 0, source: .payload(0)),
    ]
    #expect(failure(changed(screens: screens)).contains("param 'postId' is filled twice"))
    // loginError (screen 1) pushes login (screen 0, no params): a target read before.
    screens = Array(graph.screens)
    screens[ExportFixtures.loginError.index].actions[0].transition = Transition(
      .push(ExportFixtures.login), arguments: [Argument(parameter: 0, source: .literal(.int(1)))])
    #expect(failure(changed(screens: screens)).contains("fills param 0 of a target with 0"))
    // A field that does not exist where the argument is written.
    screens = Array(graph.screens)
    screens[ExportFixtures.home.index].actions[0].transition.arguments = [
      Argument(parameter: 0, source: .payload(3))
    ]
    #expect(
      failure(changed(screens: screens)).contains("reads payload field 3 where there are 1"))
  }

  /// A tab's handlers are read into tables of the tab bar's own: their
  /// arguments are checked against the params of screens read before the
  /// tabs screen and after it, as a screen's own transitions are.
  @Test func aTabHandlersArgumentsAreCheckedAgainstScreensBeforeAndAfter() throws {
    let id = Parameter(name: "id", type: .int)
    // Flow `app`: `before` (params: id), `tabs`, `after` (params: id); the
    // tab runs flow `tab`, whose result `done` the tab handles with a push.
    func graph(handler: Transition) -> FlowGraph {
      var tabs = Screen(name: "tabs", flow: FlowID(0))
      tabs.tabBar = TabBar(tabs: [
        Tab(
          name: "main", flow: FlowID(1),
          handlers: Transition.ResultHandlers(results: [handler]))
      ])
      return FlowGraph(
        flows: [
          Flow(
            name: "app", start: FlowStart(.screen(ScreenID(1))),
            screens: [ScreenID(0), ScreenID(1), ScreenID(2)]),
          Flow(
            name: "tab", results: [ResultDefinition(name: "done")],
            start: FlowStart(.screen(ScreenID(3))), screens: [ScreenID(3)]),
        ],
        screens: [
          Screen(name: "before", flow: FlowID(0), params: [id]), tabs,
          Screen(name: "after", flow: FlowID(0), params: [id]),
          Screen(name: "first", flow: FlowID(1)),
        ],
        entry: FlowID(0))
    }
    let literal = Argument(parameter: 0, source: .literal(.int(1)))
    for target in [ScreenID(0), ScreenID(2)] {
      let good = graph(handler: Transition(.push(target), arguments: [literal]))
      #expect(try CompiledGraph.decode(CompiledGraph.encode(good)) == good)
      let twice = graph(handler: Transition(.push(target), arguments: [literal, literal]))
      #expect(failure(twice).contains("param 'id' is filled twice"), "\(target)")
      let past = graph(
        handler: Transition(
          .push(target), arguments: [Argument(parameter: 1, source: .literal(.int(1)))]))
      #expect(failure(past).contains("fills param 1 of a target with 1"), "\(target)")
    }
  }

  @Test func everyScreenIsListedByExactlyTheFlowItNames() {
    var flows = ExportFixtures.everything.flows
    flows[1].screens.append(ExportFixtures.login)
    #expect(
      failure(changed(flows: flows)).contains("screen 0 is listed by flows 'app' and 'onboarding'")
    )
    flows = ExportFixtures.everything.flows
    flows[0].screens.append(ExportFixtures.login)
    #expect(failure(changed(flows: flows)).contains("flow 'app' lists screen 0 twice"))
    flows = ExportFixtures.everything.flows
    flows[0].screens.removeAll { $0 == ExportFixtures.login }
    #expect(failure(changed(flows: flows)).contains("screen 'login' is not listed by its flow"))
    // A screen that no flow lists, targeted before it is read.
    flows = ExportFixtures.everything.flows
    flows[0].screens.removeAll { $0 == ExportFixtures.home }
    #expect(
      failure(changed(flows: flows)).contains(
        "a transition in flow 'app' targets screen 2 of no flow"))
    var screens = Array(ExportFixtures.everything.screens)
    screens[ExportFixtures.home.index].flow = ExportFixtures.onboarding
    #expect(
      failure(changed(screens: screens)).contains(
        "flow 'app' lists screen 'home', which names flow 'onboarding' as its own"))
  }

  @Test func aTransitionStaysInItsFlowAndMatchesWhatItStarts() throws {
    let graph = ExportFixtures.everything
    let home = ExportFixtures.home.index
    var screens = Array(graph.screens)
    screens[home].actions[2].transition = Transition(.push(ExportFixtures.page1))
    #expect(
      failure(changed(screens: screens)).contains(
        "a transition in flow 'app' targets screen 6 of flow 'onboarding'"))
    screens = Array(graph.screens)
    guard case .start(let flow, let mode, var handlers) = screens[home].actions[1].transition.kind
    else {
      Issue.record("the fixture's second action of home is not a start")
      return
    }
    handlers.results.removeLast()
    screens[home].actions[1].transition.kind = .start(flow, mode: mode, handlers: handlers)
    #expect(
      failure(changed(screens: screens)).contains(
        "a start of flow 'onboarding' handles 1 results; the flow has 2"))
  }

  /// The most frequent transitions are read at once; anything they cannot
  /// be is read again field by field, which says what is wrong.
  @Test func aPlainTransitionThatIsWrongIsReadAgain() {
    let graph = ExportFixtures.everything
    let home = ExportFixtures.home.index
    var screens = Array(graph.screens)
    // A screen index of two bytes, past the screens.
    screens[home].actions[2].transition = Transition(.push(ScreenID(999)))
    #expect(
      failure(changed(screens: screens)).contains(
        "screen index 999 is out of range (the graph has \(graph.screens.count))"))
    // A keyword nested just deeper than the reader goes: `stay` in the one
    // outcome of 256 nested runs of a task is at depth 257; in 255, at 256.
    func nested(_ runs: Int) -> FlowGraph {
      var transition = Transition.stay
      for _ in 0..<runs {
        transition = Transition(.run(TaskID(graph.tasks.count), outcomes: [transition]))
      }
      var screens = Array(graph.screens)
      screens[home].actions[2].transition = transition
      return FlowGraph(
        flows: graph.flows, screens: screens,
        tasks: graph.tasks + [
          TaskDefinition(name: "deep", outcomes: [OutcomeDefinition(name: "done")])
        ], types: graph.types, entry: graph.entry)
    }
    #expect((try? CompiledGraph.decode(CompiledGraph.encode(nested(255)))) != nil)
    #expect(failure(nested(256)).contains("nesting deeper than 256 levels"))
  }

  @Test func fieldsHaveUniqueNamesAndDefaultsThatFit() {
    var screens = Array(ExportFixtures.everything.screens)
    screens[0].actions[0].params[1].name = "email"
    #expect(failure(changed(screens: screens)).contains("two fields are named 'email'"))
    screens = Array(ExportFixtures.everything.screens)
    screens[0].actions[0].params[0].defaultValue = .int(3)
    #expect(
      failure(changed(screens: screens)).contains(
        "the default int 3 of field 'email' does not fit its type string"))
    screens = Array(ExportFixtures.everything.screens)
    screens[0].actions[0].params[0].type = .optional(.optional(.string))
    #expect(failure(changed(screens: screens)).contains("an optional of an optional type"))
  }
}

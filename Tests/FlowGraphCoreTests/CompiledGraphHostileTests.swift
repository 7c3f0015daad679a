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
    let newer = failure(CompiledGraphLayout.file(body: body, version: 3))
    #expect(newer.contains("version 3, but this library reads version 2"))
    #expect(newer.contains("a newer flowgraph"))
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
    // No strings, no files, one type whose name is string 5.
    #expect(failure(sealed([0, 0, 1, 5])).contains("string index 5 is out of range"))
    // No strings, no files, no types, no tasks, one flow, no screens; the
    // flow's name is string 0 of none.
    #expect(failure(sealed([0, 0, 0, 0, 1, 0, 0])).contains("out of range"))
    // One string "a", no files, no types, no tasks, one flow with no screens
    // whose start is screen 3.
    let start: [UInt8] = [1, 1, 0x61, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3]
    #expect(failure(sealed(start)).contains("screen index 3 is out of range (the graph has 0)"))
  }

  @Test func deepNestingIsRefused() {
    // One string "a", no files, no types, no tasks, one flow and no
    // screens; the flow "a", no description, one input param "a" of type
    // list<list<...>>.
    var body: [UInt8] = [1, 1, 0x61, 0, 0, 0, 1, 0, 0, 0, 1, 0]
    body += [UInt8](repeating: CompiledTag.typeList, count: 100_000)
    #expect(failure(sealed(body)).contains("nesting deeper than 256"))
  }

  @Test func aGraphThatIsNotWellFormedIsRefused() {
    var graph = Self.graph.flows
    graph[0].screens.removeLast()
    let broken = FlowGraph(
      flows: graph, screens: Self.graph.screens, tasks: Self.graph.tasks,
      types: Self.graph.types, entry: Self.graph.entry)
    #expect(failure(CompiledGraph.encode(broken)).contains("not a well-formed graph"))

    var screens = Self.graph.screens
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
    var screens = graph.screens
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
    var screens = graph.screens
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
    var screens = graph.screens
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
          flows: graph.flows, screens: graph.screens, tasks: graph.tasks, types: types,
          entry: graph.entry)
      ).contains("two cases of type"))
  }

  @Test func aTypeNameThatNoTypeExpressionCanWriteIsRefused() {
    let graph = ExportFixtures.everything
    var types = graph.types
    types[0].name = "Th>me"
    let broken = FlowGraph(
      flows: graph.flows, screens: graph.screens, tasks: graph.tasks, types: types,
      entry: graph.entry)
    #expect(failure(broken).contains("not a well-formed graph: type name 'Th>me'"))
  }
}

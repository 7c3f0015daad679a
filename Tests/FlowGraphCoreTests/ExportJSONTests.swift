import FlowGraphCore
import Foundation
import Testing

@Suite struct ExportJSONTests {
  private func encode(_ graph: FlowGraph) throws -> String {
    try GraphJSONEncoder().encode(graph)
  }

  private func decode(_ json: String) throws -> FlowGraph {
    try GraphJSONDecoder().decode(json)
  }

  /// The error decoding `json` throws.
  private func decodingError(_ json: String) -> GraphJSONError? {
    do {
      _ = try GraphJSONDecoder().decode(json)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyPartOfTheModelRoundTrips() throws {
    let graph = ExportFixtures.everything
    let json = try encode(graph)
    let decoded = try decode(json)
    #expect(decoded == graph)
    #expect(decoded.flows == graph.flows)
    #expect(decoded.screens == graph.screens)
    #expect(decoded.suppressions == graph.suppressions)
    #expect(try encode(decoded) == json)
  }

  @Test func aGraphWithoutPositionsRoundTrips() throws {
    let graph = ExportFixtures.tiny
    let json = try encode(graph)
    #expect(try decode(json) == graph)
    #expect(!json.contains("\"at\""))
    #expect(json.contains("\"files\": []"))
  }

  @Test func theHeaderComesFirst() throws {
    let json = try encode(ExportFixtures.tiny)
    #expect(json.hasPrefix("{\n  \"format\": \"flowgraph-graph\",\n  \"version\": 1,\n"))
    #expect(json.hasSuffix("}\n"))
  }

  @Test func encodingIsDeterministic() throws {
    let first = try encode(ExportFixtures.everything)
    for _ in 0..<5 {
      #expect(try encode(ExportFixtures.everything) == first)
    }
  }

  @Test func referencesAreNamesAndRangesUseTheFileTable() throws {
    let json = try encode(ExportFixtures.everything)
    #expect(json.contains("\"files\": [\"Flows/app.yaml\", \"Flows/other.yaml\"]"))
    #expect(
      json.contains("\"kind\": \"push\",\n") && json.contains("\"screen\": \"detail\"")
        && json.contains(
          "\"transition\": {\"kind\": \"push\", \"screen\": \"settings\", \"at\": [0, 46, 13")
    )
    #expect(json.contains("\"flow\": \"onboarding\""))
    #expect(json.contains("\"type\": \"list<Theme?>\""))
    #expect(json.contains("\"at\": [0, 35, 11, 3511, 35, 15, 3515]"))
    #expect(json.contains("\"rules\": [\"unbounded-stack\", \"unused-task\"]"))
  }

  @Test func screensNumberedOutOfFlowOrderCarryTheirIDs() throws {
    let graph = FlowGraph(
      flows: [
        Flow(name: "a", start: FlowStart(.screen(ScreenID(1))), screens: [ScreenID(1)]),
        Flow(
          name: "b", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0), ScreenID(2)]),
      ],
      screens: [
        Screen(
          name: "b1", flow: FlowID(1),
          actions: [Action(name: "go", transition: Transition(.push(ScreenID(2))))]),
        Screen(name: "a1", flow: FlowID(0)),
        Screen(name: "b2", flow: FlowID(1)),
      ],
      entry: nil)
    let json = try encode(graph)
    #expect(json.contains("\"id\": 1"))
    #expect(!json.contains("\"entry\""))
    #expect(try decode(json) == graph)
  }

  @Test func strangeTextAndNumbersRoundTrip() throws {
    var graph = ExportFixtures.everything
    let text = "tab\tquote\" backslash\\ nul\u{0} line\u{2028} emoji 🧭 é"
    let values: [Value] = [
      .string(text), .double(1e300), .double(-0.0), .double(.leastNonzeroMagnitude), .int(Int.max),
      .int(Int.min),
      .double(.infinity), .double(-.infinity),
    ]
    let params = values.indices.map { Parameter(name: "p\($0)", type: .string) }
    let screen = Screen(
      name: text, flow: ExportFixtures.app, title: text, params: params,
      actions: [
        Action(
          name: "go",
          transition: Transition(
            .replace(ScreenID(8)),
            arguments: values.enumerated().map {
              Argument(parameter: $0.offset, source: .literal($0.element))
            }))
      ])
    var flows = graph.flows
    flows[0].screens.append(ScreenID(8))
    graph = FlowGraph(
      flows: flows, screens: graph.screens + [screen], tasks: graph.tasks, types: graph.types,
      entry: graph.entry,
      suppressions: graph.suppressions)
    let json = try encode(graph)
    #expect(json.contains("\\u0000") && json.contains("\\u2028") && json.contains("🧭"))
    #expect(try decode(json) == graph)
  }

  @Test func notANumberRoundTripsAsNotANumber() throws {
    let graph = FlowGraph(
      flows: [Flow(name: "f", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
      screens: [
        Screen(
          name: "s", flow: FlowID(0), params: [Parameter(name: "x", type: .double)],
          actions: [
            Action(
              name: "a",
              transition: Transition(
                .replace(ScreenID(0)),
                arguments: [Argument(parameter: 0, source: .literal(.double(.nan)))]))
          ])
      ], entry: nil)
    let decoded = try decode(try encode(graph))
    guard case .replace = decoded.screens[0].actions[0].transition.kind,
      case .literal(.double(let number)) = decoded.screens[0].actions[0].transition.arguments[0]
        .source
    else {
      Issue.record("the literal did not come back as a double")
      return
    }
    #expect(number.isNaN)
  }

  // MARK: Decoding errors

  @Test func aNewerVersionIsRefusedWithAWayOut() {
    let error = decodingError(
      #"{"format": "flowgraph-graph", "version": 2, "flows": [], "future": true}"#)
    #expect(error?.path == "version")
    #expect(error?.line == 1 && error?.column == 42)
    #expect(error?.message.contains("unsupported version 2") == true)
    #expect(error?.message.contains("newer flowgraph") == true)
    #expect(error?.message.contains("flowgraph compile") == true)
  }

  @Test func aDocumentOfAnotherFormatIsRefused() {
    #expect(decodingError(#"{"version": 1}"#)?.message.contains("missing key 'format'") == true)
    #expect(
      decodingError(#"{"format": "openapi", "version": 1}"#)?.message.contains(
        "format is 'openapi'") == true)
    #expect(decodingError(#"{"format": "flowgraph-graph"}"#)?.message == "missing key 'version'")
    #expect(
      decodingError(#"{"format": "flowgraph-graph", "version": "1"}"#)?.message.contains(
        "expected an integer") == true)
    #expect(decodingError("[1, 2]")?.message.contains("expected a compiled flow graph") == true)
  }

  @Test func invalidJSONIsReportedWithItsPosition() {
    let error = decodingError("{\n  \"format\": \"flowgraph-graph\",\n}")
    #expect(error?.line == 3 && error?.column == 1)
    #expect(error?.message.hasPrefix("not valid JSON: expected a string key") == true)
    let duplicate = decodingError(#"{"format": "flowgraph-graph", "format": "x"}"#)
    #expect(duplicate?.message == "not valid JSON: duplicate key \"format\"")
    #expect(duplicate?.column == 31)
    #expect(decodingError(#"{"a": 01}"#)?.message.contains("leading zero") == true)
    #expect(decodingError("{\"a\": \"x\ty\"}")?.message.contains("control character") == true)
    #expect(decodingError(#"{"a": "\ud800"}"#)?.message.contains("surrogate") == true)
    #expect(
      decodingError(String(repeating: "[", count: 300))?.message.contains("nesting deeper") == true)
    #expect(decodingError("")?.message.contains("unexpected end of input") == true)
    #expect(decodingError(#"{"a": 1} x"#)?.message.contains("after the JSON value") == true)
  }

  /// `json` of the fixture, with `target` replaced by `replacement` once.
  private func broken(_ target: String, _ replacement: String) throws -> String {
    let json = try encode(ExportFixtures.everything)
    guard let range = json.range(of: target) else {
      Issue.record("'\(target)' is not in the fixture's JSON")
      return json
    }
    return json.replacingCharacters(in: range, with: replacement)
  }

  @Test func anUnknownTransitionKindSuggestsTheRightOne() throws {
    let error = decodingError(try broken("\"kind\": \"push\"", "\"kind\": \"pussh\""))
    #expect(
      error?.message.hasPrefix("unknown transition kind 'pussh' (did you mean 'push'?)") == true)
    #expect(error?.path == "flows[0].screens[2].actions[0].transition.kind")
  }

  @Test func aDanglingScreenNameIsAnError() throws {
    let error = decodingError(try broken("\"screen\": \"detail\"", "\"screen\": \"detial\""))
    #expect(error?.message == "undefined screen 'detial' in flow 'app' (did you mean 'detail'?)")
    #expect(error?.path == "flows[0].screens[2].actions[0].transition.screen")
  }

  @Test func aDanglingFileIndexIsAnError() throws {
    let error = decodingError(try broken("\"at\": [0, 35, 11,", "\"at\": [7, 35, 11,"))
    #expect(error?.message == "file index 7 is out of range: the file table has 2 entries")
    #expect(error?.path == "flows[0].screens[2].actions[0].at[0]")
  }

  @Test func aDanglingScreenIDIsAnError() throws {
    let graph = FlowGraph(
      flows: [
        Flow(
          name: "a", start: FlowStart(.screen(ScreenID(1))), screens: [ScreenID(1), ScreenID(0)])
      ],
      screens: [Screen(name: "x", flow: FlowID(0)), Screen(name: "y", flow: FlowID(0))], entry: nil)
    let json = try encode(graph)
    let error = decodingError(json.replacingOccurrences(of: "\"id\": 0", with: "\"id\": 9"))
    #expect(error?.message == "screen id 9 is out of range: the document has 2 screens")
    let twice = decodingError(json.replacingOccurrences(of: "\"id\": 0", with: "\"id\": 1"))
    #expect(twice?.message == "screen id 1 is used twice")
  }

  @Test func unknownKeysAreRefused() throws {
    let error = decodingError(try broken("\"dismissible\": false", "\"dismisable\": false"))
    #expect(
      error?.message.hasPrefix("unknown key 'dismisable' in a screen (did you mean 'dismissible'?)")
        == true)
  }

  @Test func aMissingHandlerIsAnError() throws {
    let renamed = try broken("\"completed\": {", "\"complete\": {")
    #expect(
      decodingError(renamed)?.message
        == "flow 'onboarding' has no result 'complete' (did you mean 'completed'?)")
    let missing = decodingError(
      """
      {"format": "flowgraph-graph", "version": 1, "flows": [
        {"name": "main", "start": {"kind": "screen", "screen": "a"}, "screens": [
          {"name": "a", "actions": [{"name": "go", "transition": {"kind": "start", "flow": "child", "mode": "push"}}]}]},
        {"name": "child", "results": [{"name": "done"}], "start": {"kind": "finish", "result": "done"}, "screens": []}]}
      """)
    #expect(missing?.message == "missing the handler of result 'done' of flow 'child'")
    #expect(missing?.path == "flows[0].screens[0].actions[0].transition")
    #expect(missing?.line == 3 && missing?.column == 60)
  }

  @Test func theWrongKindOfValueIsAnError() throws {
    let error = decodingError(try broken("\"mode\": \"present\"", "\"mode\": \"modal\""))
    #expect(error?.message == "unknown start mode 'modal'; expected push or present")
    let typeError = decodingError(
      try broken("\"type\": \"list<Theme?>\"", "\"type\": \"list<Thme?>\""))
    #expect(typeError?.message == "undefined type 'Thme' (did you mean 'Theme'?)")
    let argument = decodingError(try broken("\"payload\": \"postId\"", "\"payload\": \"postID\""))
    #expect(argument?.message == "undefined payload field 'postID' (did you mean 'postId'?)")
  }

  @Test func hostileInputIsRefusedWithoutCrashing() throws {
    let deepType =
      String(repeating: "list<", count: 100_000) + "int" + String(repeating: ">", count: 100_000)
    let typeError = decodingError(
      try broken("\"type\": \"list<Theme?>\"", "\"type\": \"\(deepType)\""))
    #expect(typeError?.message == "the type is nested deeper than 32 levels")
    let deepJSON =
      String(repeating: "{\"a\": ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    #expect(decodingError(deepJSON)?.message.contains("nesting deeper than 256") == true)
    let hugeInt = try broken("{\"bool\": true}", "{\"int\": 99999999999999999999}")
    #expect(decodingError(hugeInt)?.message == "expected an integer, found 99999999999999999999")
    let json = try encode(ExportFixtures.everything)
    for cut in [1, 100, 1000, 5000, json.count - 2] {
      #expect(decodingError(String(json.prefix(cut))) != nil)
    }
  }

  // MARK: Encoding errors

  @Test func aGraphWithDuplicateNamesCannotBeEncoded() {
    let graph = FlowGraph(
      flows: [
        Flow(name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)]),
        Flow(name: "a", start: FlowStart(.screen(ScreenID(1))), screens: [ScreenID(1)]),
      ],
      screens: [Screen(name: "x", flow: FlowID(0)), Screen(name: "y", flow: FlowID(1))], entry: nil)
    #expect(throws: GraphJSONError("two flows are named 'a' in the graph", path: "the graph")) {
      try GraphJSONEncoder().encode(graph)
    }
  }

  @Test func aScreenListedByTheWrongFlowCannotBeEncoded() {
    let graph = FlowGraph(
      flows: [Flow(name: "a", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
      screens: [Screen(name: "x", flow: FlowID(3))], entry: nil)
    #expect(throws: GraphJSONError.self) { try GraphJSONEncoder().encode(graph) }
  }
}

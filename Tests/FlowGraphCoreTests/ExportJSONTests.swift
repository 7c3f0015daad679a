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

  /// `json` without the whitespace between tokens, so that assertions do not
  /// depend on the layout (the decoder reads either).
  private func compact(_ json: String) -> String {
    var text = ""
    var inString = false
    var escaped = false
    for scalar in json.unicodeScalars {
      if inString {
        if escaped {
          escaped = false
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        }
      } else if scalar == "\"" {
        inString = true
      } else if scalar == " " || scalar == "\n" {
        continue
      }
      text.unicodeScalars.append(scalar)
    }
    return text
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
    // The ranges come back whole (the decoded graph's map keeps them explicit).
    #expect(
      decoded.flows.map { decoded.range($0.span) } == graph.flows.map { graph.range($0.span) })
    #expect(
      decoded.screens.map { decoded.range($0.span) } == graph.screens.map { graph.range($0.span) })
    #expect(decoded.screens.map(\.name) == graph.screens.map(\.name))
    #expect(decoded.suppressions == graph.suppressions)
    #expect(try encode(decoded) == json)
  }

  @Test func aGraphWithoutPositionsRoundTrips() throws {
    let graph = ExportFixtures.tiny
    let json = try encode(graph)
    #expect(try decode(json) == graph)
    #expect(!json.contains("\"at\""))
    #expect(compact(json).contains("\"files\":[]"))
  }

  @Test func theHeaderIsWrittenAndKeysAreSorted() throws {
    let json = try encode(ExportFixtures.tiny)
    #expect(json.hasPrefix("{\n  \"entry\" : "))
    #expect(compact(json).contains(#""format":"flowgraph-graph","suppressions":[],"tasks":[],"#))
    #expect(compact(json).hasSuffix(#""version":2}"#))
    #expect(json.hasSuffix("\n}\n"))
  }

  @Test func encodingIsDeterministic() throws {
    let first = try encode(ExportFixtures.everything)
    for _ in 0..<5 {
      #expect(try encode(ExportFixtures.everything) == first)
    }
  }

  @Test func referencesAreNamesAndRangesUseTheFileTable() throws {
    let json = compact(try encode(ExportFixtures.everything))
    #expect(json.contains(#""files":["Flows/app.yaml","Flows/other.yaml"]"#))
    #expect(json.contains(#""kind":"push","screen":"detail""#))
    #expect(
      json.contains(
        #""transition":{"at":[0,46,13,4613,46,17,4617],"kind":"push","screen":"settings""#))
    #expect(json.contains(#""flow":"onboarding""#))
    #expect(json.contains(#""type":"list<Theme?>""#))
    #expect(json.contains(#""at":[0,35,11,3511,35,15,3515]"#))
    #expect(json.contains(#""rules":["unbounded-stack","unused-task"]"#))
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
    #expect(compact(json).contains(#""id":1"#))
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
      flows: flows, screens: Array(graph.screens) + [screen], tasks: graph.tasks,
      types: graph.types,
      entry: graph.entry,
      suppressions: graph.suppressions, sources: graph.sources)
    let json = try encode(graph)
    #expect(json.contains("\\u0000") && json.contains("🧭") && json.contains("é"))
    #expect(try decode(json) == graph)
    #expect(try encode(try decode(json)) == json)
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
      #"{"format": "flowgraph-graph", "version": 3, "flows": [], "future": true}"#)
    #expect(error?.path == "version")
    #expect(error?.message.contains("unsupported version 3") == true)
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
    #expect(
      decodingError("[1, 2]")?.message
        == "expected a compiled flow graph (an object), found an array")
  }

  /// Foundation's parser decides what is JSON. It gives no line and column;
  /// the reason it gives says where, as a character offset.
  @Test func invalidJSONIsRefused() {
    for text in [
      "{\n  \"format\": \"flowgraph-graph\"\n  \"version\": 1\n}", "", #"{"a": 1} x"#,
      #"{"a": 1 /* comment */}"#, "{\"a\": tru}", String(repeating: "[", count: 200), "{\"a\": 1",
    ] {
      let error = decodingError(text)
      #expect(
        error?.message.hasPrefix("not valid JSON: ") == true,
        "\(text): \(String(describing: error))")
      #expect(error?.path == "")
    }
  }

  /// The reason for text that is not JSON is the one Foundation's
  /// `JSONSerialization` gives on Linux, word for word and at the same byte
  /// offset (the decoder needs only FoundationEssentials).
  @Test(arguments: [
    (#"{"dsl": 1, "flows": [x]}"#, "Invalid value around character 21."),
    (#"{"a": 1"#, "Unexpected end of file during JSON parse."),
    (#"{"a": 1} x"#, "Invalid value around character 9."),
    ("{a: 1}", "Invalid value around character 1."),
    (#"{"a": 1 "b": 2}"#, "Invalid value around character 8."),
    (#"{"a": "b\}"#, "Invalid escape sequence around character 8."),
    (#"{"a": [1 2]}"#, "Invalid value around character 9."),
  ])
  func invalidJSONSaysWhereAsFoundationDoes(text: String, reason: String) {
    #expect(decodingError(text)?.message == "not valid JSON: " + reason)
  }

  /// Foundation reads scalars when they are used: a malformed one is refused
  /// where it is read, with its path.
  @Test func malformedScalarsAreRefusedWhereTheyAreRead() {
    let header = #"{"format": "flowgraph-graph", "version": 1, "#
    for (text, path) in [
      (#"{"format": "flowgraph-graph", "version": 01}"#, "version"),
      (header + "\"files\": [\"x\ty\"]}", "files[0]"),
      (header + #""files": ["\ud800"]}"#, "files[0]"),
      (header + #""files": ["\q"]}"#, "files[0]"),
      (header + #""entry": "\ud800"}"#, "entry"),
    ] {
      let error = decodingError(text)
      #expect(error?.message.contains("malformed") == true, "\(text): \(String(describing: error))")
      #expect(error?.path == path)
    }
  }

  /// The fixture's JSON without whitespace (see ``compact(_:)``), with
  /// `target` replaced by `replacement` once.
  private func broken(_ target: String, _ replacement: String) throws -> String {
    let json = compact(try encode(ExportFixtures.everything))
    guard let range = json.range(of: target) else {
      Issue.record("'\(target)' is not in the fixture's JSON")
      return json
    }
    return json.replacingCharacters(in: range, with: replacement)
  }

  @Test func anUnknownTransitionKindSuggestsTheRightOne() throws {
    let error = decodingError(try broken(#""kind":"push""#, #""kind":"pussh""#))
    #expect(
      error?.message.hasPrefix("unknown transition kind 'pussh' (did you mean 'push'?)") == true)
    #expect(error?.path == "flows[0].screens[2].actions[0].transition.kind")
  }

  @Test func aDanglingScreenNameIsAnError() throws {
    let error = decodingError(try broken(#""screen":"detail""#, #""screen":"detial""#))
    #expect(error?.message == "undefined screen 'detial' in flow 'app' (did you mean 'detail'?)")
    #expect(error?.path == "flows[0].screens[2].actions[0].transition.screen")
  }

  @Test func aDanglingFileIndexIsAnError() throws {
    let error = decodingError(try broken(#""at":[0,35,11,"#, #""at":[7,35,11,"#))
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
    let json = compact(try encode(graph))
    let error = decodingError(json.replacingOccurrences(of: #""id":0"#, with: #""id":9"#))
    #expect(error?.message == "screen id 9 is out of range: the document has 2 screens")
    let twice = decodingError(json.replacingOccurrences(of: #""id":0"#, with: #""id":1"#))
    #expect(twice?.message == "screen id 1 is used twice")
    // Ids are 32 bits: a larger one is refused as it is read.
    let huge = decodingError(
      json.replacingOccurrences(of: #""id":0"#, with: #""id":4294967296"#))
    #expect(huge?.message == "screen id 4294967296 is out of range")
  }

  @Test func unknownKeysAreRefused() throws {
    let error = decodingError(try broken(#""dismissible":false"#, #""dismisable":false"#))
    #expect(
      error?.message.hasPrefix("unknown key 'dismisable' in a screen (did you mean 'dismissible'?)")
        == true)
  }

  @Test func aMissingHandlerIsAnError() throws {
    let renamed = try broken(#""completed":{"#, #""complete":{"#)
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
  }

  @Test func theWrongKindOfValueIsAnError() throws {
    let error = decodingError(try broken(#""mode":"present""#, #""mode":"modal""#))
    #expect(error?.message == "unknown start mode 'modal'; expected push or present")
    let typeError = decodingError(try broken(#""type":"list<Theme?>""#, #""type":"list<Thme?>""#))
    #expect(typeError?.message == "undefined type 'Thme' (did you mean 'Theme'?)")
    let argument = decodingError(try broken(#""payload":"postId""#, #""payload":"postID""#))
    #expect(argument?.message == "undefined payload field 'postID' (did you mean 'postId'?)")
  }

  @Test func hostileInputIsRefusedWithoutCrashing() throws {
    let deepType =
      String(repeating: "list<", count: 100_000) + "int" + String(repeating: ">", count: 100_000)
    let typeError = decodingError(try broken(#""type":"list<Theme?>""#, "\"type\":\"\(deepType)\""))
    #expect(typeError?.message == "the type is nested deeper than 32 levels")
    let deepJSON =
      String(repeating: "{\"a\": ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    let nesting = "nesting deeper than 256 arrays and objects"
    #expect(decodingError(deepJSON)?.message == nesting)
    let deepArray = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(decodingError(deepArray)?.message == nesting)
    #expect(decodingError(String(repeating: "[", count: 100_000))?.message == nesting)
    let inString = #"{"format": "flowgraph-graph", "version": 1, "flows": [], "x": ""#
    #expect(
      decodingError(inString + String(repeating: "[", count: 1000) + "\"}")?.message.hasPrefix(
        "unknown key 'x'") == true)
    let hugeInt = try broken(#"{"bool":true}"#, #"{"int":99999999999999999999}"#)
    #expect(decodingError(hugeInt)?.message.hasPrefix("expected an integer, found ") == true)
    let json = try encode(ExportFixtures.everything)
    for cut in [1, 100, 1000, 5000, json.count - 2] {
      #expect(decodingError(String(json.prefix(cut))) != nil)
    }
  }

  @Test func membersAreCheckedForTheirKindOfTransition() throws {
    let extra = decodingError(
      try broken(
        #""kind":"push","screen":"detail""#, #""flow":"app","kind":"push","screen":"detail""#))
    #expect(
      extra?.message
        == "unknown key 'flow' in a 'push' transition; allowed: kind, with, at, targetAt, screen, popTo, inclusive"
    )
    let missing = decodingError(try broken(#""kind":"push","screen":"detail""#, #""kind":"push""#))
    #expect(missing?.message == "missing key 'screen'")
    #expect(missing?.path.hasSuffix(".transition") == true)
  }

  @Test func aValueOfTheWrongKindSaysWhatWasFound() throws {
    let flag = decodingError(try broken(#""dismissible":false"#, #""dismissible":"no""#))
    #expect(flag?.message == "expected true or false, found a string")
    #expect(flag?.path.hasSuffix(".dismissible") == true)
    let range = decodingError(try broken(#""at":[0,35,11,"#, #""at":[0,"35",11,"#))
    #expect(range?.message == "expected an integer, found a string")
    #expect(range?.path.hasSuffix(".at[1]") == true)
    let short = decodingError(try broken(#""at":[0,35,11,3511,"#, #""at":["#))
    #expect(short?.message.hasSuffix("this one has 3 numbers") == true)
    let screens = decodingError(
      #"{"format": "flowgraph-graph", "version": 1, "flows": [{"name": "f", "start": {"kind": "invalid"}, "screens": {}}]}"#
    )
    #expect(screens?.message == "expected an array, found an object")
    #expect(screens?.path == "flows[0].screens")
  }

  /// A document with a literal `levels` lists deep: 11 + 2 × levels arrays
  /// and objects.
  private func deepLiteral(_ levels: Int) -> String {
    var literal = #"{"int": 1}"#
    for _ in 0..<levels { literal = #"{"list": ["# + literal + "]}" }
    return """
      {"format": "flowgraph-graph", "version": 1, "flows": [{"name": "f",
        "start": {"kind": "screen", "screen": "s"}, "screens": [{"name": "s",
          "params": [{"name": "x", "type": "list<int>"}],
          "actions": [{"name": "a", "transition": {"kind": "replace", "screen": "s",
            "with": [{"param": "x", "literal": \(literal)}]}}]}]}]}
      """
  }

  /// A document with an action's transition `levels` result handlers deep:
  /// 8 + 2 × levels arrays and objects.
  private func deepHandlers(_ levels: Int) -> String {
    var transition = #"{"kind": "stay"}"#
    for _ in 0..<levels {
      transition =
        #"{"kind": "start", "flow": "f", "mode": "push", "on": {"done": "#
        + transition + "}}"
    }
    return """
      {"format": "flowgraph-graph", "version": 1, "flows": [{"name": "f",
        "results": [{"name": "done"}], "start": {"kind": "screen", "screen": "s"},
        "screens": [{"name": "s", "actions": [{"name": "a", "transition": \(transition)}]}]}]}
      """
  }

  /// The stack of an app's secondary thread: 512 KiB. A debug build's
  /// frames are about four times larger, so it gets 2 MiB.
  #if DEBUG
    private static let smallStack = 2048 * 1024
  #else
    private static let smallStack = 512 * 1024
  #endif

  /// Decodes `json` on a thread with a small stack (``smallStack``).
  private func decodeOnASmallStack(_ json: String) throws -> FlowGraph {
    let outcome = Outcome()
    let thread = Thread {
      outcome.set(Result { () throws(GraphJSONError) in try GraphJSONDecoder().decode(json) })
    }
    thread.stackSize = Self.smallStack
    thread.start()
    return try #require(outcome.wait()).get()
  }

  /// Nesting up to the limit (256) is decoded without running out of a small
  /// stack; deeper is refused.
  @Test func deepLiteralsDecodeOnASmallStack() throws {
    #expect(
      decodingError(deepLiteral(123))?.message == "nesting deeper than 256 arrays and objects")
    let graph = try decodeOnASmallStack(deepLiteral(122))
    guard case .literal(let value) = graph.screens[0].actions[0].transition.arguments[0].source
    else {
      Issue.record("the literal did not come back")
      return
    }
    var depth = 0
    var current = value
    while case .list(let elements) = current, let first = elements.first {
      depth += 1
      current = first
    }
    #expect(depth == 122 && current == .int(1))
  }

  @Test func deepHandlersDecodeOnASmallStack() throws {
    #expect(
      decodingError(deepHandlers(125))?.message == "nesting deeper than 256 arrays and objects")
    let graph = try decodeOnASmallStack(deepHandlers(124))
    var depth = 0
    var current = graph.screens[0].actions[0].transition
    while case .start(_, _, let handlers) = current.kind {
      depth += 1
      current = handlers.results[0]
    }
    #expect(depth == 124 && current == .stay)
  }

  /// What a thread produced, handed over to the test.
  private final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<FlowGraph, GraphJSONError>?

    func set(_ result: Result<FlowGraph, GraphJSONError>) {
      lock.withLock { self.result = result }
      done.signal()
    }

    func wait() -> Result<FlowGraph, GraphJSONError>? {
      guard done.wait(timeout: .now() + 60) == .success else { return nil }
      return lock.withLock { result }
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

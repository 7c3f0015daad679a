import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphSwiftGen

/// The generator refuses every name that would give a wrong or uncompilable
/// API: all clashes of a run at once, each at its name with a note at the other.
@Suite("Generated Swift: clashes and reserved names")
struct SwiftGeneratorClashTests {
  /// `itemSelected` has different params on `list2` and `detail`, so each
  /// gets a case qualified with its screen: `detailItemSelected`, the name of
  /// another action of `detail`; and `list-2` becomes `list2`.
  static let qualifiedClash = """
    flowgraph: 1
    flows:
      main:
        start: list2
        screens:
          list2:
            actions:
              itemSelected: { params: { id: string }, push: detail }
          detail:
            params: { id: string }
            actions:
              itemSelected: { params: { id: int }, push: other }
              detailItemSelected: { params: { id: string }, push: other }
          list-2: {}
          other: {}

    """

  static func generate(_ text: String, namespace: String = "Flows") throws -> String {
    let loaded = FlowGraphLoader().load(text: text, file: "flows.yaml")
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
    let graph = try #require(loaded.graph)
    return try SwiftGenerator().generate([
      SwiftGenerator.Input(graph: graph, namespace: namespace, source: "flows.yaml")
    ])
  }

  static func position(_ range: SourceRange?) -> String? {
    range.map { "\($0.file):\($0.start.line):\($0.start.column)" }
  }

  @Test func aQualifiedActionNameThatIsAnotherActionsIsRefused() throws {
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try Self.generate(Self.qualifiedClash) })
    let clash = try #require(error.clashes.last)
    #expect(
      clash.message
        == "action 'detailItemSelected' of screen 'detail' and action 'itemSelected' of screen 'detail' (qualified with its screen: its params differ on another screen) both become the case 'detailItemSelected' of Event; rename one of them"
    )
    #expect(Self.position(clash.range) == "flows.yaml:13:11")
    #expect(
      clash.note?.message
        == "action 'itemSelected' of screen 'detail' (qualified with its screen: its params differ on another screen) is here"
    )
    #expect(Self.position(clash.note?.range) == "flows.yaml:12:11")
  }

  @Test func everyClashOfARunIsReportedAtOnce() throws {
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try Self.generate(Self.qualifiedClash) })
    #expect(error.clashes.count == 2)
    #expect(
      error.clashes.first?.message
        == "screens 'list-2' and 'list2' of flow 'main' both become the case 'list2' of Screen; rename one of them"
    )
    #expect(Self.position(error.clashes.first?.range) == "flows.yaml:14:7")
  }

  /// Two cases of one `types:` enum that become one Swift case: the model
  /// places a case at its type's name, so the clash is there, and a note at
  /// the same place would only repeat it.
  @Test func casesOfOneTypeThatBecomeOneCaseAreRefusedWithoutAnEmptyNote() throws {
    let text = """
      flowgraph: 1
      types:
        Filter: { enum: [all, item-id, itemId] }
      flows:
        main:
          start: home
          screens:
            home: { params: { filter: { type: Filter, default: all } } }

      """
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try Self.generate(text) })
    #expect(error.clashes.count == 1)
    let clash = try #require(error.clashes.first)
    #expect(
      clash.message
        == "cases 'itemId' and 'item-id' of type 'Filter' both become the case 'itemId' of Filter; rename one of them"
    )
    #expect(Self.position(clash.range) == "flows.yaml:3:3")
    #expect(clash.note == nil)
  }

  /// Names that Swift reserves or that the generated code uses unqualified.
  static let reservedTypeNames = [
    "Type", "Protocol", "Self", "Any", "AnyObject", "FlowGraphCore", "Foundation", "String", "Int",
    "Double", "Bool", "URL", "Date", "Array", "Optional", "Dictionary", "Set", "Never", "Void",
    "Error", "Result", "Task", "MainActor",
  ]

  @Test(arguments: reservedTypeNames)
  func aTypeWithAReservedNameIsRefusedAtItsName(_ name: String) throws {
    let text = """
      flowgraph: 1
      types:
        \(name): { enum: [a] }
      flows:
        main:
          start: home
          screens:
            home: {}

      """
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try Self.generate(text) })
    #expect(error.clashes.count == 1)
    #expect(error.message.hasPrefix("type '\(name)' becomes the Swift type '\(name)', which "))
    #expect(error.message.hasSuffix("; rename it"))
    #expect(Self.position(error.clashes.first?.range) == "flows.yaml:3:3")
  }

  @Test(arguments: reservedTypeNames + ["Screen", "Event", "Runner"])
  func aNamespaceWithAReservedNameIsRefused(_ name: String) throws {
    let file = name.prefix(1).lowercased() + name.dropFirst() + ".yaml"
    let loaded = FlowGraphLoader().load(
      text: "flowgraph: 1\nflows:\n  main:\n    start: home\n    screens:\n      home: {}\n",
      file: file)
    let graph = try #require(loaded.graph)
    let namespace = SwiftGenerator.namespace(forFile: file)
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) {
        try SwiftGenerator().generate([
          SwiftGenerator.Input(graph: graph, namespace: namespace, source: file, path: file)
        ])
      })
    #expect(
      error.message.hasPrefix(
        "the flow file '\(file)' becomes the Swift namespace '\(namespace)', which "))
    #expect(
      error.message.hasSuffix("; rename the file or give the namespace with --namespace"))
    #expect(Self.position(error.clashes.first?.range) == "\(file):1:1")
  }

  @Test func namesNearTheReservedOnesTypeCheck() throws {
    let text = """
      flowgraph: 1
      types:
        self-type: { enum: [self, Type, any] }
        strings: { enum: [a] }
      flows:
        main:
          input: { kind: self-type, other: strings }
          start: home
          screens:
            home:
              params: { kind: self-type, other: strings }

      """
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [URL] = []
    for namespace in ["Default", "_123", "Ints", "Types"] {
      let file = folder.appendingPathComponent("\(namespace).swift")
      try Self.generate(text, namespace: namespace).write(
        to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let result = try SwiftCompiler.typecheck(files)
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }
}

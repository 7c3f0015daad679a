import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphSwiftGen

/// The generator on names that are not Swift names, and on clashes.
@Suite("Generated Swift: names, keywords, clashes")
struct SwiftGeneratorTests {
  static let awkward = """
    flowgraph: 1
    entry: main-flow
    types:
      sort-order: { enum: [newest-first, default, 2nd] }
    tasks:
      fetch-items:
        input: { sort-order: sort-order, in: int }
        outcomes:
          loaded: { items: list<string>, next: url?, at: date }
          failed: {}
    flows:
      main-flow:
        description: |
          Lists items.
          Two lines of description.
        start: item-list
        screens:
          item-list:
            title: Items
            actions:
              item-selected: { params: { id: int }, push: detail }
              refresh:
                run: fetch-items
                with: { sort-order: default, in: 1 }
                outcomes: { loaded: stay, failed: stay }
              help: { start: help, on: { default: stay } }
          detail:
            params: { id: int }
            actions:
              item-selected: { params: { id: string, self: bool? }, push: related }
          related:
            params: { id: string }
            actions:
              close: popToRoot
      help:
        results: { default: { weights: list<double> } }
        start: item-list
        screens:
          item-list:
            actions:
              done: { finish: default, with: { weights: [1, 2.5] } }

    """

  static func generate(
    _ text: String, access: SwiftGenerator.Access = .public,
    namespace: String = SwiftGenerator.namespace(forFile: "Flows/awkward.flow.yaml")
  ) throws -> String {
    let loaded = FlowGraphLoader().load(text: text, file: "awkward.flow.yaml")
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
    let graph = try #require(loaded.graph)
    return try SwiftGenerator(access: access).generate([
      SwiftGenerator.Input(graph: graph, namespace: namespace, source: "awkward.flow.yaml")
    ])
  }

  @Test func namesBecomeSwiftNames() throws {
    let code = try Self.generate(Self.awkward)
    #expect(code.contains("\npublic nonisolated enum Awkward {\n"))
    #expect(
      code.contains(
        "  public nonisolated enum SortOrder: String, Hashable, Sendable, CaseIterable {\n"))
    #expect(code.contains("    case newestFirst = \"newest-first\"\n"))
    #expect(code.contains("    case `default`\n"))
    #expect(code.contains("    case _2nd = \"2nd\"\n"))
    #expect(
      code.contains(
        "    func fetchItems(sortOrder: SortOrder, `in`: Int) async throws -> FetchItemsOutcome\n"))
    #expect(code.contains("    case loaded(items: [String], next: URL?, at: String)\n"))
    #expect(code.contains("  public nonisolated enum MainFlowResult: Hashable, Sendable {\n"))
  }

  @Test func aScreenNameThatSeveralFlowsUseIsQualifiedWithItsFlow() throws {
    let code = try Self.generate(Self.awkward)
    #expect(code.contains("    case mainFlowItemList\n"))
    #expect(code.contains("    case helpItemList\n"))
    #expect(code.contains("    case detail(id: Int)\n"))
  }

  @Test func anActionWithDifferentParamsOnTwoScreensIsQualifiedWithItsScreen() throws {
    let code = try Self.generate(Self.awkward)
    #expect(code.contains("    case mainFlowItemListItemSelected(id: Int)\n"))
    #expect(code.contains("    case detailItemSelected(id: String, `self`: Bool?)\n"))
    #expect(code.contains("    case refresh\n"))
  }

  @Test func docCommentsComeFromTitlesAndDescriptions() throws {
    let code = try Self.generate(Self.awkward)
    #expect(
      code.contains(
        """
            /// Items
            ///
            /// Screen `item-list` of flow `main-flow`.
            case mainFlowItemList
        """))
    #expect(
      code.contains(
        """
            /// Lists items.
            /// Two lines of description.
            ///
            /// Flow `main-flow`, the entry.
            case mainFlow
        """))
  }

  @Test func theOutputTypeChecksInSwift6WithoutWarnings() throws {
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [URL] = []
    for access in SwiftGenerator.Access.allCases {
      let file = folder.appendingPathComponent("Awkward\(access).swift")
      try Self.generate(Self.awkward, access: access, namespace: "Awkward\(access)")
        .write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let result = try SwiftCompiler.typecheck(files)
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }

  @Test func aTypeThatShadowsASwiftTypeIsRefused() throws {
    let text = """
      flowgraph: 1
      types:
        String: { enum: [a] }
      flows:
        main:
          start: home
          screens:
            home:
              params: { mode: String? }

      """
    let error = #expect(throws: SwiftGenerationError.self) { try Self.generate(text) }
    #expect(
      error?.message
        == "type 'String' becomes the Swift type 'String', which would shadow the 'String' that the generated code uses; rename it"
    )
  }

  @Test func namespacesComeFromFileNames() {
    #expect(SwiftGenerator.namespace(forFile: "Flows/login-app.yaml") == "LoginApp")
    #expect(SwiftGenerator.namespace(forFile: "checkout.flow.yml") == "Checkout")
    #expect(SwiftGenerator.namespace(forFile: "/a/b/my flows.yaml") == "MyFlows")
    #expect(SwiftGenerator.namespace(forFile: "2fa.yaml") == "_2fa")
  }
}

/// Values as Swift literals: the seam for SPEC §6.3's param defaults.
@Suite("Generated Swift: values as Swift literals")
struct SwiftLiteralTests {
  @Test func valuesBecomeLiteralsOfTheirSwiftType() {
    let mapping = SwiftValueMapping(typeNames: ["Theme"])
    #expect(mapping.literal(.int(3), of: .int) == "3")
    #expect(mapping.literal(.int(3), of: .double) == "3")
    #expect(mapping.literal(.double(2.5), of: .double) == "2.5")
    #expect(mapping.literal(.bool(false), of: .bool) == "false")
    #expect(mapping.literal(.null, of: .optional(.int)) == "nil")
    #expect(mapping.literal(.string("a \"b\"\n\\"), of: .string) == #""a \"b\"\n\\""#)
    #expect(mapping.literal(.string("dark-mode"), of: .named(TypeID(0))) == ".darkMode")
    #expect(mapping.literal(.list([.int(1), .int(2)]), of: .list(.int)) == "[1, 2]")
    #expect(mapping.literal(.url("https://x/a"), of: .url) == #"URL(string: "https://x/a")!"#)
    #expect(
      mapping.literal(.url("https://x"), of: .optional(.url)) == #"URL(string: "https://x")!"#)
    // Text that Foundation does not read as a URL gets no default (no trap).
    #expect(mapping.literal(.url(""), of: .url) == nil)
  }
}

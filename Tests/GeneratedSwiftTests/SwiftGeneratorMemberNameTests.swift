import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphSwiftGen

/// Names that are members Swift gives the generated enums (`hashValue`,
/// `rawValue`, `allCases`…) or need backticks (`init`, `self`, `_`): each one
/// works in every place a name becomes a member, or is refused at its name
/// when no spelling of it can work.
@Suite("Generated Swift: member names")
struct SwiftGeneratorMemberNameTests {
  /// A file that uses `name` for a screen, an action, a flow, a result, a
  /// task outcome, params and fields, a type's case and a tab (the last two
  /// only with `caseIterable`: they are the `CaseIterable` enums).
  static func everywhere(_ name: String, caseIterable: Bool = true) -> String {
    let n = "\"\(name)\""
    return """
      flowgraph: 1
      entry: main
      types:
        kind: { enum: [\(caseIterable ? n : "one"), other] }
      tasks:
        t:
          input: { \(n): string }
          outcomes:
            \(n): { \(n): string }
            other: {}
      flows:
        main:
          start: \(n)
          screens:
            \(n):
              params: { \(n): kind? }
              actions:
                \(n): { params: { \(n): string }, present: tabsScreen }
                runIt:
                  params: { \(n): string }
                  run: t
                  outcomes: { \(n): stay, other: stay }
                sub: { start: \(n), mode: present, on: { \(n): stay } }
            tabsScreen:
              tabs:
                \(caseIterable ? n : "one"): { flow: tabflow }
                other: { flow: tabflow }
        \(n):
          results:
            \(n): { \(n): string }
          start: inner
          screens:
            inner:
              actions:
                done: { params: { \(n): string }, finish: \(n) }
        tabflow:
          start: tabhome
          screens:
            tabhome: {}

      """
  }

  /// App code that names each generated member of `name` in `namespace` as
  /// an app would (backticks only where Swift needs them: `.init`, `.self`),
  /// and a case of `kind` with its type where an optional is expected (as
  /// Swift asks for `none`, which would otherwise be `Optional.none`).
  static func appCode(_ name: String, namespace ns: String, caseIterable: Bool = true) -> String {
    let member = SwiftName.escaped(SwiftName.member(name))
    let label = SwiftName.label(SwiftName.member(name))
    let typeCase = caseIterable ? member : "one"
    return """
      struct \(ns)Hooks: \(ns).TaskHooks {
        func t(\(label): String) async throws -> \(ns).TOutcome { .\(member)(\(label): "z") }
      }

      func use\(ns)(_ screen: \(ns).Screen) -> Int {
        let screens: Set<\(ns).Screen> = [.\(member)(\(label): \(ns).Kind.\(typeCase)), screen]
        let event: \(ns).Event = .\(member)(\(label): "x")
        let flow: \(ns).Flow = .\(member)
        let result: \(ns).FlowResult = .\(member)(.\(member)(\(label): "y"))
        let kind: \(ns).Kind = .\(typeCase)
        let tab: \(ns).Tab = .\(typeCase)
        let all = \(ns).Kind.allCases.count + \(ns).Tab.allCases.count
        let text = "\\(event)\\(flow)\\(result)\\(kind.rawValue)\\(tab.rawValue)"
        switch screen {
        case .\(member)(let value): return all + screens.count + text.count + (value?.hashValue ?? 0)
        default: return screen.hashValue
        }
      }

      """
  }

  /// Members Swift gives every generated enum or a raw-valued one, names
  /// that need backticks, and names that become `_`.
  static let memberNames = [
    "hashValue", "hash", "description", "debugDescription", "rawValue", "init", "self", "Type",
    "none", "some", "_", "-", "_-",
  ]

  @Test func membersSwiftGivesTheEnumsAreNamesLikeAnyOther() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var files: [URL] = []
    var app = "import FlowGraphCore\n\n"
    let inputs = Self.memberNames.map { ($0, true) } + [("allCases", false)]
    for (index, (name, caseIterable)) in inputs.enumerated() {
      let namespace = "Names\(index)"
      let file = folder.url.appendingPathComponent("\(namespace).swift")
      try SwiftGeneratorClashTests.generate(
        Self.everywhere(name, caseIterable: caseIterable), namespace: namespace
      ).write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
      app += Self.appCode(name, namespace: namespace, caseIterable: caseIterable)
    }
    try folder.write(app, to: "App.swift")
    let result = try SwiftCompiler.typecheck(
      files + [folder.url.appendingPathComponent("App.swift")])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }

  /// `Kind.allCases` would be the case or the list: Swift cannot tell, and
  /// no backticks help; as a screen, an action or a flow it is fine (above).
  @Test func allCasesIsRefusedAsACaseOfACaseIterableEnum() throws {
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) {
        try SwiftGeneratorClashTests.generate(Self.everywhere("allCases"))
      })
    #expect(
      error.clashes.map(\.message) == [
        "tab 'allCases' of screen 'tabsScreen' becomes the case 'allCases' of Tab, which would make 'Tab.allCases', the list of every case that Swift gives the enum, ambiguous; rename it",
        "case 'allCases' of type 'kind' becomes the case 'allCases' of Kind, which would make 'Kind.allCases', the list of every case that Swift gives the enum, ambiguous; rename it",
      ])
    #expect(
      error.clashes.map { SwiftGeneratorClashTests.position($0.range) } == [
        "flows.yaml:26:11", "flows.yaml:4:3",
      ])
  }

  /// Two fields of one list whose Swift labels are one (`item-id`, `itemId`)
  /// give a case or a method that Swift refuses (`invalid redeclaration`).
  @Test func fieldsThatBecomeOneLabelAreRefusedAtTheLaterOne() throws {
    let fields = "{ item-id: string, itemId: string }"
    let text = """
      flowgraph: 1
      entry: main
      tasks:
        load:
          input: \(fields)
          outcomes:
            done: \(fields)
      flows:
        main:
          input: { item-id: string?, itemId: string? }
          start: home
          screens:
            home:
              actions:
                go: { params: \(fields), push: detail }
                sub: { start: other, on: { ended: stay } }
            detail:
              params: \(fields)
              actions:
                runIt: { run: load, outcomes: { done: stay } }
        other:
          results:
            ended: \(fields)
          start: inner
          screens:
            inner:
              actions:
                done: { params: \(fields), finish: ended }

      """
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try SwiftGeneratorClashTests.generate(text) })
    #expect(error.clashes.count == 7)
    let screen = try #require(error.clashes.first)
    #expect(
      screen.message
        == "params 'itemId' and 'item-id' of screen 'detail' of flow 'main' both become the label 'itemId' of the case 'detail' of Screen; rename one of them"
    )
    #expect(SwiftGeneratorClashTests.position(screen.range) == "flows.yaml:18:36")
    #expect(screen.note?.message == "param 'item-id' of screen 'detail' of flow 'main' is here")
    #expect(SwiftGeneratorClashTests.position(screen.note?.range) == "flows.yaml:18:19")
    let messages = error.clashes.map(\.message).joined(separator: "\n")
    for what in [
      "of the case 'go' of Event", "of the case 'done' of Event",
      "of the method 'load' of TaskHooks",
      "of the case 'done' of LoadOutcome", "of the case 'main' of Flow",
      "of the case 'ended' of OtherResult",
    ] {
      #expect(messages.contains("both become the label 'itemId' \(what)"), "\(messages)")
    }
  }

  /// `-` becomes the type `_`, which Swift does not accept as a type's name.
  @Test func aTypeThatBecomesUnderscoreIsRefused() throws {
    let text = """
      flowgraph: 1
      types:
        "-": { enum: [a] }
      flows:
        main:
          start: home
          screens:
            home: {}

      """
    let error = try #require(
      #expect(throws: SwiftGenerationError.self) { try SwiftGeneratorClashTests.generate(text) })
    #expect(
      error.message == "type '-' becomes the Swift type '_', which Swift reserves; rename it")
    #expect(SwiftGeneratorClashTests.position(error.clashes.first?.range) == "flows.yaml:3:3")
  }
}

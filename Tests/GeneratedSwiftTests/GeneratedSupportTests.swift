import FlowGraphCore
import Foundation
import Testing

// FlowGraphCore's API for generated code: the shape check and the decoders
// every generated `Bridge` calls.

private enum Decoders: GeneratedBridge {}

private enum Mode: String, CaseIterable { case light, dark }

@Suite("Generated Swift: FlowGraphCore's support for generated code")
struct GeneratedSupportTests {
  @Test func aGraphHasItsOwnShape() throws {
    let graph = try GeneratedFiles.graph("checkout")
    let shape = GeneratedGraphShape(of: graph)
    #expect(shape.screens.count == graph.screens.count)
    #expect(shape.flows.count == graph.flows.count)
    #expect(shape.differences(from: shape).isEmpty)
    try graph.requireShape(shape, generatedAs: "Checkout")
  }

  @Test func differentCountsAreListedFirstAndAlone() throws {
    let expected = GeneratedGraphShape(of: try GeneratedFiles.graph("checkout"))
    let actual = GeneratedGraphShape(of: try GeneratedFiles.graph("login-app"))
    let differences = expected.differences(from: actual)
    #expect(!differences.isEmpty)
    #expect(differences.allSatisfy { $0.contains(" count: expected ") })
  }

  @Test func aChangedEntryIsNamedWithBothSignatures() throws {
    let graph = try GeneratedFiles.graph("profile")
    var expected = GeneratedGraphShape(of: graph)
    let found = expected.screens[1]
    expected.screens[1] = "account.home(userId: int)"
    let error = #expect(throws: RuntimeError.self) {
      try graph.requireShape(expected, generatedAs: "Profile")
    }
    #expect(
      error.map { "\($0)" }?.contains(
        "the graph is not the one `Profile` was generated from (regenerate it): "
          + "screen 1: expected account.home(userId: int), found \(found)") == true)
  }

  @Test func aGeneratedFileHoldsNoneOfTheSharedHelpers() throws {
    for flow in try GeneratedFiles.exampleFlows() {
      let code = try GeneratedFiles.generate(flow).code
      #expect(
        code.contains(
          "enum Bridge: FlowGraphCore.GeneratedAPI, FlowGraphCore.GeneratedBridge {"))
      #expect(code.contains("try graph.requireShape(shape, generatedAs: "))
      for helper in [
        "func at(", "func string(", "func named<", "func expect<", "Signature(", "class Runner",
      ] {
        #expect(!code.contains(helper), "\(flow.lastPathComponent) defines \(helper)")
      }
    }
  }

  @Test func decodersReadEachKindAndFallBackHarmlessly() {
    #expect(Decoders.at([1, 2], 1) == 2)
    #expect(Decoders.at([1], 3) == .null)
    #expect(Decoders.string(.date("2026-01-01")) == "2026-01-01")
    #expect(Decoders.string(.url("https://a.b")) == "https://a.b")
    #expect(Decoders.int(7) == 7)
    #expect(Decoders.int(.null) == 0)
    #expect(Decoders.double(2) == 2.0)
    #expect(Decoders.bool(true))
    #expect(Decoders.url(.url("https://a.b/c")) == URL(string: "https://a.b/c"))
    #expect(Decoders.named("dark", as: Mode.self) == .dark)
    #expect(Decoders.named("sepia", as: Mode.self) == .light)
    #expect(Decoders.list([1, 2]) { Decoders.int($0) } == [1, 2])
    #expect(Decoders.optional(.null) { Decoders.int($0) } == nil)
    #expect(Decoders.optional(3) { Decoders.int($0) } == 3)
  }
}

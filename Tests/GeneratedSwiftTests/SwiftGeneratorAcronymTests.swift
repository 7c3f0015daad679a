import FlowGraphTestSupport
import Foundation
import Testing

/// How the generated API reads in app code: a member's leading acronym
/// lowercased as a whole (the Swift API Design Guidelines), and the runner's
/// typed throws (a `catch` gets a `RuntimeError`, as with `FlowRunner`).
@Suite("Generated Swift: acronyms and typed throws")
struct SwiftGeneratorAcronymTests {
  static let flows = """
    flowgraph: 1
    types:
      Currency: { enum: [EUR, USD, HTTP2, URLPicker, a] }
    flows:
      main:
        start: FAQ
        screens:
          FAQ:
            params: { c: Currency? }
            actions:
              URLButtonPressed: { push: URLPicker }
          URLPicker:
            actions:
              backButtonPressed: pop

    """

  @Test func aLeadingAcronymIsLowercasedAsAWholeAndItsRawValueKept() throws {
    let swift = try SwiftGeneratorClashTests.generate(Self.flows, namespace: "Bank")
    for line in [
      #"case eur = "EUR""#, #"case usd = "USD""#, #"case http2 = "HTTP2""#,
      #"case urlPicker = "URLPicker""#, "case a\n", "case faq(c: Currency?)",
      "case urlButtonPressed",
    ] {
      #expect(swift.contains(line), "\(line)")
    }
    #expect(!swift.contains("eUR"))
  }

  @Test func appCodeReadsTheNamesAndCatchesARuntimeErrorWithNoCast() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(
      try SwiftGeneratorClashTests.generate(Self.flows, namespace: "Bank"), to: "Bank.swift")
    try folder.write(
      """
      import FlowGraphCore

      func useBank(_ runner: Bank.Runner) async -> String {
        let currency: Bank.Currency = .eur
        let screen: Bank.Screen = .faq(c: .urlPicker)
        do { try await runner.start() } catch { return error.message }
        do { try await runner.send(.urlButtonPressed) } catch { return error.message }
        do { try runner.sendSynchronously(.backButtonPressed) } catch { _ = error.code }
        return "\\(currency)\\(screen)\\(Bank.Currency.http2.rawValue)"
      }

      """, to: "App.swift")
    let result = try SwiftCompiler.typecheck([
      folder.url.appendingPathComponent("Bank.swift"),
      folder.url.appendingPathComponent("App.swift"),
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }
}

import FlowGraphCore
import FlowGraphSwiftGen
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation
import Testing

/// A 1,000-screen flow: generation stays fast, and its output type-checks (no
/// `switch` so large that Swift's exhaustiveness check gives up).
@Suite("Generated Swift: a 1,000-screen flow")
struct LargeGraphTests {
  /// 1,000 screens in a chain, each pushing the next with an `int` param, 50
  /// tasks with payloads, `popToRoot` from every screen: 2,000 actions.
  static let flow: String = {
    var lines = ["flowgraph: 1", "tasks:"]
    for task in 0..<50 {
      lines.append("  check\(task):")
      lines.append("    input: { id: int }")
      lines.append("    outcomes: { ok: { token: string }, failed: {} }")
    }
    lines += ["flows:", "  main:", "    start: s0", "    screens:"]
    for index in 0..<1000 {
      lines.append("      s\(index):")
      lines.append("        title: Screen \(index)")
      if index > 0 { lines.append("        params: { id: int }") }
      lines.append("        actions:")
      if index < 999 {
        lines.append("          next\(index)Pressed: { params: { id: int }, push: s\(index + 1) }")
      }
      if index > 0 && index <= 50 {
        lines.append(
          "          check\(index - 1)Pressed: { run: check\(index - 1), outcomes: { ok: stay, failed: stay } }"
        )
      }
      if index > 0 { lines.append("          close\(index)Pressed: popToRoot") }
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static func generate() throws -> (code: String, duration: Duration) {
    let loaded = FlowGraphLoader().load(text: flow, file: "big.yaml")
    let graph = try #require(loaded.graph)
    #expect(graph.screens.count == 1000)
    let input = SwiftGenerator.Input(graph: graph, namespace: "Big", source: "big.yaml")
    var code = ""
    let duration = try ContinuousClock().measure {
      code = try SwiftGenerator().generate([input])
    }
    return (code, duration)
  }

  @Test func generationTakesMilliseconds() throws {
    // The budget is 100 ms in a release build; a debug build on a busy machine
    // gets ten times that.
    let best = try (0..<3).map { _ in try Self.generate().duration }.min()!
    #expect(best < .milliseconds(1000), "generation took \(best)")
  }

  @Test func theOutputTypeChecks() throws {
    let folder = try ScratchFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Big.swift")
    try Self.generate().code.write(to: file, atomically: true, encoding: .utf8)
    let result = try SwiftCompiler.typecheck([file])
    #expect(result.status == 0, "\(result.output.prefix(2000))")
    #expect(!result.output.contains("warning:"), "\(result.output.prefix(2000))")
  }
}

import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// The analysis on a generated 100,000-screen graph: 1,000 flows of 100
/// screens, each a chain of pushes with `pop: S`, `popToRoot`, a `present`,
/// a task whose outcome replaces, a child start (alternating push and
/// present) and a `finish`; the last screen of every flow is unreachable.
///
/// Not run by default (it takes seconds in debug builds). Run it in release
/// mode to measure, as docs/analysis.md §8 reports (`-enable-testing`
/// because another test target uses `@testable import`):
/// `FLOWGRAPH_ANALYSIS_BENCHMARK=1 swift test -c release -Xswiftc -enable-testing --filter AnalysisBenchmark`.
@Suite("Analysis benchmark")
struct AnalysisBenchmarkTests {
  static let enabled = ProcessInfo.processInfo.environment["FLOWGRAPH_ANALYSIS_BENCHMARK"] != nil

  /// A flow file of `flows` × `screens` screens.
  static func generate(flows: Int, screens: Int) -> String {
    var text =
      "flowgraph: 1\nentry: f0\ntasks:\n  check:\n    outcomes: { ok: {}, failed: {} }\nflows:\n"
    for flow in 0..<flows {
      text += "  f\(flow):\n    results: { done: {} }\n    start: s0\n    screens:\n"
      for screen in 0..<screens {
        text += "      s\(screen):\n"
        guard screen < screens - 1 else {
          text += "        actions: { closeButtonPressed: pop }\n"  // never shown
          continue
        }
        text += "        actions:\n"
        if screen == screens - 2 {
          text += "          doneButtonPressed: { finish: done }\n"
          continue
        }
        text += "          nextButtonPressed: { push: s\(screen + 1) }\n"
        switch screen % 10 {
        case 3:
          text +=
            "          checkButtonPressed: { run: check, outcomes: { ok: stay, failed: { replace: s\(screen) } } }\n"
        case 5: text += "          backButtonPressed: { pop: s\(screen - 3) }\n"
        case 7: text += "          homeButtonPressed: popToRoot\n"
        case 8: text += "          sheetButtonPressed: { present: s\(screen + 1) }\n"
        default: break
        }
        if screen % 20 == 10 && flow + 1 < flows {
          let mode = screen % 40 == 10 ? "push" : "present"
          text +=
            "          childButtonPressed: { start: f\(flow + 1), mode: \(mode), on: { done: stay } }\n"
        }
      }
    }
    return text
  }

  @Test("a 100,000-screen graph: parse, compile and analyse", .enabled(if: enabled))
  func hundredThousandScreens() throws {
    let text = Self.generate(flows: 1_000, screens: 100)
    let limits = YAMLLimits(maxFileSize: 1 << 30)
    let bytes = Array(text.utf8)
    let parse = Self.measure { _ = YAMLParser(limits: limits).parse(bytes, file: "generated.yaml") }
    let loader = FlowGraphLoader(limits: limits)
    var loaded: LoadedFlows?
    let load = Self.measure { loaded = loader.load(text: text, file: "generated.yaml") }
    let graph = try #require(loaded?.graph)
    #expect(loaded?.diagnostics.isEmpty == true)
    var findings: [Diagnostic] = []
    let validate = Self.measure { findings = Validator().validate(graph) }
    #expect(graph.screens.count == 100_000)
    #expect(findings.count == 1_000)
    #expect(findings.allSatisfy { $0.rule == .unreachableScreen })
    print(
      "analysis benchmark: \(text.utf8.count) bytes, \(graph.screens.count) screens; YAML parse \(parse.cpu) s CPU (\(parse.wall) s wall), load (parse + compile) \(load.cpu) s CPU (\(load.wall) s wall), validate \(validate.cpu) s CPU (\(validate.wall) s wall)"
    )
  }

  /// The CPU time of this thread and the wall time `body` takes, in seconds:
  /// the least of three runs (CPU time stays meaningful on a busy machine,
  /// and the least run is the one least disturbed).
  static func measure(_ body: () -> Void) -> (cpu: Double, wall: Double) {
    let runs = (0..<3).map { _ in measureOnce(body) }
    return (runs.map(\.cpu).min()!, runs.map(\.wall).min()!)
  }

  static func measureOnce(_ body: () -> Void) -> (cpu: Double, wall: Double) {
    func cpu() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let clock = ContinuousClock()
    let start = (cpu(), clock.now)
    body()
    let wall = clock.now - start.1
    let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    return (cpu() - start.0, seconds)
  }
}

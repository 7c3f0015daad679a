import Benchmark
import FlowBenchConfig
import FlowBenchKit
import Yams

/// Benchmark 3, peer: the same files through `Yams.compose` (read as a
/// `String`, composed into Yams' node tree), the Swift ecosystem's standard.
let benchmarks: @Sendable () -> Void = {
  for (screens, iterations) in [(10_000, 21), (100_000, 5)] {
    let path: String
    do {
      path = try BenchFiles.fromEnvironment.ensureFlowFile(screens: screens)
    } catch {
      fatalError("cannot write the flow file with \(screens) screens: \(error)")
    }
    let configuration = SuiteConfiguration.make(iterations: iterations, seconds: 300)
    Benchmark("Yams.compose \(screens / 1000)k", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        let text = String(decoding: FileBytes.contents(of: path), as: UTF8.self)
        let node: Node?
        do {
          node = try Yams.compose(yaml: text)
        } catch {
          fatalError("Yams cannot compose \(path): \(error)")
        }
        guard node != nil else { fatalError("Yams found no document in \(path)") }
        blackHole(node)
      }
    }
  }
}

import Benchmark
import FlowBenchConfig
import FlowBenchKit

/// One graph size of the suite and how long to measure at it.
struct SuiteSize: Sendable {
  /// Screens in the generated file.
  let screens: Int
  /// Measured iterations at most (the slow sizes need fewer for a stable median).
  let iterations: Int

  /// The label in benchmark names: `10k`, `100k`.
  var label: String { screens >= 1000 ? "\(screens / 1000)k" : "\(screens)" }

  /// The sizes of the load, limit, peer and validation benchmarks.
  static let loadSizes = [
    SuiteSize(screens: 10_000, iterations: 21), SuiteSize(screens: 100_000, iterations: 7),
  ]

  /// The generated flow file, written first if missing.
  var flowFile: String {
    do {
      return try BenchFiles.fromEnvironment.ensureFlowFile(screens: screens)
    } catch {
      fatalError("cannot write the flow file with \(screens) screens: \(error)")
    }
  }

  /// The configuration of a benchmark that processes a whole file per iteration.
  var configuration: Benchmark.Configuration {
    SuiteConfiguration.make(iterations: iterations, seconds: 300)
  }

  /// The configuration of the validation benchmark (faster than a load: more iterations).
  var validationConfiguration: Benchmark.Configuration {
    SuiteConfiguration.make(iterations: iterations * 3, seconds: 120)
  }
}

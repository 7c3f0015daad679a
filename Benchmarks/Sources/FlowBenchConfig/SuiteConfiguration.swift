import Benchmark

/// The configuration every benchmark of the suite uses: wall clock, CPU time,
/// mallocs and peak resident memory, recorded in exact units (microseconds,
/// counts, bytes) so that the samples exported by `--format histogramSamples`
/// keep their precision for Benchmarks/Tools/render-report.py.
public enum SuiteConfiguration {
  /// The metrics recorded.
  public static let metrics: [BenchmarkMetric] = [
    .wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident,
  ]

  /// A configuration of at most `iterations` measured iterations (after
  /// `warmup` unmeasured ones) within `seconds`.
  public static func make(iterations: Int, seconds: Int, warmup: Int = 1) -> Benchmark.Configuration
  {
    .init(
      metrics: metrics,
      timeUnits: .microseconds,
      units: [.mallocCountTotal: .count, .peakMemoryResident: .count],
      warmupIterations: warmup,
      maxDuration: .seconds(seconds),
      maxIterations: iterations)
  }
}

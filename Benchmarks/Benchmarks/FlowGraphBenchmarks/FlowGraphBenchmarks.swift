import Benchmark

/// The flowgraph side of the suite (issue 6): load, limit, validation and
/// runtime. The peer (`Yams.compose`) is in `YamsBenchmarks`.
let benchmarks: @Sendable () -> Void = {
  for size in SuiteSize.loadSizes {
    registerLoad(size)
    registerLimit(size)
  }
}

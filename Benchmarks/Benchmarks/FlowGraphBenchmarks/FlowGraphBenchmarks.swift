import Benchmark
import FlowBenchFixtures
import FlowBenchKit

/// The flowgraph side of the suite (issue 6): load, limit, validation and
/// runtime; the compiled load and the deep-link routes (issue 19). The peer
/// (`Yams.compose`) is in `YamsBenchmarks`.
let benchmarks: @Sendable () -> Void = {
  for size in SuiteSize.loadSizes {
    registerLoad(size)
    registerLimit(size)
    registerValidation(size)
    registerDeepLinkRoutes(size)
  }
  for screens in [1_000, 5_000] {
    registerCompiledLoad(screens: screens)
  }
  for screens in [1_000, 100_000] {
    for scope in EventWalk.Scope.allCases {
      for naming in RuntimeFixture.Naming.allCases {
        registerRuntime(screens: screens, scope: scope, naming: naming, events: 100_000)
      }
    }
  }
}

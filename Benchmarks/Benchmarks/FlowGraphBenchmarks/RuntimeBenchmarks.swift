import Benchmark
import FlowBenchConfig
import FlowBenchFixtures
import FlowBenchKit

/// Benchmark 5, runtime: a walk of events through a ``FlowRunner`` with a
/// navigator and hooks attached; one iteration replays the whole walk.
/// Divide time by the walk's event count (in the name) for the cost of one
/// transition; `flowbench-allocs` counts the walk's mallocs exactly.
func registerRuntime(
  screens: Int, scope: EventWalk.Scope, naming: RuntimeFixture.Naming, events: Int
) {
  let label = screens >= 1000 ? "\(screens / 1000)k" : "\(screens)"
  let configuration = SuiteConfiguration.make(iterations: 41, seconds: 20, warmup: 2)
  let variant = naming == .ids ? "\(scope.rawValue) ids" : scope.rawValue
  Benchmark(
    "Runtime \(variant) \(label) x\(events)", configuration: configuration,
    closure: { benchmark, fixture in
      for _ in benchmark.scaledIterations { fixture.replay() }
    },
    setup: {
      try await RuntimeFixture.make(screens: screens, scope: scope, count: events, naming: naming)
    })
}

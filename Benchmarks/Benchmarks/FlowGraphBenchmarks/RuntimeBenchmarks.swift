import Benchmark
import FlowBenchConfig
import FlowBenchFixtures
import FlowBenchKit

/// Benchmark 5, runtime: a walk of events through a ``FlowRunner`` with a
/// navigator and hooks attached; one iteration replays the whole walk.
/// Divide time and mallocs by the walk's event count (in the name) for the
/// cost of one transition.
func registerRuntime(screens: Int, scope: EventWalk.Scope, events: Int) {
  let label = screens >= 1000 ? "\(screens / 1000)k" : "\(screens)"
  let configuration = SuiteConfiguration.make(iterations: 41, seconds: 20, warmup: 2)
  Benchmark(
    "Runtime \(scope.rawValue) \(label) x\(events)", configuration: configuration,
    closure: { benchmark, fixture in
      for _ in benchmark.scaledIterations { fixture.replay() }
    },
    setup: { try await RuntimeFixture.make(screens: screens, scope: scope, count: events) })
}

/// An iteration that does nothing, with the runtime benchmarks'
/// configuration: the mallocs the framework itself counts per iteration (its
/// sampling thread), to subtract from the runtime benchmarks'.
func registerBaseline() {
  Benchmark(
    "Baseline noop", configuration: SuiteConfiguration.make(iterations: 41, seconds: 20, warmup: 2)
  ) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(0) }
  }
}

import Benchmark
import FlowBenchKit

/// Benchmark 5, runtime: a walk of events through a ``FlowRunner`` with a
/// navigator and hooks attached; one iteration replays the whole walk.
/// Divide time and mallocs by the walk's event count (in the name) for the
/// cost of one transition.
func registerRuntime(screens: Int, scope: EventWalk.Scope, events: Int) {
  let label = screens >= 1000 ? "\(screens / 1000)k" : "\(screens)"
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, .throughput],
    timeUnits: .microseconds,
    warmupIterations: 2,
    maxDuration: .seconds(20),
    maxIterations: 41)
  Benchmark(
    "Runtime \(scope.rawValue) \(label) x\(events)", configuration: configuration,
    closure: { benchmark, fixture in
      for _ in benchmark.scaledIterations { fixture.replay() }
    },
    setup: { try await RuntimeFixture.make(screens: screens, scope: scope, count: events) })
}

import FlowBenchFixtures
import FlowBenchKit
import MallocInterposerSwift

// flowbench-allocs [SCREENS…]: the exact number of mallocs during a replay
// of each runtime walk (after one replay to warm up), counted by the malloc
// interposer around the replay alone — no benchmark framework and no other
// thread allocating. One line per walk:
//   allocs screens=N scope=S naming=names|ids events=E mallocs=M frees=F

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for screens in arguments.isEmpty ? [1_000, 100_000] : arguments {
  for scope in EventWalk.Scope.allCases {
    for naming in RuntimeFixture.Naming.allCases {
      let fixture = try await RuntimeFixture.make(
        screens: screens, scope: scope, count: 100_000, naming: naming)
      fixture.replay()
      MallocInterposerSwift.initialize()
      MallocInterposerSwift.hook()
      fixture.replay()
      MallocInterposerSwift.unhook()
      let statistics = MallocInterposerSwift.getStatistics()
      print(
        "allocs screens=\(screens) scope=\(scope.rawValue) naming=\(naming.rawValue) "
          + "events=\(fixture.events.count) mallocs=\(statistics.mallocCount) "
          + "frees=\(statistics.freeCount)")
    }
  }
}

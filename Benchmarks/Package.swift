// swift-tools-version:6.1
import PackageDescription

// The benchmark suite of flowgraph (issue 6), a package of its own so that the
// main build and CI stay fast. Run it with `Scripts/benchmarks.sh` from the
// repository root; see BENCHMARKS.md.
let package = Package(
  name: "FlowGraphBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "flowgraph", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
  ],
  targets: [
    // The deterministic generator of flow files, event walks and `transitions` models.
    .target(name: "FlowBenchKit"),
    .executableTarget(name: "flowbench-gen", dependencies: ["FlowBenchKit"]),
    // The launch path (issue 19): sizes and in-process decode times of the
    // compiled launch format against the JSON.
    .executableTarget(
      name: "flowbench-load",
      dependencies: [
        "FlowBenchKit",
        .product(name: "FlowGraphCore", package: "flowgraph"),
        .product(name: "FlowGraphYAML", package: "flowgraph"),
      ]
    ),
    // The configuration every benchmark uses.
    .target(
      name: "FlowBenchConfig",
      dependencies: [.product(name: "Benchmark", package: "benchmark")]
    ),
    // A started runner with a navigator and hooks, and a walk to replay.
    .target(
      name: "FlowBenchFixtures",
      dependencies: [
        "FlowBenchKit",
        .product(name: "FlowGraphCore", package: "flowgraph"),
        .product(name: "FlowGraphYAML", package: "flowgraph"),
      ]
    ),
    // One phase once, in a process of its own: for callgrind and peak RSS.
    .executableTarget(
      name: "flowbench-probe",
      dependencies: [
        "FlowBenchKit",
        "FlowBenchFixtures",
        "CLibYAMLScan",
        .product(name: "FlowGraphCore", package: "flowgraph"),
        .product(name: "FlowGraphYAML", package: "flowgraph"),
      ]
    ),
    // The exact mallocs of a runtime replay, counted by the interposer.
    .executableTarget(
      name: "flowbench-allocs",
      dependencies: [
        "FlowBenchKit",
        "FlowBenchFixtures",
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ]
    ),
    // libyaml's bare event scan, in C over the system library: the limit.
    .target(name: "CLibYAMLScan", linkerSettings: [.linkedLibrary("yaml")]),
    // Load, limit, validation and runtime: flowgraph and the system libyaml.
    .executableTarget(
      name: "FlowGraphBenchmarks",
      dependencies: [
        "FlowBenchKit",
        "FlowBenchConfig",
        "FlowBenchFixtures",
        "CLibYAMLScan",
        .product(name: "FlowGraphCore", package: "flowgraph"),
        .product(name: "FlowGraphYAML", package: "flowgraph"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/FlowGraphBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The peer's phase once, in a process of its own, to alternate with
    // flowbench-probe (Yams' libyaml kept apart from the system one, as below).
    .executableTarget(
      name: "flowbench-yams",
      dependencies: ["FlowBenchKit", .product(name: "Yams", package: "Yams")]
    ),
    // The peer: Yams.compose. Its own executable, because Yams carries its own
    // copy of libyaml, whose symbols must not replace the system library's.
    .executableTarget(
      name: "YamsBenchmarks",
      dependencies: [
        "FlowBenchKit",
        "FlowBenchConfig",
        .product(name: "Yams", package: "Yams"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/YamsBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
